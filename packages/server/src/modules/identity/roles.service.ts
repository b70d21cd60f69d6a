import {
  type Role,
  type RoleInput,
  type RoleListQuery,
  roleCommands,
  type roleResource,
  SUPER_ADMIN_ROLE,
} from '@loyalty/contracts';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { readAll } from '../../db/client.ts';
import { permissions, rolePermissions, roles, users } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/access.ts';
import { defineSecuredHandler } from '../../platform/auth/step-up.ts';
import { missingTranslation } from '../../platform/bilingual.ts';
import { AppError } from '../../platform/errors.ts';
import { listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { assertCanManageRole, assertHolds } from './privileges.ts';

type RoleRow = typeof roles.$inferSelect;

const listSpec: ResourceListSpec<typeof roles, typeof roleResource> = {
  table: roles,
  sortable: { code: roles.code, name: roles.name, createdAt: roles.createdAt },
  defaultSort: { field: 'name', direction: 'asc' },
  tieBreaker: roles.id,
  search: [roles.code, roles.name, roles.nameAr, roles.description],
  filters: {
    status: (v: RoleRow['status']) => eq(roles.status, v),
    missingTranslation: missingTranslation(
      [roles.name, roles.nameAr],
      [roles.description, roles.descriptionAr],
    ),
  },
};

/** Permission codes and user counts of a page of roles: two queries, whatever the page size. */
async function withDetails(db: Executor, rows: RoleRow[]): Promise<Role[]> {
  const ids = rows.map((r) => r.id);
  const [granted, holders] = ids.length
    ? await readAll(db, [
        () =>
          db
            .select({ roleId: rolePermissions.roleId, code: rolePermissions.permissionCode })
            .from(rolePermissions)
            .where(inArray(rolePermissions.roleId, ids))
            .orderBy(rolePermissions.permissionCode),
        () =>
          db
            .select({ roleId: users.roleId, n: count() })
            .from(users)
            .where(inArray(users.roleId, ids))
            .groupBy(users.roleId),
      ])
    : [[], []];
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    nameAr: r.nameAr,
    description: r.description,
    descriptionAr: r.descriptionAr,
    status: r.status,
    permissions: granted.filter((g) => g.roleId === r.id).map((g) => g.code),
    userCount: holders.find((h) => h.roleId === r.id)?.n ?? 0,
    system: r.code === SUPER_ADMIN_ROLE,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function listRoles(db: Executor, query: RoleListQuery) {
  const page = await listPage(db, listSpec, query, (row) => row);
  return { ...page, items: await withDetails(db, page.items) };
}

async function getRoleRow(db: Executor, id: number, forUpdate = false) {
  return findOrFail(db, roles, roles.id, id, 'Role', forUpdate);
}

export async function getRole(db: Executor, id: number): Promise<Role> {
  return (await withDetails(db, [await getRoleRow(db, id)]))[0] as Role;
}

/**
 * The permission set must come from the catalogue, the actor must hold every code of it, and a
 * DISABLED permission cannot be newly granted (one the role already had may stay).
 */
async function checkPermissionSet(db: Executor, actor: Actor, codes: string[], current: string[] = []) {
  const unique = [...new Set(codes)];
  const known = unique.length
    ? await db
        .select({ code: permissions.code, status: permissions.status })
        .from(permissions)
        .where(inArray(permissions.code, unique))
    : [];
  const unknown = unique.filter((c) => !known.some((k) => k.code === c));
  if (unknown.length) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Unknown permissions: ${unknown.join(', ')}`,
      unknown.map(() => ({ path: 'permissions', message: 'unknownPermission' })),
    );
  }
  await assertHolds(db, actor, unique);
  const disabled = known
    .filter((k) => k.status === 'DISABLED' && !current.includes(k.code))
    .map((k) => k.code);
  if (disabled.length) {
    throw new AppError(
      'PRIVILEGE_ESCALATION',
      `Disabled permissions cannot be granted: ${disabled.slice(0, 5).join(', ')}${disabled.length > 5 ? ` and ${disabled.length - 5} more` : ''}`,
    );
  }
  return unique;
}

async function grant(db: Executor, roleId: number, codes: string[]) {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (codes.length)
    await db.insert(rolePermissions).values(codes.map((permissionCode) => ({ roleId, permissionCode })));
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((c) => b.includes(c));

const fieldsOf = (input: RoleInput) => ({
  code: input.code,
  name: input.name,
  nameAr: input.nameAr ?? '',
  description: input.description ?? '',
  descriptionAr: input.descriptionAr ?? '',
  status: input.status,
});

function refuseSystem(row: RoleRow) {
  if (row.code === SUPER_ADMIN_ROLE) {
    throw new AppError('SYSTEM_RECORD', 'The SUPER_ADMIN role always holds every permission');
  }
}

export const roleHandlers = [
  defineSecuredHandler(roleCommands.create, async ({ tx, actor }, input) => {
    const codes = await checkPermissionSet(tx, actor, input.permissions);
    const [row] = (await tx.insert(roles).values(fieldsOf(input)).returning()) as [RoleRow];
    await grant(tx, row.id, codes);
    const role = await getRole(tx, row.id);
    return { result: role, targetType: 'role', targetId: row.id, after: role };
  }),

  defineSecuredHandler(roleCommands.update, async ({ tx, actor }, { id, ...input }) => {
    const row = await getRoleRow(tx, id, true);
    refuseSystem(row);
    if (row.code === actor.role && input.status !== row.status) throw new AppError('OWN_ACCOUNT');
    await assertCanManageRole(tx, actor, id);
    const before = await getRole(tx, id);
    const codes = await checkPermissionSet(tx, actor, input.permissions, before.permissions);
    if (row.code === actor.role && !sameSet(codes, before.permissions)) {
      throw new AppError('OWN_ACCOUNT', 'You cannot change the permissions of your own role');
    }
    await tx
      .update(roles)
      .set({ ...fieldsOf(input), updatedAt: sql`now()` })
      .where(eq(roles.id, id));
    await grant(tx, id, codes);
    const after = await getRole(tx, id);
    return { result: after, targetType: 'role', targetId: id, before, after };
  }),

  defineSecuredHandler(roleCommands.delete, async ({ tx, actor }, { id }) => {
    const row = await getRoleRow(tx, id, true);
    refuseSystem(row);
    await assertCanManageRole(tx, actor, id);
    const before = await getRole(tx, id);
    if (before.userCount > 0) {
      throw new AppError(
        'CONFLICT',
        `${before.userCount} user(s) hold this role; move them to another role first`,
      );
    }
    await tx.delete(roles).where(eq(roles.id, id));
    return { result: undefined, targetType: 'role', targetId: id, before };
  }),
];
