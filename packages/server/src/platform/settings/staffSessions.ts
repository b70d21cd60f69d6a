import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userConfigurations } from '../../db/schema/index.ts';
import { securityPolicyOf } from '../auth/policies.ts';

/**
 * The settings per user type (UserConfigurations, edited on configuration's screen), or undefined
 * when staff have set none (defaults apply).
 */
export async function userConfigurationOf(
  db: Executor,
  userType: (typeof userConfigurations.$inferSelect)['userType'],
) {
  const [row] = await db.select().from(userConfigurations).where(eq(userConfigurations.userType, userType));
  return row;
}

/**
 * The effective idle limit of staff sessions, in minutes: the staff setting when shorter than the
 * security policy's, else the policy's (the policy is the upper bound). One SQL expression, used
 * where a session is checked (platform/access.ts, platform/auth/sessions.ts).
 */
export const staffIdleMinutes = sql`(select least(p.idle_timeout_minutes, coalesce(u.idle_minutes, p.idle_timeout_minutes))
  from security_policy p left join user_configurations u on u.user_type = 'EMPLOYEE' where p.id = 1)`;

/** The staff settings: idle minutes and session hours within the security policy's, page size, language. */
export async function staffSessionLimits(db: Executor) {
  const [policy, staff] = [await securityPolicyOf(db), await userConfigurationOf(db, 'EMPLOYEE')];
  return {
    idleMinutes: Math.min(policy.idleTimeoutMinutes, staff?.idleMinutes ?? Number.POSITIVE_INFINITY),
    sessionHours: Math.min(policy.sessionLifeHours, staff?.sessionHours ?? Number.POSITIVE_INFINITY),
    pageSize: staff?.pageSize ?? null,
    defaultLanguage: staff?.defaultLanguage ?? 'en',
  };
}
