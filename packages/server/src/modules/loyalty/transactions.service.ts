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
import { type EarningItem, type EarningRow, postEarning } from './earnings.queue.ts';
import { currentConfiguration, type EarningConfiguration } from './engine.ts';
import { addMonths, postLedgerEntry } from './ledger.service.ts';
import { type Programme, programme } from './programme.ts';

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

/** The channel a transaction comes from, and its API key (none: a channel without a key, as the demo's history). */
type PostingKey = Pick<ChannelKey, 'channel'> & { id: number | null };

/**
 * A channel's transaction: awards the points of the rule that fires (plus any campaign bonus) as
 * one EARN entry, idempotent by externalId. The database decides and posts it in one statement
 * under the customer's lock (`loyalty_decide_earning`, applied by `loyalty_apply_earning` in
 * `loyalty_post_earnings`: db/functions/), with today's configuration — the programme's rules and
 * the live campaigns from memory (engine.ts), and `gate`: the earn service's daily limits (service
 * definitions), the earn scope's eligibility criteria, the business banking settings — grouped with
 * other earnings waiting for the database (earnings.queue.ts), so `db` may be the database itself.
 */
export async function postTransaction(
  db: Executor,
  input: ChannelTransactionInput & { occurredAt?: string | undefined },
  actorId?: number,
  gate: Pick<EarningConfiguration, 'limit' | 'criteria' | 'business'> & {
    /** The API key posting: the entry records it, and its external id is unique in its channel. */
    key?: PostingKey | undefined;
  } = {},
): Promise<ChannelTransactionResult> {
  const prog = await programme(db);
  const { key, ...gates } = gate;
  const config = await currentConfiguration(db, prog, gates);
  const item = earningItem(prog, config, input, actorId, key);
  return earningResult(prog, item, await postEarning(db, item, config));
}

/**
 * A channel transaction as the engine posts it (postTransaction, and a bulk import's lines):
 * its type by code (refused unless an EARN type), its expiry by the programme, the gates of `config`.
 */
export function earningItem(
  prog: Programme,
  config: EarningConfiguration,
  input: ChannelTransactionInput & { occurredAt?: string | undefined },
  actorId?: number,
  key?: PostingKey,
): EarningItem {
  const type = earningType(prog, input.transactionTypeCode);
  const occurredAt = input.occurredAt ? new Date(input.occurredAt) : new Date();
  const expiresAt = prog.settings.expiryMonths > 0 ? addMonths(occurredAt, prog.settings.expiryMonths) : null;
  return {
    customerNumber: input.customerNumber,
    externalId: input.externalId,
    typeId: type.id,
    amount: input.amount,
    occurredAt: occurredAt.toISOString(),
    expiresAt: expiresAt?.toISOString() ?? null,
    campaignId: null,
    actorId: actorId ?? null,
    channel: key?.channel ?? null,
    apiKeyId: key?.id ?? null,
    ...(config.limit && { limit: config.limit }),
    ...(config.criteria?.length && { criteria: config.criteria }),
    ...(config.business && { business: config.business }),
  };
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
