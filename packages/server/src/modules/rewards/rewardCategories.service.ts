import {
  type RewardCategory,
  type RewardCategoryListQuery,
  rewardCategoryCommands,
  type rewardCategoryResource,
} from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rewardCategories, stores } from '../../db/schema/index.ts';
import { missingTranslation } from '../../platform/bilingual.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { requireImage } from './references.ts';

type CategoryRow = typeof rewardCategories.$inferSelect;
const toCategory = (row: CategoryRow): RewardCategory => isoDates(row);

const listSpec: ResourceListSpec<typeof rewardCategories, typeof rewardCategoryResource> = {
  table: rewardCategories,
  sortable: { name: rewardCategories.name, createdAt: rewardCategories.createdAt },
  defaultSort: { field: 'name', direction: 'asc' },
  tieBreaker: rewardCategories.id,
  search: [rewardCategories.name, rewardCategories.nameAr, rewardCategories.description],
  filters: {
    missingTranslation: missingTranslation(
      [rewardCategories.name, rewardCategories.nameAr],
      [rewardCategories.description, rewardCategories.descriptionAr],
    ),
  },
};

export const listCategories = (db: Executor, query: RewardCategoryListQuery) =>
  listPage(db, listSpec, query, toCategory);

async function findCategory(db: Executor, id: number, forUpdate = false): Promise<CategoryRow> {
  return findOrFail(db, rewardCategories, rewardCategories.id, id, 'Category', forUpdate);
}

export const getCategory = async (db: Executor, id: number) => toCategory(await findCategory(db, id));

export const categoryHandlers = [
  defineHandler(
    rewardCategoryCommands.create,
    async ({ tx }, input) => {
      await requireImage(tx, input.imageId);
      const [row] = (await tx.insert(rewardCategories).values(input).returning()) as [CategoryRow];
      const after = toCategory(row);
      return { result: after, targetType: 'rewardCategory', targetId: row.id, after };
    },
    { recordKey: (input) => input.name.toLowerCase() },
  ),
  defineHandler(rewardCategoryCommands.update, async ({ tx }, { id, ...input }) => {
    const before = toCategory(await findCategory(tx, id, true));
    await requireImage(tx, input.imageId);
    const [row] = (await tx
      .update(rewardCategories)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(rewardCategories.id, id))
      .returning()) as [CategoryRow];
    const after = toCategory(row);
    return { result: after, targetType: 'rewardCategory', targetId: id, before, after };
  }),
  defineHandler(rewardCategoryCommands.delete, async ({ tx }, { id }) => {
    const before = toCategory(await findCategory(tx, id, true));
    const [store] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.categoryId, id)).limit(1);
    if (store) throw new AppError('CONFLICT', 'The category still has stores');
    await tx.delete(rewardCategories).where(eq(rewardCategories.id, id));
    return { result: undefined, targetType: 'rewardCategory', targetId: id, before };
  }),
];
