import {
  type CustomerPermission,
  type CustomerPermissionListQuery,
  customerPermissionCommands,
  type customerPermissionResource,
  customerPermissionTexts,
} from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customerPermissions } from '../../db/schema/index.ts';
import { defineSecuredHandler } from '../../platform/auth/step-up.ts';
import { AppError } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { invalidateFeatures } from '../configuration/index.ts';

type Row = typeof customerPermissions.$inferSelect;
const toCustomerPermission = (row: Row): CustomerPermission => ({
  ...isoDates(row),
  ...customerPermissionTexts(row),
});

const listSpec: ResourceListSpec<typeof customerPermissions, typeof customerPermissionResource> = {
  table: customerPermissions,
  sortable: {
    code: customerPermissions.code,
    name: customerPermissions.name,
    createdAt: customerPermissions.createdAt,
  },
  defaultSort: { field: 'code', direction: 'asc' },
  tieBreaker: customerPermissions.id,
  search: [customerPermissions.code, customerPermissions.name, customerPermissions.description],
  filters: { status: (v: Row['status']) => eq(customerPermissions.status, v) },
};

export const listCustomerPermissions = (db: Executor, query: CustomerPermissionListQuery) =>
  listPage(db, listSpec, query, toCustomerPermission);

async function getRow(db: Executor, id: number, forUpdate = false) {
  return findOrFail(db, customerPermissions, customerPermissions.id, id, 'Customer permission', forUpdate);
}

export const getCustomerPermission = async (db: Executor, id: number) =>
  toCustomerPermission(await getRow(db, id));

const refuseSystem = (row: Row, what: string) => {
  if (row.system) throw new AppError('SYSTEM_RECORD', `${row.code} is built in: it cannot be ${what}`);
};

export const customerPermissionHandlers = [
  defineSecuredHandler(customerPermissionCommands.create, async ({ tx }, input) => {
    const [row] = (await tx.insert(customerPermissions).values(input).returning()) as [Row];
    await invalidateFeatures(tx);
    const after = toCustomerPermission(row);
    return { result: after, targetType: 'customerPermission', targetId: row.id, after };
  }),
  defineSecuredHandler(customerPermissionCommands.update, async ({ tx }, { id, ...input }) => {
    const before = await getRow(tx, id, true);
    if (input.code !== before.code) refuseSystem(before, 'renamed');
    const [row] = (await tx
      .update(customerPermissions)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(customerPermissions.id, id))
      .returning()) as [Row];
    await invalidateFeatures(tx);
    const after = toCustomerPermission(row);
    return {
      result: after,
      targetType: 'customerPermission',
      targetId: id,
      before: toCustomerPermission(before),
      after,
    };
  }),
  defineSecuredHandler(customerPermissionCommands.delete, async ({ tx }, { id }) => {
    const before = await getRow(tx, id, true);
    refuseSystem(before, 'deleted');
    await tx.delete(customerPermissions).where(eq(customerPermissions.id, id));
    await invalidateFeatures(tx);
    return {
      result: undefined,
      targetType: 'customerPermission',
      targetId: id,
      before: toCustomerPermission(before),
    };
  }),
];
