import type { PasswordSettingMode, ScaOperation, UserType } from '@loyalty/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { credentialPolicy, passwordSettings, scaRules, securityPolicy } from '../../db/schema/index.ts';

/**
 * The security settings the sign-in code obeys, read from the database when they are needed
 * (one indexed single-row read each, no cache): a change on the security screens applies to the
 * next sign-in, refresh or request on every instance at once. Staff sign in as EMPLOYEE.
 */
export async function securityPolicyOf(db: Executor) {
  const [row] = await db.select().from(securityPolicy).where(eq(securityPolicy.id, 1));
  if (!row) throw new Error('security_policy has no row: migrations not applied');
  return row;
}

export async function credentialPolicyOf(db: Executor) {
  const [row] = await db.select().from(credentialPolicy).where(eq(credentialPolicy.id, 1));
  if (!row) throw new Error('credential_policy has no row: migrations not applied');
  return row;
}

/** The active LOCK or EXPIRY setting of a user type, if any. */
export async function passwordSettingOf(
  db: Executor,
  mode: PasswordSettingMode,
  userType: UserType = 'EMPLOYEE',
) {
  const [row] = await db
    .select()
    .from(passwordSettings)
    .where(
      and(
        eq(passwordSettings.userType, userType),
        eq(passwordSettings.mode, mode),
        eq(passwordSettings.status, 'ACTIVE'),
      ),
    );
  return row;
}

/** Does an active SCA rule ask for a second factor for this operation? */
export async function scaRequired(db: Executor, operation: ScaOperation, userType: UserType = 'EMPLOYEE') {
  const [row] = await db
    .select({ id: scaRules.id })
    .from(scaRules)
    .where(
      and(eq(scaRules.operation, operation), eq(scaRules.userType, userType), eq(scaRules.status, 'ACTIVE')),
    );
  return row !== undefined;
}

/** When a password set at `changedAt` expires under the active EXPIRY setting (undefined: never). */
export function passwordExpiry(
  changedAt: Date,
  setting: { expiryDays: number | null; warnDays: number | null } | undefined,
  now = Date.now(),
) {
  if (!setting?.expiryDays) return undefined;
  const expiresAt = new Date(changedAt.getTime() + setting.expiryDays * 86_400_000);
  const warnFrom = expiresAt.getTime() - (setting.warnDays ?? 0) * 86_400_000;
  return { expiresAt, expired: expiresAt.getTime() <= now, warn: warnFrom <= now };
}
