import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { permissions, rolePermissions } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * No one hands out more than they hold: an administrator may grant, assign or manage only
 * permissions they hold themselves. Disabled permissions are refused to everyone, so they
 * are left out of the comparison.
 */
export async function assertHolds(db: Executor, actor: Actor, codes: string[]) {
  if (codes.length === 0) return;
  const active = await db
    .select({ code: permissions.code })
    .from(permissions)
    .where(and(inArray(permissions.code, codes), eq(permissions.status, 'ACTIVE')));
  const missing = active.map((p) => p.code).filter((code) => !actor.permissions.has(code));
  if (missing.length) {
    throw new AppError(
      'PRIVILEGE_ESCALATION',
      `You do not hold ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}`,
    );
  }
}

export async function rolePermissionCodes(db: Executor, roleId: number) {
  const rows = await db
    .select({ code: rolePermissions.permissionCode })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));
  return rows.map((r) => r.code);
}

/** The actor may manage a role, or a user holding it, only if they hold all its permissions. */
export async function assertCanManageRole(db: Executor, actor: Actor, roleId: number) {
  await assertHolds(db, actor, await rolePermissionCodes(db, roleId));
}
