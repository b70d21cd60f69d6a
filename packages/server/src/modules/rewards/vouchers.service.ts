import {
  type Voucher,
  type VoucherListQuery,
  voucherCommands,
  type voucherResource,
} from '@loyalty/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { redemptions, stores, voucherCodes, vouchers } from '../../db/schema/index.ts';
import { missingTranslation } from '../../platform/bilingual.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { type Names, nameOf, namesById, namesOr, requireImage } from './references.ts';

export type VoucherRow = typeof vouchers.$inferSelect;
const toVoucher = (row: VoucherRow, store: Names): Voucher => ({
  ...isoDates(row),
  storeName: store.name,
  storeNameAr: store.nameAr,
  remaining: row.amount - row.issued,
});

/** ACTIVE and within its validity today (the database's date). */
export const openToday = and(
  eq(vouchers.status, 'ACTIVE'),
  sql`(${vouchers.validFrom} is null or ${vouchers.validFrom} <= current_date)`,
  sql`(${vouchers.validUntil} is null or ${vouchers.validUntil} >= current_date)`,
) as SQL;
/** Open today and with codes left: what a customer can redeem now. */
export const redeemableToday = and(openToday, sql`${vouchers.issued} < ${vouchers.amount}`) as SQL;

const listSpec: ResourceListSpec<typeof vouchers, typeof voucherResource> = {
  table: vouchers,
  sortable: {
    name: vouchers.name,
    pointsRequired: vouchers.pointsRequired,
    amount: vouchers.amount,
    money: vouchers.money,
    validUntil: vouchers.validUntil,
    createdAt: vouchers.createdAt,
  },
  defaultSort: { field: 'name', direction: 'asc' },
  tieBreaker: vouchers.id,
  search: [vouchers.name, vouchers.nameAr, vouchers.description],
  filters: {
    storeId: (id: number) => eq(vouchers.storeId, id),
    status: (status: VoucherRow['status']) => eq(vouchers.status, status),
    codeSource: (source: VoucherRow['codeSource']) => eq(vouchers.codeSource, source),
    available: (yes: boolean) => (yes ? redeemableToday : undefined),
    missingTranslation: missingTranslation(
      [vouchers.name, vouchers.nameAr],
      [vouchers.description, vouchers.descriptionAr],
    ),
  },
};

const store = { table: stores, id: stores.id, name: stores.name, nameAr: stores.nameAr };
const storeName = (db: Executor, id: number) => nameOf(db, store, id, 'storeId');

export async function listVouchers(db: Executor, query: VoucherListQuery) {
  const page = await listPage(db, listSpec, query, (row) => row);
  const names = await namesById(
    db,
    store,
    page.items.map((v) => v.storeId),
  );
  return { ...page, items: page.items.map((v) => toVoucher(v, namesOr(names.get(v.storeId)))) };
}

export async function findVoucher(db: Executor, id: number, forUpdate = false): Promise<VoucherRow> {
  return findOrFail(db, vouchers, vouchers.id, id, 'Voucher', forUpdate);
}

/** A voucher's pool by status (a GENERATED voucher has none). */
export async function voucherPool(db: Executor, id: number) {
  const rows = await db
    .select({ status: voucherCodes.status, n: sql<number>`count(*)::int` })
    .from(voucherCodes)
    .where(eq(voucherCodes.voucherId, id))
    .groupBy(voucherCodes.status);
  const n = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { available: n('AVAILABLE'), issued: n('ISSUED'), void: n('VOID') };
}

/**
 * A SUPPLIED voucher's amount is its pool's (codes issued and not cancelled, plus those
 * available): what the form sends is not used. Turning a voucher back to GENERATED is refused
 * while its pool has codes to give.
 */
async function stockOf(
  tx: Executor,
  input: { amount: number; codeSource: VoucherRow['codeSource'] },
  current?: VoucherRow,
): Promise<number> {
  if (!current) return input.codeSource === 'SUPPLIED' ? 0 : input.amount;
  const pool = await voucherPool(tx, current.id);
  if (input.codeSource === 'SUPPLIED') return current.issued + pool.available;
  if (pool.available > 0) {
    throw new AppError('VALIDATION_FAILED', `${pool.available} partner codes are still in the pool`, [
      { path: 'codeSource', message: 'rewards.vouchers.codesInPool' },
    ]);
  }
  if (input.amount < current.issued) {
    throw new AppError('VALIDATION_FAILED', `${current.issued} codes are already issued`, [
      { path: 'amount', message: 'amountBelowIssued' },
    ]);
  }
  return input.amount;
}

const withStore = async (db: Executor, row: VoucherRow) => toVoucher(row, await storeName(db, row.storeId));

export const getVoucher = async (db: Executor, id: number) => withStore(db, await findVoucher(db, id));

export const voucherHandlers = [
  defineHandler(
    voucherCommands.create,
    async ({ tx }, input) => {
      await requireImage(tx, input.imageId);
      const name = await storeName(tx, input.storeId);
      const amount = await stockOf(tx, input);
      const [row] = (await tx
        .insert(vouchers)
        .values({ ...input, amount })
        .returning()) as [VoucherRow];
      const after = toVoucher(row, name);
      return { result: after, targetType: 'voucher', targetId: row.id, after };
    },
    { recordKey: (input) => `${input.storeId}:${input.name.toLowerCase()}` },
  ),
  defineHandler(voucherCommands.update, async ({ tx }, { id, ...input }) => {
    // The row lock waits for redemptions in flight, so `issued` is final while we compare.
    const current = await findVoucher(tx, id, true);
    const amount = await stockOf(tx, input, current);
    await requireImage(tx, input.imageId);
    const name = await storeName(tx, input.storeId);
    const [row] = (await tx
      .update(vouchers)
      .set({ ...input, amount, updatedAt: sql`now()` })
      .where(eq(vouchers.id, id))
      .returning()) as [VoucherRow];
    const after = toVoucher(row, name);
    return {
      result: after,
      targetType: 'voucher',
      targetId: id,
      before: await withStore(tx, current),
      after,
    };
  }),
  defineHandler(voucherCommands.delete, async ({ tx }, { id }) => {
    const before = await withStore(tx, await findVoucher(tx, id, true));
    // A voucher with redemptions stays, for their history: staff set it INACTIVE instead.
    const [redeemed] = await tx
      .select({ id: redemptions.id })
      .from(redemptions)
      .where(eq(redemptions.voucherId, id))
      .limit(1);
    if (redeemed) throw new AppError('CONFLICT', 'The voucher has redemptions: set it INACTIVE instead');
    // Never redeemed: its pool holds only codes nobody was given.
    await tx.delete(voucherCodes).where(eq(voucherCodes.voucherId, id));
    await tx.delete(vouchers).where(eq(vouchers.id, id));
    return { result: undefined, targetType: 'voucher', targetId: id, before };
  }),
];
