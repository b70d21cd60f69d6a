import {
  type AlertCategory,
  type AlertCategoryListQuery,
  alertCategoryCommands,
  type alertCategoryResource,
} from '@loyalty/contracts';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { alertCategories, alertGroups, alerts } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';

type Row = typeof alertCategories.$inferSelect;

const listSpec: ResourceListSpec<typeof alertCategories, typeof alertCategoryResource> = {
  table: alertCategories,
  sortable: { nameEn: alertCategories.nameEn, createdAt: alertCategories.createdAt },
  defaultSort: { field: 'nameEn', direction: 'asc' },
  tieBreaker: alertCategories.id,
  search: [
    alertCategories.nameEn,
    alertCategories.nameAr,
    alertCategories.description,
    alertCategories.descriptionAr,
  ],
  filters: { status: (v: Row['status']) => eq(alertCategories.status, v) },
};

/** How many groups and alerts a page of categories holds: one query. */
async function withCounts(db: Executor, rows: Row[]): Promise<AlertCategory[]> {
  const ids = rows.map((r) => r.id);
  const counts = new Map(
    ids.length
      ? (
          await db
            .select({
              id: alertGroups.categoryId,
              groups: sql<number>`count(distinct ${alertGroups.id})::int`,
              alerts: sql<number>`count(${alerts.id})::int`,
            })
            .from(alertGroups)
            .leftJoin(alerts, eq(alerts.groupId, alertGroups.id))
            .where(inArray(alertGroups.categoryId, ids))
            .groupBy(alertGroups.categoryId)
        ).map((c) => [c.id, c])
      : [],
  );
  return rows.map((row) => ({
    ...isoDates(row),
    groupCount: counts.get(row.id)?.groups ?? 0,
    alertCount: counts.get(row.id)?.alerts ?? 0,
  }));
}

export async function listAlertCategories(db: Executor, query: AlertCategoryListQuery) {
  const page = await listPage(db, listSpec, query, (row) => row);
  return { ...page, items: await withCounts(db, page.items) };
}

const findCategory = (db: Executor, id: number, forUpdate = false) =>
  findOrFail(db, alertCategories, alertCategories.id, id, 'Alert category', forUpdate);

const toCategory = async (db: Executor, row: Row) => (await withCounts(db, [row]))[0] as AlertCategory;

export const getAlertCategory = async (db: Executor, id: number) =>
  toCategory(db, await findCategory(db, id));

export const alertCategoryHandlers = [
  defineHandler(
    alertCategoryCommands.create,
    async ({ tx }, input) => {
      const [row] = (await tx.insert(alertCategories).values(input).returning()) as [Row];
      const after = await toCategory(tx, row);
      return { result: after, targetType: 'alertCategory', targetId: row.id, after };
    },
    { recordKey: (input) => input.nameEn.toLowerCase() },
  ),
  defineHandler(alertCategoryCommands.update, async ({ tx }, { id, ...input }) => {
    const before = await toCategory(tx, await findCategory(tx, id, true));
    const [row] = (await tx
      .update(alertCategories)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(alertCategories.id, id))
      .returning()) as [Row];
    const after = await toCategory(tx, row);
    return { result: after, targetType: 'alertCategory', targetId: id, before, after };
  }),
  defineHandler(alertCategoryCommands.delete, async ({ tx }, { id }) => {
    const before = await toCategory(tx, await findCategory(tx, id, true));
    const [groups] = await tx.select({ n: count() }).from(alertGroups).where(eq(alertGroups.categoryId, id));
    if ((groups?.n ?? 0) > 0) {
      throw new AppError(
        'ALERT_CATEGORY_HAS_GROUPS',
        `The category has ${groups?.n} group(s): delete or move them first`,
      );
    }
    await tx.delete(alertCategories).where(eq(alertCategories.id, id));
    return { result: undefined, targetType: 'alertCategory', targetId: id, before };
  }),
];
