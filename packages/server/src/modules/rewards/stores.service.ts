import { type Store, type StoreListQuery, storeCommands, type storeResource } from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rewardCategories, stores, vouchers } from '../../db/schema/index.ts';
import { missingTranslation } from '../../platform/bilingual.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { type Names, nameOf, namesById, namesOr, requireImage } from './references.ts';

type StoreRow = typeof stores.$inferSelect;
const toStore = (row: StoreRow, category: Names): Store => ({
  ...isoDates(row),
  categoryName: category.name,
  categoryNameAr: category.nameAr,
});

const listSpec: ResourceListSpec<typeof stores, typeof storeResource> = {
  table: stores,
  sortable: { name: stores.name, createdAt: stores.createdAt },
  defaultSort: { field: 'name', direction: 'asc' },
  tieBreaker: stores.id,
  search: [stores.name, stores.nameAr],
  filters: {
    categoryId: (id: number) => eq(stores.categoryId, id),
    missingTranslation: missingTranslation([stores.name, stores.nameAr]),
  },
};

const category = {
  table: rewardCategories,
  id: rewardCategories.id,
  name: rewardCategories.name,
  nameAr: rewardCategories.nameAr,
};
const categoryName = (db: Executor, id: number) => nameOf(db, category, id, 'categoryId');

export async function listStores(db: Executor, query: StoreListQuery) {
  const page = await listPage(db, listSpec, query, (row) => row);
  const names = await namesById(
    db,
    category,
    page.items.map((s) => s.categoryId),
  );
  return { ...page, items: page.items.map((s) => toStore(s, namesOr(names.get(s.categoryId)))) };
}

async function findStore(db: Executor, id: number, forUpdate = false): Promise<StoreRow> {
  return findOrFail(db, stores, stores.id, id, 'Store', forUpdate);
}

async function withCategory(db: Executor, row: StoreRow) {
  return toStore(row, await categoryName(db, row.categoryId));
}

export const getStore = async (db: Executor, id: number) => withCategory(db, await findStore(db, id));

export const storeHandlers = [
  defineHandler(
    storeCommands.create,
    async ({ tx }, input) => {
      await requireImage(tx, input.imageId);
      const name = await categoryName(tx, input.categoryId);
      const [row] = (await tx.insert(stores).values(input).returning()) as [StoreRow];
      const after = toStore(row, name);
      return { result: after, targetType: 'store', targetId: row.id, after };
    },
    { recordKey: (input) => input.name.toLowerCase() },
  ),
  defineHandler(storeCommands.update, async ({ tx }, { id, ...input }) => {
    const before = await withCategory(tx, await findStore(tx, id, true));
    await requireImage(tx, input.imageId);
    const name = await categoryName(tx, input.categoryId);
    const [row] = (await tx
      .update(stores)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(stores.id, id))
      .returning()) as [StoreRow];
    const after = toStore(row, name);
    return { result: after, targetType: 'store', targetId: id, before, after };
  }),
  defineHandler(storeCommands.delete, async ({ tx }, { id }) => {
    const before = await withCategory(tx, await findStore(tx, id, true));
    const [voucher] = await tx
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(eq(vouchers.storeId, id))
      .limit(1);
    if (voucher) throw new AppError('CONFLICT', 'The store still has vouchers');
    await tx.delete(stores).where(eq(stores.id, id));
    return { result: undefined, targetType: 'store', targetId: id, before };
  }),
];
