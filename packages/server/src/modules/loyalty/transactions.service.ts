import type {
  ChannelReversalResult,
  ChannelTransactionInput,
  ChannelTransactionResult,
} from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { databaseError, type Executor, type Tx } from '../../db/client.ts';
import { customers, ledgerEntries } from '../../db/schema/index.ts';
import type { ChannelKey } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  type BusinessRulesJson,
  type CampaignCandidate,
  type CriterionJson,
  type DailyLimit,
  type EarningItem,
  type EarningRow,
  postEarning,
} from './earnings.queue.ts';
import { addMonths, postLedgerEntry } from './ledger.service.ts';
import { chooseRule, utcDate } from './pointsRules.engine.ts';
import { type Programme, programme } from './programme.ts';

/** What the engine knows of an earning before the database: enough to match campaigns in memory. */
export interface EarnFacts {
  customerNumber: string;
  transactionTypeId: number;
  amount: number;
  occurredAt: Date;
}
/** Answers the active campaigns that may add a bonus to an earning, highest priority first. */
export type EarnCampaigns = (db: Executor, earn: EarnFacts) => Promise<CampaignCandidate[]>;

let campaignsFor: EarnCampaigns | undefined;
/**
 * The campaign seam (modules/campaigns registers it): a matcher, from memory, of the campaigns an
 * earning may draw on; the earning's statement applies them (migration 0038). Answers a function
 * that removes it.
 */
export function registerEarnBonus(matcher: EarnCampaigns): () => void {
  campaignsFor = matcher;
  return () => {
    if (campaignsFor === matcher) campaignsFor = undefined;
  };
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
  const pgErr = databaseError(err);
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
        bonusPoints: row.bonus_points ?? 0,
        campaignId: row.campaign_id,
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
 * tier that has rules of its own and for everyone else; the database (`loyalty_apply_earning`,
 * called by `loyalty_post_earnings`: db/functions/) then locks the customer and applies the award
 * of their tier, in one statement — grouped with other earnings waiting for the database
 * (earnings.queue.ts), so `db` may be the database itself. Campaigns are matched in memory
 * (registerEarnBonus) and their bonus decided and paid by the same statement
 * (`loyalty_campaign_bonus`). `gate` is the earn service's daily limits (service definitions),
 * the earn scope's eligibility criteria, and for business customers the business banking
 * settings: all applied in the same statement, under the customer's lock.
 */
export async function postTransaction(
  db: Executor,
  input: ChannelTransactionInput & { occurredAt?: string | undefined },
  actorId?: number,
  gate: {
    /** The API key posting: the entry records it, and its external id is unique in its channel. */
    key?: ChannelKey | undefined;
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
    channel: gate.key?.channel ?? null,
    apiKeyId: gate.key?.id ?? null,
    ...(gate.limit && { limit: gate.limit }),
    ...(gate.criteria?.length && { criteria: gate.criteria }),
    ...(gate.business && { business: gate.business }),
  };
  const campaigns = await campaignsFor?.(db, {
    customerNumber: input.customerNumber,
    transactionTypeId: type.id,
    amount: input.amount,
    occurredAt,
  });
  if (campaigns?.length) item.campaigns = campaigns;
  for (const tierId of new Set(rules.map((r) => r.tierId))) {
    if (tierId !== null) item.awards[tierId] = award(tierId);
  }
  return earningResult(prog, item, await postEarning(db, item));
}

type EarnEntry = typeof ledgerEntries.$inferSelect;

/**
 * Reverses an EARN entry: takes back exactly the points it awarded (refused with
 * INSUFFICIENT_POINTS when they are already spent). Idempotent: a second reversal answers the first.
 */
export async function reverseEarning(
  tx: Tx,
  find: { externalId: string; channel: string } | { entryId: number },
  actorId?: number,
  note?: string,
): Promise<ChannelReversalResult> {
  const where =
    'externalId' in find
      ? and(
          eq(ledgerEntries.kind, 'EARN'),
          sql`coalesce(${ledgerEntries.channel}, '') = ${find.channel}`,
          eq(ledgerEntries.externalId, find.externalId),
        )
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
  // The customer, then its campaigns in id order, as an earning batch takes them (migration 0050):
  // the reversal gives their budget back.
  if (original.bonusPoints !== 0) {
    await tx.execute(sql`select 1 from campaigns where id in (
      select campaign_id from campaign_awards where entry_id = ${original.id}) order by id for update`);
  }
  const [earlier] = await tx
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.kind, 'REVERSAL'),
        sql`coalesce(${ledgerEntries.channel}, '') = ${original.channel ?? ''}`,
        eq(ledgerEntries.externalId, original.externalId),
      ),
    );
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
