import { noticeExpiringPasswords } from '../../platform/auth/account.ts';
import { rotateSigningKeys } from '../../platform/auth/keys.ts';
import type { ServerModule } from '../../platform/module.ts';
import { passwordSettingRoutes } from './passwordSettings.routes.ts';
import { passwordSettingHandlers } from './passwordSettings.service.ts';
import { policyRoutes } from './policies.routes.ts';
import { policyHandlers } from './policies.service.ts';
import { scaRuleRoutes } from './scaRules.routes.ts';
import { scaRuleHandlers } from './scaRules.service.ts';
import { securityTunables } from './tunables.ts';

/** Security settings: credential policy, lockout/expiry, session policy, second-factor rules. */
export const securityModule: ServerModule = {
  name: 'security',
  routes: async (app) => {
    await app.register(policyRoutes);
    await app.register(passwordSettingRoutes);
    await app.register(scaRuleRoutes);
  },
  handlers: [...policyHandlers, ...passwordSettingHandlers, ...scaRuleHandlers],
  tunables: securityTunables,
  jobs: [
    {
      // Staff whose password enters its warning period are told by e-mail, once (state: the last run).
      name: 'auth.password-expiry-notice',
      intervalSeconds: 3_600,
      run: async (db, state) => {
        const now = new Date();
        // A first run looks back a day, so a fresh install does not mail everyone already warned.
        await noticeExpiringPasswords(
          db,
          state ? new Date(state) : new Date(now.getTime() - 86_400_000),
          now,
        );
        return now.toISOString();
      },
    },
    {
      // A new token-signing key every KEY_ROTATION_DAYS; the one before retires a day later.
      name: 'auth.signing-key-rotation',
      intervalSeconds: 86_400,
      run: async (db) => {
        await rotateSigningKeys(db);
        return null;
      },
    },
  ],
};
