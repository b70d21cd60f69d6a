import type { ScaOperation } from '@loyalty/contracts';
import { eq } from 'drizzle-orm';
import { scaRules, users } from '../db/schema/index.ts';
import { totpCode } from '../platform/auth/totp.ts';
import type { TestApp } from './app.ts';

type As = { authorization: string };

/** A fixed TOTP secret for tests (base32). */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Switches the employees' SCA rule for `operation` on or off. */
export const requireSca = (t: TestApp, operation: ScaOperation, status: 'ACTIVE' | 'DISABLED') =>
  t.app.db.update(scaRules).set({ status }).where(eq(scaRules.operation, operation));

/** Gives the signed-in user a second factor directly (no enrolment screens); answers the secret. */
export async function giveSecondFactor(t: TestApp, as: As, secret = TEST_TOTP_SECRET) {
  const me = await t.inject({ method: 'GET', url: '/api/admin/auth/me', as });
  await t.app.db
    .update(users)
    .set({ totpSecret: secret, totpEnrolledAt: new Date(), totpLastStep: null })
    .where(eq(users.id, me.json().id));
  return secret;
}

/**
 * Steps the session up (POST /auth/step-up) with the current code. A code is usable once, so the
 * user's last used step is forgotten first: a test may step up several times within 30 seconds.
 */
export async function stepUp(t: TestApp, as: As, secret = TEST_TOTP_SECRET) {
  const me = await t.inject({ method: 'GET', url: '/api/admin/auth/me', as });
  // Forget the last used step, so the current code is accepted again for this test user.
  await t.app.db.update(users).set({ totpLastStep: null }).where(eq(users.id, me.json().id));
  return t.inject({
    method: 'POST',
    url: '/api/admin/auth/step-up',
    payload: { code: totpCode(secret) },
    as,
  });
}
