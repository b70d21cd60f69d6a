import type { Dashboard, DayRangeQuery } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import { type Executor, readAll, rowsOf } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { pendingCounts } from '../approvals/index.ts';
import { addDays, isoDay, type Period, periodOf } from './period.ts';

/** Points of the ledger roll-up that count as issued: earnings and positive adjustments. */
const ISSUED = sql`kind in ('EARN', 'ADJUST')`;

const n = (v: unknown) => Number(v ?? 0);

/**
 * Issued, redeemed and expired in the period and the one before, and the outstanding points at the
 * end of each: one statement over the daily roll-up (never over the ledger).
 */
async function pointsFigures(db: Executor, p: Period) {
  const [row] = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`
      select
        sum(points_in) filter (where ${ISSUED} and day between ${p.from} and ${p.to}) as issued,
        sum(points_in) filter (where ${ISSUED} and day between ${p.previousFrom} and ${p.previousTo}) as issued_prev,
        sum(points_out) filter (where kind = 'REDEEM' and day between ${p.from} and ${p.to}) as redeemed,
        sum(points_out) filter (where kind = 'REDEEM' and day between ${p.previousFrom} and ${p.previousTo}) as redeemed_prev,
        sum(points_out) filter (where kind = 'EXPIRE' and day between ${p.from} and ${p.to}) as expired,
        sum(points_out) filter (where kind = 'EXPIRE' and day between ${p.previousFrom} and ${p.previousTo}) as expired_prev,
        sum(points_in - points_out) as outstanding,
        sum(points_in - points_out) filter (where day <= ${p.previousTo}) as outstanding_prev
      from reports_ledger_daily
      where day <= ${p.to}`),
  );
  return {
    issued: n(row?.issued),
    issuedPrev: n(row?.issued_prev),
    redeemed: n(row?.redeemed),
    redeemedPrev: n(row?.redeemed_prev),
    expired: n(row?.expired),
    expiredPrev: n(row?.expired_prev),
    outstanding: n(row?.outstanding),
    outstandingPrev: n(row?.outstanding_prev),
  };
}

/** Issued, redeemed and expired per day, week or month of the period. */
async function pointsSeries(db: Executor, p: Period) {
  const start = p.bucket === 'day' ? sql`day` : sql`date_trunc(${p.bucket}, day::timestamp)::date`;
  const rows = rowsOf<{ start: string; issued: string; redeemed: string; expired: string }>(
    await db.execute(sql`
      select ${start}::text as start,
        coalesce(sum(points_in) filter (where ${ISSUED}), 0) as issued,
        coalesce(sum(points_out) filter (where kind = 'REDEEM'), 0) as redeemed,
        coalesce(sum(points_out) filter (where kind = 'EXPIRE'), 0) as expired
      from reports_ledger_daily
      where day between ${p.from} and ${p.to}
      group by 1 order by 1`),
  );
  return rows.map((r) => ({
    start: r.start,
    issued: n(r.issued),
    redeemed: n(r.redeemed),
    expired: n(r.expired),
  }));
}

/** Points issued in the period by the posting channel, most first: one pass over the roll-up. */
async function issuedByChannel(db: Executor, p: Period) {
  const rows = rowsOf<{ channel: string; points: string }>(
    await db.execute(sql`
      select channel, sum(points_in) as points
      from reports_ledger_daily
      where ${ISSUED} and day between ${p.from} and ${p.to}
      group by channel having sum(points_in) > 0
      order by points desc, channel`),
  );
  return rows.map((r) => ({ channel: r.channel, points: n(r.points) }));
}

/** How long today's count of active customers is kept before it is counted again. */
export const ACTIVE_TODAY_TTL_SECONDS = 600;

interface Snapshot {
  active: number;
  tiers: { tierId: number | null; customers: number }[];
}

/**
 * Counts today's active customers (from their last activity) and the customers per tier in one
 * scan of the customers, and keeps them for today (the refresh job's work).
 */
export async function refreshActiveToday(db: Executor, today = isoDay(new Date())): Promise<Snapshot> {
  const rows = rowsOf<{ tier_id: number | null; customers: number; active: number }>(
    await db.execute(sql`
      select tier_id, count(*)::int as customers,
        count(*) filter (where last_activity_at >= ${addDays(today, -89)}::date)::int as active
      from customers group by tier_id`),
  );
  const snapshot: Snapshot = {
    active: rows.reduce((sum, r) => sum + r.active, 0),
    tiers: rows.map((r) => ({
      tierId: r.tier_id === null ? null : Number(r.tier_id),
      customers: r.customers,
    })),
  };
  await db.execute(sql`
    insert into reports_active_customers_daily (day, customers, tiers)
    values (${today}, ${snapshot.active}, ${JSON.stringify(snapshot.tiers)}::jsonb)
    on conflict (day) do update set customers = excluded.customers, tiers = excluded.tiers, computed_at = now()`);
  return snapshot;
}

/** Today's snapshot of the customers: the one kept when fresh, else counted now. */
async function snapshotToday(db: Executor, today = isoDay(new Date())): Promise<Snapshot> {
  const [fresh] = rowsOf<Snapshot>(
    await db.execute(sql`
      select customers as active, tiers from reports_active_customers_daily
      where day = ${today} and tiers is not null
        and computed_at > now() - make_interval(secs => ${ACTIVE_TODAY_TTL_SECONDS})`),
  );
  return fresh ?? refreshActiveToday(db, today);
}

/**
 * Customers with an EARN or REDEEM posting in the 90 days to the end of `day`. For today, from the
 * customers' last activity (kept by every such posting): a scan of the customers, so the count is
 * kept for ACTIVE_TODAY_TTL_SECONDS and refreshed by the `reports.active-customers` job. For a past
 * day, counted once from the ledger and kept for good (a past day does not change).
 */
export async function activeCustomers(db: Executor, day: string, today = isoDay(new Date())) {
  if (day >= today) return (await snapshotToday(db, today)).active;
  const since = addDays(day, -89);
  const [kept] = rowsOf<{ customers: number }>(
    await db.execute(sql`select customers from reports_active_customers_daily where day = ${day}`),
  );
  if (kept) return kept.customers;
  const [counted] = rowsOf<{ count: number }>(
    await db.execute(sql`
      select count(distinct customer_id)::int as count from ledger_entries
      where kind in ('EARN', 'REDEEM')
        and occurred_at >= ${since}::date and occurred_at < (${day}::date + 1)`),
  );
  const count = counted?.count ?? 0;
  await db.execute(sql`
    insert into reports_active_customers_daily (day, customers) values (${day}, ${count})
    on conflict (day) do nothing`);
  return count;
}

/** Keeps today's snapshot of the customers fresh, so no dashboard waits for the scan. */
export const reportJobs: JobDefinition[] = [
  {
    name: 'reports.active-customers',
    intervalSeconds: ACTIVE_TODAY_TTL_SECONDS / 2,
    async run(db) {
      await refreshActiveToday(db);
      return undefined;
    },
  },
];

async function pointSettings(db: Executor) {
  const [row] = rowsOf<{ point_value: string; currency: string }>(
    await db.execute(sql`select point_value, currency from report_settings where id = 1`),
  );
  return { pointValue: n(row?.point_value ?? 0), currency: row?.currency ?? 'SAR' };
}

const money = (points: number, value: number) => Math.round(points * value * 100) / 100;
const rate = (redeemed: number, issued: number) =>
  issued > 0 ? Math.round((redeemed / issued) * 1000) / 10 : null;

/** Customers per tier, lowest tier first: today's snapshot (see snapshotToday), named from the tiers. */
async function customersPerTier(db: Executor) {
  const { tiers: counts } = await snapshotToday(db);
  const rows = rowsOf<{
    tier_id: number | null;
    name: string | null;
    name_ar: string | null;
    customers: number;
  }>(
    await db.execute(sql`
      select c."tierId" as tier_id, t.name, t.name_ar, c.customers
      from jsonb_to_recordset(${JSON.stringify(counts)}::jsonb) as c("tierId" int, customers int)
        left join tiers t on t.id = c."tierId"
      order by t.min_points nulls first, c."tierId"`),
  );
  return rows.map((r) => ({ tierId: r.tier_id, name: r.name, nameAr: r.name_ar, customers: r.customers }));
}

async function topRewards(db: Executor, p: Period) {
  const rows = rowsOf<{
    voucher_id: number;
    name: string;
    name_ar: string;
    redemptions: number;
    points: string;
  }>(
    await db.execute(sql`
      select r.voucher_id, v.name, v.name_ar, count(*)::int as redemptions, sum(r.points_spent) as points
      from redemptions r join vouchers v on v.id = r.voucher_id
      where r.status = 'ISSUED'
        and r.created_at >= ${p.from}::date and r.created_at < (${p.to}::date + 1)
      group by r.voucher_id, v.name, v.name_ar
      order by redemptions desc, points desc, r.voucher_id
      limit 5`),
  );
  return rows.map((r) => ({
    voucherId: r.voucher_id,
    name: r.name,
    nameAr: r.name_ar,
    redemptions: r.redemptions,
    points: n(r.points),
  }));
}

async function messageFigures(db: Executor) {
  const [row] = rowsOf<{ open: number; overdue: number; unassigned: number }>(
    await db.execute(sql`
      select count(*)::int as open,
        count(*) filter (where due_at < now())::int as overdue,
        count(*) filter (where assignee_id is null)::int as unassigned
      from conversations where status in ('NEW', 'ASSIGNED')`),
  );
  return { open: row?.open ?? 0, overdue: row?.overdue ?? 0, unassigned: row?.unassigned ?? 0 };
}

/** The dashboard for a period: only the figures the actor may see (see dashboardSchema). */
export async function dashboard(db: Executor, actor: Actor, query: DayRangeQuery): Promise<Dashboard> {
  const p = periodOf(query);
  const may = (code: string) => actor.permissions.has(code);
  const seesCustomers = may('customer.read');
  const [figures, series, channels, settings, active, activePrev, tiers, rewards, approvals, messages] =
    await readAll(db, [
      () => (seesCustomers ? pointsFigures(db, p) : undefined),
      () => (seesCustomers ? pointsSeries(db, p) : undefined),
      () => (seesCustomers ? issuedByChannel(db, p) : undefined),
      () => (seesCustomers ? pointSettings(db) : undefined),
      () => (seesCustomers ? activeCustomers(db, p.to) : undefined),
      () => (seesCustomers ? activeCustomers(db, p.previousTo) : undefined),
      () => (seesCustomers && may('tier.read') ? customersPerTier(db) : undefined),
      () => (may('redemption.read') ? topRewards(db, p) : undefined),
      () => pendingCounts(db, actor),
      () => (may('message.read') ? messageFigures(db) : undefined),
    ]);
  const { bucket, from, to, previousFrom, previousTo } = p;
  return {
    period: { from, to, previousFrom, previousTo, bucket },
    ...(figures && settings && series && channels && active !== undefined
      ? {
          points: {
            outstanding: { value: figures.outstanding, previous: figures.outstandingPrev },
            outstandingValue: {
              value: money(figures.outstanding, settings.pointValue),
              previous: money(figures.outstandingPrev, settings.pointValue),
            },
            pointValue: settings.pointValue,
            currency: settings.currency,
            issued: { value: figures.issued, previous: figures.issuedPrev },
            redeemed: { value: figures.redeemed, previous: figures.redeemedPrev },
            expired: { value: figures.expired, previous: figures.expiredPrev },
            redemptionRate: {
              value: rate(figures.redeemed, figures.issued),
              previous: rate(figures.redeemedPrev, figures.issuedPrev),
            },
            activeCustomers: { value: active, previous: activePrev ?? null },
            series,
            channels,
          },
        }
      : {}),
    ...(tiers ? { tiers } : {}),
    ...(rewards ? { topRewards: rewards } : {}),
    approvals,
    ...(messages ? { messages } : {}),
  };
}
