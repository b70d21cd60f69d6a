import { sql } from 'drizzle-orm';
import { type Executor, rowsOf, type Tx } from '../../db/client.ts';
import type { ChannelKey } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { programme } from './programme.ts';

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
  /** The API key posting (a channel's redemption): recorded with its channel. */
  key?: ChannelKey | undefined;
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

interface PostedRow {
  outcome: 'POSTED' | 'INSUFFICIENT_POINTS' | 'NOT_FOUND' | 'ENTRY_NOT_FOUND';
  entry_id: string | number | null;
  balance: number | null;
  lifetime_points: number | null;
  tier_id: number | null;
}

/**
 * Appends one ledger entry and moves the customer's balance, in the caller's transaction, through
 * the database function `loyalty_post_entry` (migration 0013): its UPDATE row-locks the customer
 * (concurrent postings for one customer serialize) and refuses a debit beyond the balance; the
 * tier is re-evaluated after.
 */
export async function postLedgerEntry(tx: Tx, entry: LedgerPosting): Promise<PostingResult> {
  const occurredAt = entry.occurredAt ?? new Date();
  const prog = await programme(tx);
  const lot = lotOf(entry.kind, entry.points);
  const expiresAt =
    lot && prog.settings.expiryMonths > 0 ? addMonths(occurredAt, prog.settings.expiryMonths) : null;
  const [row] = rowsOf<PostedRow>(
    await tx.execute(sql`
      select * from loyalty_post_entry(${entry.customerId}::bigint, ${entry.kind}::text, ${entry.points}::int,
        ${entry.reference}::text, ${lot}::boolean, ${expiresAt}::timestamptz, ${occurredAt}::timestamptz,
        ${entry.externalId ?? null}::text, ${entry.transactionTypeId ?? null}::int, ${entry.amount ?? null}::numeric,
        ${entry.ruleId ?? null}::int, ${entry.campaignId ?? null}::int, ${entry.reversalOf ?? null}::bigint,
        ${entry.note ?? null}::text, ${entry.actorId ?? null}::int,
        p_channel => ${entry.key?.channel ?? null}::text, p_api_key_id => ${entry.key?.id ?? null}::int)`),
  );
  switch (row?.outcome) {
    case 'POSTED':
      break;
    case 'INSUFFICIENT_POINTS':
      throw new AppError('INSUFFICIENT_POINTS', `Balance ${row.balance} is less than ${-entry.points}`);
    case 'ENTRY_NOT_FOUND':
      throw notFound('Ledger entry');
    default:
      throw notFound('Customer');
  }
  const posted = {
    entryId: Number(row.entry_id),
    balance: row.balance ?? 0,
    lifetimePoints: row.lifetime_points ?? 0,
    tierId: row.tier_id,
  };
  if (entry.points > 0 && !lot && prog.settings.expiryMonths > 0) {
    // A refund (e.g. a cancelled redemption) gives back points that may belong to lots that
    // have expired since: they expire now, as if the redemption had not happened.
    const expired = await expireCustomer(tx, entry.customerId, new Date());
    posted.balance -= expired;
  }
  return posted;
}

/** Points that decide the tier: lifetime points, or those earned within the rolling window. */
export async function qualifyingPoints(db: Executor, customerId: number, lifetimePoints: number) {
  const [row] = rowsOf<{ points: number }>(
    await db.execute(
      sql`select loyalty_qualifying_points(${customerId}::bigint, ${lifetimePoints}::int) as points`,
    ),
  );
  return row?.points ?? 0;
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
