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

/**
 * Commands of other areas that are safeguards too (issue 48): issuing an integration API key (a
 * new way into the customers' points) and setting how long the system logs are kept (the
 * evidence of what happened).
 */
export const SAFEGUARD_SERVICES = ['apiKey.create', 'systemLog.configure'] as const;

/**
 * Tunables (SystemConfigurations items) that are safeguards (issue 48): the sign-in attempts an
 * address may make per minute (the brute-force limit) and the system logs' retention (also set by
 * `systemLog.configure`). Changing or restoring one of them (`configItem.update`,
 * `configItem.restore`, whose input names the item by its id) is held like the rest; the other
 * tunables are not.
 */
export const SAFEGUARD_TUNABLES = ['security.signInAttemptsPerMinute', 'logs.retentionDays'] as const;
const TUNABLE_COMMANDS = ['configItem.update', 'configItem.restore'] as const;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * SQL: command `serviceId` run with `input` (jsonb) changes a safeguard — a command of a safeguard
 * area, a safeguard command, or a change to a safeguard tunable.
 */
export const isSafeguardChange = (serviceId: SQLWrapper | string, input: SQLWrapper) => sql`(exists (
    select 1 from approval_services s join service_types st on st.id = s.service_type_id
    where s.service_id = ${serviceId} and st.code in (${list(SAFEGUARD_AREAS)}))
  or ${serviceId} in (${list(SAFEGUARD_SERVICES)})
  or (${serviceId} in (${list(TUNABLE_COMMANDS)}) and exists (
    select 1 from config_items ci
    where ci.id::text = (${input})->>'id' and ci.key in (${list(SAFEGUARD_TUNABLES)}))))`;

/** A command's input as the jsonb `isSafeguardChange` reads. */
export const inputJson = (input: unknown) => sql`${JSON.stringify(input ?? null)}::jsonb`;

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

export async function isSafeguard(db: Executor, serviceId: string, input: unknown) {
  const [row] = rowsOf<{ yes: boolean }>(
    await db.execute(sql`select ${isSafeguardChange(serviceId, inputJson(input))} as yes`),
  );
  return row?.yes === true;
}
