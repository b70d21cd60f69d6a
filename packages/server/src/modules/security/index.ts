import {
  passwordSettingCommands,
  passwordSettingFields,
  passwordSettingListQuery,
  passwordSettingPage,
  passwordSettingRead,
  passwordSettingSchema,
  scaRuleCommands,
  scaRuleFields,
  scaRuleListQuery,
  scaRulePage,
  scaRuleRead,
  scaRuleSchema,
} from '@loyalty/contracts';
import { crudRoutes } from '../../platform/crud.routes.ts';
import type { ServerModule } from '../../platform/module.ts';
import {
  getPasswordSetting,
  listPasswordSettings,
  passwordSettingHandlers,
} from './password-settings.service.ts';
import { policyRoutes } from './policies.routes.ts';
import { policyHandlers } from './policies.service.ts';
import { getScaRule, listScaRules, scaRuleHandlers } from './sca-rules.service.ts';

/** Security settings: credential policy, lockout/expiry, session policy, second-factor rules. */
export const securityModule: ServerModule = {
  name: 'security',
  routes: async (app) => {
    await app.register(policyRoutes);
    await app.register(
      crudRoutes({
        path: '/password-settings',
        tag: 'Security: password settings',
        read: passwordSettingRead,
        commands: passwordSettingCommands,
        schemas: {
          query: passwordSettingListQuery,
          create: passwordSettingFields,
          item: passwordSettingSchema,
          page: passwordSettingPage,
        },
        list: listPasswordSettings,
        get: getPasswordSetting,
      }),
    );
    await app.register(
      crudRoutes({
        path: '/sca-rules',
        tag: 'Security: second factor',
        read: scaRuleRead,
        commands: scaRuleCommands,
        schemas: { query: scaRuleListQuery, create: scaRuleFields, item: scaRuleSchema, page: scaRulePage },
        list: listScaRules,
        get: getScaRule,
      }),
    );
  },
  handlers: [...policyHandlers, ...passwordSettingHandlers, ...scaRuleHandlers],
};
