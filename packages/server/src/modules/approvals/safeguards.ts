import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';

/**
 * The safeguards themselves (issue 18, finding 8): changes to staff, roles and permissions
 * (identity), to the security settings (security) and to maker-checker (approvals) always need a
 * second person once one exists — whatever the switches say — and their maker may never approve
 * them, so one administrator cannot quietly switch lockout, second factors or maker-checker off.
 * The areas are the maker-checker service types, one per server module.
 */
export const SAFEGUARD_AREAS = ['identity', 'security', 'approvals'] as const;

const areas = sql.join(
  SAFEGUARD_AREAS.map((a) => sql`${a}`),
  sql`, `,
);

/** SQL: service `serviceId` belongs to a safeguard area. */
export const isSafeguardService = (serviceId: SQLWrapper | string) => sql`exists (
  select 1 from approval_services s join service_types st on st.id = s.service_type_id
  where s.service_id = ${serviceId} and st.code in (${areas}))`;

/**
 * SQL: someone other than `actorId` could check requests now: an active user in an active role
 * holding the checker permission, who has signed in before (an invitation nobody has used yet is
 * not a second person).
 */
export const secondCheckerExists = (actorId: number) => sql`exists (
  select 1 from users u
  join roles r on r.id = u.role_id and r.status = 'ACTIVE'
  join role_permissions rp on rp.role_id = r.id
  join permissions p on p.code = rp.permission_code and p.status = 'ACTIVE'
  join maker_checker_config mc on mc.id = 1 and mc.checker_permission = rp.permission_code
  where u.id <> ${actorId} and u.status = 'ACTIVE' and u.last_login_at is not null)`;

export async function isSafeguard(db: Executor, serviceId: string) {
  const [row] = rowsOf<{ yes: boolean }>(
    await db.execute(sql`select ${isSafeguardService(serviceId)} as yes`),
  );
  return row?.yes === true;
}
