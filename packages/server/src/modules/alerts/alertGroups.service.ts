import {
  type AlertGroup,
  type AlertGroupListQuery,
  alertGroupCommands,
  type alertGroupResource,
} from '@loyalty/contracts';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { readAll } from '../../db/client.ts';
import { alertCategories, alertGroups, alerts } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';

type Row = typeof alertGroups.$inferSelect;

const listSpec: ResourceListSpec<typeof alertGroups, typeof alertGroupResource> = {
  table: alertGroups,
  sortable: { nameEn: alertGroups.nameEn, createdAt: alertGroups.createdAt },
  defaultSort: { field: 'nameEn', direction: 'asc' },
  tieBreaker: alertGroups.id,
  search: [alertGroups.nameEn, alertGroups.nameAr, alertGroups.description, alertGroups.descriptionAr],
  filters: {
    categoryId: (v: number) => eq(alertGroups.categoryId, v),
    status: (v: Row['status']) => eq(alertGroups.status, v),
  },
};

/** Category names and alert counts of a page of groups: two queries. */
async function withDetails(db: Executor, rows: Row[]): Promise<AlertGroup[]> {
  if (!rows.length) return [];
  const categoryIds = [...new Set(rows.map((r) => r.categoryId))];
  const [cats, counts] = await readAll(db, [
    () =>
      db
        .select({ id: alertCategories.id, nameEn: alertCategories.nameEn, nameAr: alertCategories.nameAr })
        .from(alertCategories)
        .where(inArray(alertCategories.id, categoryIds)),
    () =>
      db
        .select({ id: alerts.groupId, n: count() })
        .from(alerts)
        .where(
          inArray(
            alerts.groupId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(alerts.groupId),
  ]);
  const byId = new Map(cats.map((c) => [c.id, c]));
  const n = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map((row) => ({
    ...isoDates(row),
    categoryNameEn: byId.get(row.categoryId)?.nameEn ?? '',
    categoryNameAr: byId.get(row.categoryId)?.nameAr ?? '',
    alertCount: n.get(row.id) ?? 0,
  }));
}

export async function listAlertGroups(db: Executor, query: AlertGroupListQuery) {
  const page = await listPage(db, listSpec, query, (row) => row);
  return { ...page, items: await withDetails(db, page.items) };
}

const findGroup = (db: Executor, id: number, forUpdate = false) =>
  findOrFail(db, alertGroups, alertGroups.id, id, 'Alert group', forUpdate);
const toGroup = async (db: Executor, row: Row) => (await withDetails(db, [row]))[0] as AlertGroup;

export const getAlertGroup = async (db: Executor, id: number) => toGroup(db, await findGroup(db, id));

/** The category must exist. */
async function requireCategory(db: Executor, id: number) {
  await findOrFail(db, alertCategories, alertCategories.id, id, 'Alert category').catch(() => {
    throw new AppError('VALIDATION_FAILED', 'Unknown alert category', [
      { path: 'categoryId', message: 'unknownCategory' },
    ]);
  });
}

export const alertGroupHandlers = [
  defineHandler(
    alertGroupCommands.create,
    async ({ tx }, input) => {
      await requireCategory(tx, input.categoryId);
      const [row] = (await tx.insert(alertGroups).values(input).returning()) as [Row];
      const after = await toGroup(tx, row);
      return { result: after, targetType: 'alertGroup', targetId: row.id, after };
    },
    { recordKey: (input) => `${input.categoryId}:${input.nameEn.toLowerCase()}` },
  ),
  defineHandler(alertGroupCommands.update, async ({ tx }, { id, ...input }) => {
    const before = await toGroup(tx, await findGroup(tx, id, true));
    await requireCategory(tx, input.categoryId);
    const [row] = (await tx
      .update(alertGroups)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(alertGroups.id, id))
      .returning()) as [Row];
    const after = await toGroup(tx, row);
    return { result: after, targetType: 'alertGroup', targetId: id, before, after };
  }),
  defineHandler(alertGroupCommands.delete, async ({ tx }, { id }) => {
    const before = await toGroup(tx, await findGroup(tx, id, true));
    const [held] = await tx.select({ n: count() }).from(alerts).where(eq(alerts.groupId, id));
    if ((held?.n ?? 0) > 0) {
      throw new AppError(
        'ALERT_GROUP_HAS_ALERTS',
        `The group has ${held?.n} alert(s): delete them or move them to another group first`,
      );
    }
    await tx.delete(alertGroups).where(eq(alertGroups.id, id));
    return { result: undefined, targetType: 'alertGroup', targetId: id, before };
  }),
];
