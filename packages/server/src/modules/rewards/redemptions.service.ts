import { randomBytes, randomUUID } from 'node:crypto';
import {
  BACK_OFFICE_CHANNEL,
  type Redemption,
  type RedemptionCancelResult,
  type RedemptionListQuery,
  type RedemptionResult,
  redemptionCommands,
  type redemptionResource,
} from '@loyalty/contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { readAll } from '../../db/client.ts';
import { customers, redemptions, voucherCodes, vouchers } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { postLedgerEntry } from '../loyalty/index.ts';
import { namesById } from './references.ts';
import { openToday, redeemableToday } from './vouchers.service.ts';

/*
 * Redemption under concurrency. Every redemption and cancellation of a customer first locks that
 * customer's row, so one customer's requests run one after the other: the per-customer limit
 * and the idempotency check read settled data, and the ledger keeps the balance ≥ 0. The code is
 * then taken from the stock by one conditional UPDATE of the voucher (which row-locks it until
 * commit), so two customers can never take the last code twice; `issued <= amount` is also a
 * check constraint. Locks are always taken customer → voucher, so they cannot deadlock.
 * A SUPPLIED voucher's code is then the oldest AVAILABLE one of its pool, taken FOR UPDATE SKIP
 * LOCKED (`takePoolCode`): a code another transaction holds is passed over, never issued twice.
 */

type RedemptionRow = typeof redemptions.$inferSelect;

// 32 symbols without the look-alikes 0/O and 1/I: 5 random bits each, 60 bits per code.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newVoucherCode(): string {
  const symbols = [...randomBytes(12)].map((b) => CODE_ALPHABET[b & 31]).join('');
  return symbols.match(/.{4}/g)?.join('-') ?? symbols;
}

export interface RedeemRequest {
  customerId: number;
  voucherId: number;
  /** The caller's request id: the same id answers the same redemption again. */
  externalId: string;
  /** The API key's channel, or BACK_OFFICE: the external id is unique within it. */
  channel: string;
  apiKeyId?: number | undefined;
  actorId?: number | undefined;
}

async function lockCustomer(tx: Tx, customerId: number) {
  const [customer] = await tx
    .select({ id: customers.id, status: customers.status, balance: customers.balance })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  if (!customer) throw notFound('Customer');
  return customer;
}

/** Why the voucher could not give a code (the conditional UPDATE matched nothing). */
async function refusal(tx: Tx, voucherId: number): Promise<AppError> {
  const [voucher] = await tx
    .select({ open: sql<boolean>`${openToday}`, codeSource: vouchers.codeSource })
    .from(vouchers)
    .where(eq(vouchers.id, voucherId));
  if (!voucher) return notFound('Voucher');
  if (!voucher.open) return new AppError('VOUCHER_UNAVAILABLE');
  return new AppError(voucher.codeSource === 'SUPPLIED' ? 'VOUCHER_CODES_EXHAUSTED' : 'VOUCHER_OUT_OF_STOCK');
}

/**
 * The oldest available code of a SUPPLIED voucher's pool, locked (SKIP LOCKED: a code another
 * redemption holds is passed over). The voucher's stock was taken first, so one is there unless
 * the pool and the stock disagree — refused as exhausted then, rather than issuing nothing.
 */
async function takePoolCode(tx: Tx, voucherId: number): Promise<{ id: number; code: string }> {
  const [code] = await tx
    .select({ id: voucherCodes.id, code: voucherCodes.code })
    .from(voucherCodes)
    .where(and(eq(voucherCodes.voucherId, voucherId), eq(voucherCodes.status, 'AVAILABLE')))
    .orderBy(voucherCodes.id)
    .limit(1)
    .for('update', { skipLocked: true });
  if (!code) throw new AppError('VOUCHER_CODES_EXHAUSTED');
  return code;
}

/**
 * Redeems a voucher for a customer in the caller's transaction: checks the customer, the
 * voucher (active, within its validity, in stock), the per-customer limit and the balance;
 * takes a code from the stock, issues a unique code and debits the points. Idempotent by
 * `externalId`: a repeated request answers the first redemption and changes nothing.
 */
export async function redeemVoucher(tx: Tx, req: RedeemRequest): Promise<RedemptionResult> {
  const customer = await lockCustomer(tx, req.customerId);
  const [previous] = await tx
    .select()
    .from(redemptions)
    .where(and(eq(redemptions.channel, req.channel), eq(redemptions.externalId, req.externalId)));
  if (previous) {
    if (previous.customerId !== req.customerId || previous.voucherId !== req.voucherId) {
      throw new AppError('CONFLICT', 'The externalId was already used for another redemption');
    }
    return {
      redemptionId: previous.id,
      code: previous.code,
      pointsSpent: previous.pointsSpent,
      balance: customer.balance,
    };
  }
  if (customer.status !== 'ACTIVE') throw new AppError('CUSTOMER_NOT_ACTIVE');

  const [voucher] = await tx
    .update(vouchers)
    .set({ issued: sql`${vouchers.issued} + 1` })
    .where(and(eq(vouchers.id, req.voucherId), redeemableToday))
    .returning({
      pointsRequired: vouchers.pointsRequired,
      perCustomerLimit: vouchers.perCustomerLimit,
      codeSource: vouchers.codeSource,
    });
  if (!voucher) throw await refusal(tx, req.voucherId);

  if (voucher.perCustomerLimit !== null) {
    const [held] = await tx
      .select({ n: count() })
      .from(redemptions)
      .where(
        and(
          eq(redemptions.customerId, req.customerId),
          eq(redemptions.voucherId, req.voucherId),
          eq(redemptions.status, 'ISSUED'),
        ),
      );
    if ((held?.n ?? 0) >= voucher.perCustomerLimit) throw new AppError('REDEMPTION_LIMIT_REACHED');
  }

  const pooled = voucher.codeSource === 'SUPPLIED' ? await takePoolCode(tx, req.voucherId) : undefined;
  const [row] = (await tx
    .insert(redemptions)
    .values({
      customerId: req.customerId,
      voucherId: req.voucherId,
      code: pooled?.code ?? newVoucherCode(),
      pointsSpent: voucher.pointsRequired,
      channel: req.channel,
      apiKeyId: req.apiKeyId,
      externalId: req.externalId,
      createdBy: req.actorId,
    })
    .returning()) as [RedemptionRow];
  if (pooled) {
    await tx
      .update(voucherCodes)
      .set({ status: 'ISSUED', redemptionId: row.id, issuedAt: sql`now()` })
      .where(eq(voucherCodes.id, pooled.id));
  }
  // Refuses with INSUFFICIENT_POINTS (rolling everything back) when the balance is short.
  const posted = await postLedgerEntry(tx, {
    customerId: req.customerId,
    kind: 'REDEEM',
    points: -voucher.pointsRequired,
    reference: `redemption:${row.id}`,
    actorId: req.actorId,
    key: req.apiKeyId === undefined ? undefined : { id: req.apiKeyId, channel: req.channel },
  });
  await tx.update(redemptions).set({ ledgerEntryId: posted.entryId }).where(eq(redemptions.id, row.id));
  return { redemptionId: row.id, code: row.code, pointsSpent: row.pointsSpent, balance: posted.balance };
}

export interface CancelRequest {
  redemptionId: number;
  reason: string;
  actorId?: number | undefined;
}

/**
 * Cancels an issued redemption: its points go back to the customer; a generated code goes back to
 * the stock, a partner's code is voided (the customer has seen it: it is never issued again, and
 * the pool's amount loses it).
 */
export async function cancelRedemption(tx: Tx, req: CancelRequest): Promise<RedemptionCancelResult> {
  const [found] = await tx
    .select({ customerId: redemptions.customerId })
    .from(redemptions)
    .where(eq(redemptions.id, req.redemptionId));
  if (!found) throw notFound('Redemption');
  const customer = await lockCustomer(tx, found.customerId);
  const [redemption] = (await tx
    .select()
    .from(redemptions)
    .where(eq(redemptions.id, req.redemptionId))
    .for('update')) as [RedemptionRow];
  if (redemption.status !== 'ISSUED') throw new AppError('REDEMPTION_ALREADY_CANCELLED');

  const voided = await tx
    .update(voucherCodes)
    .set({ status: 'VOID' })
    .where(eq(voucherCodes.redemptionId, redemption.id))
    .returning({ id: voucherCodes.id });
  await tx
    .update(vouchers)
    .set({
      issued: sql`${vouchers.issued} - 1`,
      ...(voided.length ? { amount: sql`${vouchers.amount} - 1` } : {}),
    })
    .where(eq(vouchers.id, redemption.voucherId));
  // A challenge's voucher reward cost no points: nothing to return.
  const posted =
    redemption.pointsSpent === 0
      ? { entryId: null, balance: customer.balance }
      : await postLedgerEntry(tx, {
          customerId: redemption.customerId,
          kind: 'REVERSAL',
          points: redemption.pointsSpent,
          reference: `redemption:${redemption.id}`,
          note: req.reason,
          actorId: req.actorId,
          ...(redemption.ledgerEntryId === null ? {} : { reversalOf: redemption.ledgerEntryId }),
        });
  await tx
    .update(redemptions)
    .set({
      status: 'CANCELLED',
      cancelEntryId: posted.entryId,
      cancelledAt: sql`now()`,
      cancelledBy: req.actorId,
      cancelReason: req.reason,
    })
    .where(eq(redemptions.id, redemption.id));
  return { redemptionId: redemption.id, pointsReturned: redemption.pointsSpent, balance: posted.balance };
}

const listSpec: ResourceListSpec<typeof redemptions, typeof redemptionResource> = {
  table: redemptions,
  sortable: { createdAt: redemptions.createdAt, pointsSpent: redemptions.pointsSpent },
  defaultSort: { field: 'createdAt', direction: 'desc' },
  tieBreaker: redemptions.id,
  search: [redemptions.code],
  filters: {
    customerId: (id: number) => eq(redemptions.customerId, id),
    voucherId: (id: number) => eq(redemptions.voucherId, id),
    status: (status: RedemptionRow['status']) => eq(redemptions.status, status),
  },
};

const voucherRef = { table: vouchers, id: vouchers.id, name: vouchers.name, nameAr: vouchers.nameAr };

/** Redemptions, newest first, with the customer's number and name and the voucher's name. */
export async function listRedemptions(db: Executor, query: RedemptionListQuery) {
  const page = await listPage(db, listSpec, query, (row) => row);
  const customerIds = [...new Set(page.items.map((r) => r.customerId))];
  const [voucherNames, people] = await readAll(db, [
    () =>
      namesById(
        db,
        voucherRef,
        page.items.map((r) => r.voucherId),
      ),
    () =>
      customerIds.length
        ? db
            .select({ id: customers.id, number: customers.customerNumber, name: customers.fullName })
            .from(customers)
            .where(inArray(customers.id, customerIds))
        : [],
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  return {
    ...page,
    items: page.items.map(
      (r): Redemption => ({
        id: r.id,
        customerId: r.customerId,
        customerNumber: byId.get(r.customerId)?.number ?? '',
        customerName: byId.get(r.customerId)?.name ?? '',
        voucherId: r.voucherId,
        voucherName: voucherNames.get(r.voucherId)?.name ?? '',
        voucherNameAr: voucherNames.get(r.voucherId)?.nameAr ?? '',
        code: r.code,
        pointsSpent: r.pointsSpent,
        status: r.status,
        channel: r.channel,
        externalId: r.externalId,
        createdAt: isoDates(r).createdAt,
        cancelledAt: r.cancelledAt?.toISOString() ?? null,
        cancelReason: r.cancelReason,
      }),
    ),
  };
}

export const redemptionHandlers = [
  defineHandler(redemptionCommands.create, async ({ tx, actor }, input) => {
    const result = await redeemVoucher(tx, {
      customerId: input.customerId,
      voucherId: input.voucherId,
      externalId: input.externalId ?? randomUUID(),
      channel: BACK_OFFICE_CHANNEL,
      actorId: actor.userId,
    });
    return {
      result,
      targetType: 'redemption',
      targetId: result.redemptionId,
      after: { ...input, ...result },
    };
  }),
  defineHandler(redemptionCommands.cancel, async ({ tx, actor }, input) => {
    const result = await cancelRedemption(tx, {
      redemptionId: input.id,
      reason: input.reason,
      actorId: actor.userId,
    });
    return {
      result,
      targetType: 'redemption',
      targetId: input.id,
      before: { status: 'ISSUED' },
      after: { status: 'CANCELLED', reason: input.reason, ...result },
    };
  }),
];
