import type {
  ChannelReversalResult,
  ChannelTransactionInput,
  ChannelTransactionResult,
} from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, rowsOf, type Tx } from '../../db/client.ts';
import { customers, ledgerEntries } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  type BusinessRulesJson,
  type CriterionJson,
  type DailyLimit,
  type EarningItem,
  type EarningRow,
  postEarning,
} from './earnings.queue.ts';
import { addMonths, postLedgerEntry } from './ledger.service.ts';
import { chooseRule, utcDate } from './pointsRules.engine.ts';
import { type Programme, programme } from './programme.ts';

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
/**
 * The campaign seam: a hook runs inside the earning's transaction and may add bonus points.
 * Answers a function that removes the hook.
 */
export function registerEarnBonus(hook: EarnBonusHook): () => void {
  bonusHooks.push(hook);
  return () => {
    bonusHooks.splice(bonusHooks.indexOf(hook), 1);
  };
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

/** The unique key of (kind, externalId) refused a posting: a concurrent twin got there first. */
export function isDuplicatePosting(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgErr = e.cause?.code ? e.cause : e;
  return pgErr.code === '23505' && pgErr.constraint === 'ledger_external_key';
}

/** What the engine's answer means for the channel. */
function earningResult(prog: Programme, item: EarningItem, row: EarningRow): ChannelTransactionResult {
  switch (row.outcome) {
    case 'POSTED':
    case 'REPLAYED':
      return {
        entryId: Number(row.entry_id),
        pointsAwarded: row.points ?? 0,
        balance: row.balance ?? 0,
        tier: tierNameOf(prog, row.tier_id),
        ruleId: row.rule_id,
        replayed: row.outcome === 'REPLAYED',
      };
    case 'CONFLICT':
      throw new AppError('CONFLICT', `externalId ${item.externalId} was posted with other details`);
    case 'NOT_ACTIVE':
      throw new AppError('CUSTOMER_NOT_ACTIVE', `The customer is ${row.status}`);
    case 'NOT_ELIGIBLE': {
      const failed = item.criteria?.find((k) => String(k.id) === row.status);
      throw new AppError(
        'NOT_ELIGIBLE',
        `The customer does not meet the criterion "${failed?.name ?? row.status}"`,
      );
    }
    case 'LIMIT_EXCEEDED':
      throw new AppError(
        'LIMIT_EXCEEDED',
        `The customer has reached today's limit of the earn service${item.limit?.count ? ` (${item.limit.count} earnings)` : ''}${item.limit?.points ? ` (${item.limit.points} points)` : ''}`,
      );
    default:
      throw notFound('Customer');
  }
}

/**
 * A channel's transaction: awards the points of the rule that fires (plus any campaign bonus)
 * as one EARN entry, idempotent by externalId. The rules are evaluated here, in memory, for every
 * tier that has rules of its own and for everyone else; the database (`loyalty_post_earning`,
 * migration 0013) then locks the customer and applies the award of their tier, in one statement
 * — grouped with other earnings waiting for the database (earnings.queue.ts), so `db` may be the
 * database itself. With campaign hooks registered the customer is locked first, in a
 * transaction, since a hook decides with the customer's tier and segment. `gate` is the earn
 * service's daily limits (service definitions, migration 0027) and the earn scope's eligibility
 * criteria (migration 0032), and for business customers the business banking settings (migration
 * 0033): all applied in the same statement, under the customer's lock.
 */
export async function postTransaction(
  db: Executor,
  input: ChannelTransactionInput & { occurredAt?: string | undefined },
  actorId?: number,
  gate: {
    limit?: DailyLimit | undefined;
    criteria?: CriterionJson[] | undefined;
    business?: BusinessRulesJson | undefined;
  } = {},
): Promise<ChannelTransactionResult> {
  const prog = await programme(db);
  const type = earningType(prog, input.transactionTypeCode);
  const occurredAt = input.occurredAt ? new Date(input.occurredAt) : new Date();
  const rules = prog.rulesByType.get(type.id) ?? [];
  const award = (tierId: number | null) => {
    const choice = chooseRule(rules, { tierId, amount: input.amount, date: utcDate(occurredAt) }, (id) =>
      tierNameOf(prog, id),
    );
    return { points: choice.points, ruleId: choice.rule?.id ?? null };
  };
  const expiresAt = prog.settings.expiryMonths > 0 ? addMonths(occurredAt, prog.settings.expiryMonths) : null;
  const item: EarningItem = {
    customerNumber: input.customerNumber,
    externalId: input.externalId,
    typeId: type.id,
    amount: input.amount,
    occurredAt: occurredAt.toISOString(),
    expiresAt: expiresAt?.toISOString() ?? null,
    awards: { '*': award(null) },
    campaignId: null,
    actorId: actorId ?? null,
    ...(gate.limit && { limit: gate.limit }),
    ...(gate.criteria?.length && { criteria: gate.criteria }),
    ...(gate.business && { business: gate.business }),
  };
  if (!bonusHooks.length) {
    for (const tierId of new Set(rules.map((r) => r.tierId))) {
      if (tierId !== null) item.awards[tierId] = award(tierId);
    }
    return earningResult(prog, item, await postEarning(db, item));
  }
  return db.transaction(async (tx) => {
    const [c] = rowsOf<{ id: string | number; tierId: number | null; segment: string; fresh: boolean }>(
      await tx.execute(sql`
        select c.id, c.tier_id as "tierId", c.segment, c.status = 'ACTIVE' and not exists (
            select 1 from ledger_entries e where e.kind = 'EARN' and e.external_id = ${input.externalId}) as fresh
        from customers c where c.customer_number = ${input.customerNumber} for update`),
    );
    // A repeat, an inactive or an unknown customer earns nothing: the engine answers them.
    if (c?.fresh) {
      const base = award(c.tierId);
      const bonus = await bonusFor(tx, {
        customerId: Number(c.id),
        tierId: c.tierId,
        segment: c.segment,
        transactionTypeId: type.id,
        amount: input.amount,
        occurredAt,
        basePoints: base.points,
      });
      item.awards = { '*': { points: base.points + (bonus?.points ?? 0), ruleId: base.ruleId } };
      item.campaignId = bonus?.campaignId ?? null;
    }
    return earningResult(prog, item, await postEarning(tx, item));
  });
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
