import type {
  ChannelReversalResult,
  ChannelTransactionInput,
  ChannelTransactionResult,
} from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import { customers, ledgerEntries } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { postLedgerEntry } from './ledger.service.ts';
import { type Programme, programme } from './programme.ts';
import { chooseRule, utcDate } from './rules.engine.ts';

/** What a campaign adds to an earning (campaigns register a hook; see registerEarnBonus). */
export interface EarnBonus {
  points: number;
  campaignId: number;
}
export interface EarnFacts {
  customerId: number;
  tierId: number | null;
  segment: string;
  transactionTypeId: number;
  amount: number;
  occurredAt: Date;
  basePoints: number;
}
export type EarnBonusHook = (tx: Tx, earn: EarnFacts) => Promise<EarnBonus | undefined>;

const bonusHooks: EarnBonusHook[] = [];
/** The campaign seam: a hook runs inside the earning's transaction and may add bonus points. */
export function registerEarnBonus(hook: EarnBonusHook) {
  bonusHooks.push(hook);
}

async function bonusFor(tx: Tx, earn: EarnFacts): Promise<EarnBonus | undefined> {
  for (const hook of bonusHooks) {
    const bonus = await hook(tx, earn);
    if (bonus && bonus.points > 0) return bonus;
  }
  return undefined;
}

const tierNameOf = (prog: Programme, tierId: number | null) =>
  tierId === null ? null : (prog.tiersById.get(tierId)?.name ?? null);

export function earningType(prog: Programme, code: string) {
  const type = prog.typesByCode.get(code.toUpperCase());
  if (!type) {
    throw new AppError('VALIDATION_FAILED', undefined, [
      { path: 'transactionTypeCode', message: 'unknownTransactionType' },
    ]);
  }
  if (type.type !== 'EARN') {
    throw new AppError('VALIDATION_FAILED', undefined, [
      { path: 'transactionTypeCode', message: 'earnTypeOnly' },
    ]);
  }
  return type;
}

interface LockedCustomer {
  id: string | number;
  tierId: number | null;
  status: string;
  segment: string;
  entryId: string | number | null;
  entryCustomerId: string | number | null;
  entryPoints: number | null;
  entryBalance: number | null;
  entryRuleId: number | null;
  entryTypeId: number | null;
  entryAmount: string | number | null;
}

/** The unique key of (kind, externalId) refused a posting: a concurrent twin got there first. */
export function isDuplicatePosting(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgErr = e.cause?.code ? e.cause : e;
  return pgErr.code === '23505' && pgErr.constraint === 'ledger_external_key';
}

/**
 * A channel's transaction: awards the points of the rule that fires (plus any campaign bonus)
 * as one EARN entry. Idempotent by externalId: the customer's row is locked first, so a repeat
 * posted at the same moment waits and then answers the first result.
 */
export async function postTransaction(
  tx: Tx,
  input: ChannelTransactionInput & { occurredAt?: string | undefined },
  actorId?: number,
): Promise<ChannelTransactionResult> {
  const prog = await programme(tx);
  const type = earningType(prog, input.transactionTypeCode);
  // One round trip: lock the customer and look for an earlier posting of this externalId. If a
  // concurrent posting of the same externalId commits while this one waits for the lock, the
  // join cannot see it (it reads the statement's snapshot): the insert then hits the unique key
  // and the caller retries once (see isDuplicatePosting), which answers the first result.
  const [c] = rowsOf<LockedCustomer>(
    await tx.execute(sql`
      select c.id, c.tier_id as "tierId", c.status, c.segment, e.id as "entryId", e.customer_id as "entryCustomerId",
        e.points as "entryPoints", e.balance_after as "entryBalance", e.rule_id as "entryRuleId",
        e.transaction_type_id as "entryTypeId", e.amount as "entryAmount"
      from customers c
        left join ledger_entries e on e.kind = 'EARN' and e.external_id = ${input.externalId}
      where c.customer_number = ${input.customerNumber}
      for update of c`),
  );
  if (!c) throw notFound('Customer');
  const customerId = Number(c.id);
  if (c.entryId !== null) {
    const same =
      Number(c.entryCustomerId) === customerId &&
      c.entryTypeId === type.id &&
      Number(c.entryAmount) === input.amount;
    if (!same) throw new AppError('CONFLICT', `externalId ${input.externalId} was posted with other details`);
    return {
      entryId: Number(c.entryId),
      pointsAwarded: c.entryPoints ?? 0,
      balance: c.entryBalance ?? 0,
      tier: tierNameOf(prog, c.tierId),
      ruleId: c.entryRuleId,
      replayed: true,
    };
  }
  if (c.status !== 'ACTIVE') throw new AppError('CUSTOMER_NOT_ACTIVE', `The customer is ${c.status}`);

  const occurredAt = input.occurredAt ? new Date(input.occurredAt) : new Date();
  const choice = chooseRule(
    prog.rulesByType.get(type.id) ?? [],
    { tierId: c.tierId, amount: input.amount, date: utcDate(occurredAt) },
    (id) => tierNameOf(prog, id),
  );
  const bonus = bonusHooks.length
    ? await bonusFor(tx, {
        customerId,
        tierId: c.tierId,
        segment: c.segment,
        transactionTypeId: type.id,
        amount: input.amount,
        occurredAt,
        basePoints: choice.points,
      })
    : undefined;
  const points = choice.points + (bonus?.points ?? 0);
  const posted = await postLedgerEntry(tx, {
    customerId,
    kind: 'EARN',
    points,
    reference: `txn:${input.externalId}`,
    externalId: input.externalId,
    transactionTypeId: type.id,
    amount: input.amount,
    ruleId: choice.rule?.id,
    campaignId: bonus?.campaignId,
    actorId,
    occurredAt,
  });
  return {
    entryId: posted.entryId,
    pointsAwarded: points,
    balance: posted.balance,
    tier: tierNameOf(prog, posted.tierId),
    ruleId: choice.rule?.id ?? null,
    replayed: false,
  };
}

type EarnEntry = typeof ledgerEntries.$inferSelect;

/**
 * Reverses an EARN entry: takes back exactly the points it awarded (refused with
 * INSUFFICIENT_POINTS when they are already spent). Idempotent: a second reversal answers the first.
 */
export async function reverseEarning(
  tx: Tx,
  find: { externalId: string } | { entryId: number },
  actorId?: number,
  note?: string,
): Promise<ChannelReversalResult> {
  const where =
    'externalId' in find
      ? and(eq(ledgerEntries.kind, 'EARN'), eq(ledgerEntries.externalId, find.externalId))
      : eq(ledgerEntries.id, find.entryId);
  const [original] = (await tx.select().from(ledgerEntries).where(where)) as EarnEntry[];
  if (!original) throw notFound('Transaction');
  if (original.kind !== 'EARN' || original.externalId === null) {
    throw new AppError('CONFLICT', 'Only channel transactions (EARN entries) can be reversed');
  }
  const prog = await programme(tx);
  const [locked] = await tx
    .select({ tierId: customers.tierId })
    .from(customers)
    .where(eq(customers.id, original.customerId))
    .for('update');
  const [earlier] = await tx
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'REVERSAL'), eq(ledgerEntries.externalId, original.externalId)));
  if (earlier) {
    return {
      entryId: earlier.id,
      pointsReversed: -earlier.points,
      balance: earlier.balanceAfter,
      tier: tierNameOf(prog, locked?.tierId ?? null),
      replayed: true,
    };
  }
  const posted = await postLedgerEntry(tx, {
    customerId: original.customerId,
    kind: 'REVERSAL',
    points: -original.points,
    reference: `reversal:${original.externalId}`,
    externalId: original.externalId,
    transactionTypeId: original.transactionTypeId ?? undefined,
    amount: original.amount ?? undefined,
    ruleId: original.ruleId ?? undefined,
    campaignId: original.campaignId ?? undefined,
    reversalOf: original.id,
    actorId,
    note,
  });
  return {
    entryId: posted.entryId,
    pointsReversed: original.points,
    balance: posted.balance,
    tier: tierNameOf(prog, posted.tierId),
    replayed: false,
  };
}
