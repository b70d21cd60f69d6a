import {
  type MessageCategory,
  type MessageCategoryListQuery,
  messageCategoryCommands,
  type messageCategoryResource,
} from '@loyalty/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { messageCategories, roles } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';

type Row = typeof messageCategories.$inferSelect;

const listSpec: ResourceListSpec<typeof messageCategories, typeof messageCategoryResource> = {
  table: messageCategories,
  sortable: {
    nameEn: messageCategories.nameEn,
    responseTargetHours: messageCategories.responseTargetHours,
    createdAt: messageCategories.createdAt,
  },
  defaultSort: { field: 'nameEn', direction: 'asc' },
  tieBreaker: messageCategories.id,
  search: [
    messageCategories.nameEn,
    messageCategories.nameAr,
    messageCategories.description,
    messageCategories.descriptionAr,
  ],
  filters: { status: (v: Row['status']) => eq(messageCategories.status, v) },
};

/** Role names of a page of categories: one query. */
async function withRoleNames(db: Executor, rows: Row[]): Promise<MessageCategory[]> {
  const ids = [...new Set(rows.map((r) => r.defaultAssigneeRoleId).filter((id) => id !== null))];
  const names = new Map(
    ids.length
      ? (
          await db
            .select({ id: roles.id, name: roles.name, nameAr: roles.nameAr })
            .from(roles)
            .where(inArray(roles.id, ids))
        ).map((r) => [r.id, r])
      : [],
  );
  return rows.map((row) => {
    const role = row.defaultAssigneeRoleId === null ? undefined : names.get(row.defaultAssigneeRoleId);
    return {
      ...isoDates(row),
      defaultAssigneeRoleName: role?.name ?? null,
      defaultAssigneeRoleNameAr: role?.nameAr ?? null,
    };
  });
}

export async function listMessageCategories(db: Executor, query: MessageCategoryListQuery) {
  const page = await listPage(db, listSpec, query, (row) => row);
  return { ...page, items: await withRoleNames(db, page.items) };
}

const findCategory = (db: Executor, id: number, forUpdate = false) =>
  findOrFail(db, messageCategories, messageCategories.id, id, 'Message category', forUpdate);

const toCategory = async (db: Executor, row: Row) => (await withRoleNames(db, [row]))[0] as MessageCategory;

export const getMessageCategory = async (db: Executor, id: number) =>
  toCategory(db, await findCategory(db, id));

/** The default assignee must be a role that exists. */
async function requireRole(db: Executor, roleId: number | null) {
  if (roleId === null) return;
  await findOrFail(db, roles, roles.id, roleId, 'Role').catch(() => {
    throw new AppError('VALIDATION_FAILED', 'Unknown role', [
      { path: 'defaultAssigneeRoleId', message: 'unknownRole' },
    ]);
  });
}

export const messageCategoryHandlers = [
  defineHandler(
    messageCategoryCommands.create,
    async ({ tx }, input) => {
      await requireRole(tx, input.defaultAssigneeRoleId);
      const [row] = (await tx.insert(messageCategories).values(input).returning()) as [Row];
      const after = await toCategory(tx, row);
      return { result: after, targetType: 'messageCategory', targetId: row.id, after };
    },
    { recordKey: (input) => input.nameEn.toLowerCase() },
  ),
  defineHandler(messageCategoryCommands.update, async ({ tx }, { id, ...input }) => {
    const before = await toCategory(tx, await findCategory(tx, id, true));
    await requireRole(tx, input.defaultAssigneeRoleId);
    const [row] = (await tx
      .update(messageCategories)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(messageCategories.id, id))
      .returning()) as [Row];
    const after = await toCategory(tx, row);
    return { result: after, targetType: 'messageCategory', targetId: id, before, after };
  }),
  defineHandler(messageCategoryCommands.delete, async ({ tx }, { id }) => {
    const before = await toCategory(tx, await findCategory(tx, id, true));
    await tx.delete(messageCategories).where(eq(messageCategories.id, id));
    return { result: undefined, targetType: 'messageCategory', targetId: id, before };
  }),
];
