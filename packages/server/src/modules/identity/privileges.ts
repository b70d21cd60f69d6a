import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rolePermissions, roles } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';

/** The codes the actor's role grants, whatever their status (a DISABLED code stays granted). */
async function grantedCodes(db: Executor, actor: Actor) {
  const rows = await db
    .select({ code: rolePermissions.permissionCode })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(eq(roles.code, actor.role));
  return new Set(rows.map((r) => r.code));
}

/**
 * No one hands out more than they hold: an administrator may grant, assign or manage only
 * permissions their own role grants. Every code is compared, whatever its status: skipping
 * DISABLED codes let an administrator disable a permission, grant it, and enable it again.
 * Comparing with the role's grants (not the enabled permissions of the request's caller) keeps a
 * role with a disabled permission manageable by whoever was given that permission.
 */
export async function assertHolds(db: Executor, actor: Actor, codes: string[]) {
  if (codes.length === 0) return;
  const held = await grantedCodes(db, actor);
  const missing = [...new Set(codes)].filter((code) => !held.has(code));
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
