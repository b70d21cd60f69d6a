import { and, eq, sql } from 'drizzle-orm';
import { type Executor, rowsOf, type Tx } from '../../db/client.ts';
import { customers, ledgerEntries, tierHistory } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type Programme, programme, tierFor } from './programme.ts';

export type LedgerKind = 'EARN' | 'REDEEM' | 'ADJUST' | 'EXPIRE' | 'REVERSAL';

export interface LedgerPosting {
  customerId: number;
  kind: LedgerKind;
  /** Signed: + credit, − debit. */
  points: number;
  /** What the entry is about, e.g. `txn:<externalId>`, `redemption:<id>`, `adjustment`. */
  reference: string;
  externalId?: string | undefined;
  note?: string | undefined;
  ruleId?: number | undefined;
  actorId?: number | undefined;
  transactionTypeId?: number | undefined;
  amount?: number | undefined;
  campaignId?: number | undefined;
  /** The entry this one reverses; a reversal of an earning takes back that earning's points. */
  reversalOf?: number | undefined;
  occurredAt?: Date | undefined;
}

export interface PostingResult {
  entryId: number;
  balance: number;
  lifetimePoints: number;
  tierId: number | null;
}

/** Credits that earn (and their reversals) count towards lifetime points and expire. */
function lotOf(kind: LedgerKind, points: number) {
  return kind === 'EARN' || (kind === 'ADJUST' && points > 0);
}

export function addMonths(at: Date, months: number): Date {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/**
 * Appends one ledger entry and moves the customer's balance, in the caller's transaction.
 * The UPDATE of the customer's row locks it (concurrent postings for one customer serialize)
 * and refuses a debit beyond the balance in the same statement. The tier is re-evaluated after.
 */
export async function postLedgerEntry(tx: Tx, entry: LedgerPosting): Promise<PostingResult> {
  const occurredAt = entry.occurredAt ?? new Date();
  const prog = await programme(tx);
  let lot = lotOf(entry.kind, entry.points);
  let expiresAt: Date | null =
    lot && prog.settings.expiryMonths > 0 ? addMonths(occurredAt, prog.settings.expiryMonths) : null;
  if (entry.reversalOf !== undefined) {
    // A reversal sits on the same side as what it reverses: un-earning reduces the lot it came from.
    const [original] = await tx
      .select({ lot: ledgerEntries.lot, expiresAt: ledgerEntries.expiresAt })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.id, entry.reversalOf), eq(ledgerEntries.customerId, entry.customerId)));
    if (!original) throw notFound('Ledger entry');
    lot = original.lot;
    expiresAt = original.expiresAt;
  }
  const activity = entry.kind === 'EARN' || entry.kind === 'REDEEM';
  const result = await tx.execute(sql`
    with c as (
      update customers set
        balance = balance + ${entry.points}::int,
        lifetime_points = lifetime_points + ${lot ? entry.points : 0}::int,
        last_activity_at = case when ${activity}::boolean
          then greatest(coalesce(last_activity_at, ${occurredAt}::timestamptz), ${occurredAt}::timestamptz)
          else last_activity_at end,
        updated_at = now()
      where id = ${entry.customerId} and balance + ${entry.points}::int >= 0
      returning id, balance, lifetime_points, tier_id
    ), e as (
      insert into ledger_entries (customer_id, kind, points, balance_after, lot, expires_at, reference,
        external_id, transaction_type_id, amount, rule_id, campaign_id, reversal_of, note, actor_id, occurred_at)
      select c.id, ${entry.kind}::text, ${entry.points}::int, c.balance, ${lot}::boolean, ${expiresAt}::timestamptz,
        ${entry.reference}::text, ${entry.externalId ?? null}::text, ${entry.transactionTypeId ?? null}::int,
        ${entry.amount ?? null}::numeric, ${entry.ruleId ?? null}::int, ${entry.campaignId ?? null}::int,
        ${entry.reversalOf ?? null}::bigint, ${entry.note ?? null}::text, ${entry.actorId ?? null}::int, ${occurredAt}::timestamptz
      from c
      returning id
    )
    select e.id as "entryId", c.balance, c.lifetime_points as "lifetimePoints", c.tier_id as "tierId" from c, e`);
  const [row] = rowsOf<{
    entryId: string | number;
    balance: number;
    lifetimePoints: number;
    tierId: number | null;
  }>(result);
  if (!row) {
    const [exists] = await tx
      .select({ balance: customers.balance })
      .from(customers)
      .where(eq(customers.id, entry.customerId));
    if (!exists) throw notFound('Customer');
    throw new AppError('INSUFFICIENT_POINTS', `Balance ${exists.balance} is less than ${-entry.points}`);
  }
  const posted = {
    entryId: Number(row.entryId),
    balance: row.balance,
    lifetimePoints: row.lifetimePoints,
    tierId: row.tierId,
  };
  posted.tierId = await evaluateTier(
    tx,
    prog,
    posted.tierId,
    entry.customerId,
    posted.lifetimePoints,
    entry.kind,
  );
  if (entry.points > 0 && !lot && prog.settings.expiryMonths > 0) {
    // A refund (e.g. a cancelled redemption) gives back points that may belong to lots that
    // have expired since: they expire now, as if the redemption had not happened.
    const expired = await expireCustomer(tx, entry.customerId, new Date());
    posted.balance -= expired;
  }
  return posted;
}

/** Points that decide the tier: lifetime points, or those earned within the rolling window. */
async function qualifyingPoints(db: Executor, prog: Programme, customerId: number, lifetimePoints: number) {
  if (prog.settings.tierBasis === 'LIFETIME') return lifetimePoints;
  const since = addMonths(new Date(), -prog.settings.tierWindowMonths);
  const [row] = await db
    .select({ points: sql<number>`coalesce(sum(${ledgerEntries.points}), 0)::int` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.customerId, customerId),
        eq(ledgerEntries.lot, true),
        sql`${ledgerEntries.occurredAt} > ${since}`,
      ),
    );
  return row?.points ?? 0;
}

/**
 * Moves the customer to the tier their qualifying points reach and records the change.
 * Upgrades apply at once; downgrades at once under IMMEDIATE, otherwise only when `review`
 * (the period-end tier review) asks. Answers the customer's tier afterwards.
 */
export async function evaluateTier(
  tx: Tx,
  prog: Programme,
  currentTierId: number | null,
  customerId: number,
  lifetimePoints: number,
  reason: string,
  review = false,
): Promise<number | null> {
  const points = await qualifyingPoints(tx, prog, customerId, lifetimePoints);
  const target = tierFor(points, prog.tiers);
  const targetId = target?.id ?? null;
  if (targetId === currentTierId) return currentTierId;
  const current = currentTierId === null ? undefined : prog.tiersById.get(currentTierId);
  const upgrade = !current || (target !== undefined && target.minPoints > current.minPoints);
  if (!upgrade && !review && prog.settings.downgradePolicy !== 'IMMEDIATE') return currentTierId;
  await tx.update(customers).set({ tierId: targetId }).where(eq(customers.id, customerId));
  await tx.insert(tierHistory).values({
    customerId,
    fromTierId: current?.id ?? null,
    fromTierName: current?.name ?? null,
    toTierId: targetId,
    toTierName: target?.name ?? null,
    qualifyingPoints: points,
    reason,
  });
  return targetId;
}

/**
 * Points due to expire for one customer at `now`, oldest first without tracking lots: debits
 * consume the oldest points first, so what is left of the expired lots is what they credited
 * (net of their reversals) less everything spent or expired so far, never below 0.
 */
export async function duePoints(db: Executor, customerId: number, now: Date): Promise<number> {
  const [row] = rowsOf<{ due: number }>(
    await db.execute(sql`
      select greatest(0, least(c.balance,
        coalesce(sum(e.points) filter (where e.lot and e.expires_at <= ${now}::timestamptz), 0)
        + coalesce(sum(e.points) filter (where not e.lot), 0)))::int as due
      from customers c join ledger_entries e on e.customer_id = c.id
      where c.id = ${customerId}
      group by c.balance`),
  );
  return row?.due ?? 0;
}

/** Expires what is due for one customer whose row the caller has locked. Answers the points expired. */
export async function expireCustomer(tx: Tx, customerId: number, now: Date): Promise<number> {
  const due = await duePoints(tx, customerId, now);
  if (due > 0) {
    await postLedgerEntry(tx, {
      customerId,
      kind: 'EXPIRE',
      points: -due,
      reference: 'expiry',
      occurredAt: now,
    });
  }
  return due;
}

/**
 * The next points to expire: at each upcoming lot expiry date, what would be due then (the
 * same reckoning as duePoints, with the lots' running total); the first date with something due.
 */
export async function nextExpiry(db: Executor, customerId: number, now = new Date()) {
  const [row] = rowsOf<{ at: Date | string; points: number }>(
    await db.execute(sql`
      select lots.at, greatest(0, least(b.balance, lots.expired_by + spent.total))::int as points
      from (
          select expires_at as at, sum(sum(points)) over (order by expires_at) as expired_by
          from ledger_entries where customer_id = ${customerId} and lot and expires_at is not null
          group by expires_at
        ) lots,
        (select coalesce(sum(points), 0) as total from ledger_entries where customer_id = ${customerId} and not lot) spent,
        (select balance from customers where id = ${customerId}) b
      where lots.at > ${now}::timestamptz and least(b.balance, lots.expired_by + spent.total) > 0
      order by lots.at
      limit 1`),
  );
  return row ? { points: row.points, at: new Date(row.at).toISOString() } : null;
}
