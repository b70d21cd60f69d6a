import {
  lockedPermissionCodes,
  type StaffPermission,
  type StaffPermissionListQuery,
  staffPermissionCommands,
  type staffPermissionResource,
} from '@loyalty/contracts';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { permissions, rolePermissions } from '../../db/schema/index.ts';
import { defineSecuredHandler } from '../../platform/auth/step-up.ts';
import { missingTranslation } from '../../platform/bilingual.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { assertHolds } from './privileges.ts';

type PermissionRow = typeof permissions.$inferSelect;

const listSpec: ResourceListSpec<typeof permissions, typeof staffPermissionResource> = {
  table: permissions,
  sortable: { code: permissions.code, area: permissions.area, name: permissions.name },
  defaultSort: { field: 'code', direction: 'asc' },
  tieBreaker: permissions.code,
  search: [permissions.code, permissions.name, permissions.nameAr, permissions.description],
  filters: {
    status: (v: PermissionRow['status']) => eq(permissions.status, v),
    area: (v: string) => eq(permissions.area, v),
    kind: (v: PermissionRow['kind']) => eq(permissions.kind, v),
    missingTranslation: missingTranslation(
      [permissions.name, permissions.nameAr],
      [permissions.description, permissions.descriptionAr],
    ),
  },
};

/** How many roles grant each permission of a page, in one query. */
async function withRoleCounts(db: Executor, rows: PermissionRow[]): Promise<StaffPermission[]> {
  const codes = rows.map((r) => r.code);
  const counts = codes.length
    ? await db
        .select({ code: rolePermissions.permissionCode, n: count() })
        .from(rolePermissions)
        .where(inArray(rolePermissions.permissionCode, codes))
        .groupBy(rolePermissions.permissionCode)
    : [];
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    area: r.area,
    kind: r.kind,
    name: r.name,
    nameAr: r.nameAr,
    description: r.description,
    descriptionAr: r.descriptionAr,
    status: r.status,
    roleCount: counts.find((c) => c.code === r.code)?.n ?? 0,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function listPermissions(db: Executor, query: StaffPermissionListQuery) {
  const page = await listPage(db, listSpec, query, (row) => row);
  return { ...page, items: await withRoleCounts(db, page.items) };
}

export async function getPermission(db: Executor, id: number): Promise<StaffPermission> {
  const [row] = await db.select().from(permissions).where(eq(permissions.id, id));
  if (!row) throw notFound('Permission');
  return (await withRoleCounts(db, [row]))[0] as StaffPermission;
}

export const permissionHandlers = [
  defineSecuredHandler(staffPermissionCommands.update, async ({ tx, actor }, { id, ...input }) => {
    const before = await getPermission(tx, id);
    // Switching a permission on or off is managing it: only a holder may (no escalation by
    // disabling a code, granting it while disabled, and enabling it again).
    if (input.status !== before.status) await assertHolds(tx, actor, [before.code]);
    if (input.status === 'DISABLED' && (lockedPermissionCodes as readonly string[]).includes(before.code)) {
      throw new AppError(
        'SYSTEM_RECORD',
        `${before.code} keeps the catalogue manageable and cannot be disabled`,
      );
    }
    await tx
      .update(permissions)
      .set({
        name: input.name,
        nameAr: input.nameAr ?? '',
        description: input.description ?? '',
        descriptionAr: input.descriptionAr ?? '',
        status: input.status,
        updatedAt: sql`now()`,
      })
      .where(eq(permissions.id, id));
    const after = await getPermission(tx, id);
    return { result: after, targetType: 'permission', targetId: before.code, before, after };
  }),
];
