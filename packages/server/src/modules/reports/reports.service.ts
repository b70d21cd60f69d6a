import {
  COHORT_MONTHS,
  type DayRangeQuery,
  type Report,
  type ReportName,
  type ReportRow,
} from '@loyalty/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { addDays, isoDay, type Period, periodOf } from './period.ts';

type Rows = Record<string, unknown>[];

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const bucketStart = (p: Period, column: SQL) =>
  p.bucket === 'day' ? sql`${column}` : sql`date_trunc(${p.bucket}, ${column}::timestamp)::date`;

/**
 * Points liability over the period: per day, week or month, points issued, redeemed, expired and
 * the outstanding points at the end of it (the liability) — from the ledger's daily roll-up.
 */
async function liability(db: Executor, p: Period): Promise<Rows> {
  const start = bucketStart(p, sql`day`);
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with buckets as (
        select ${start} as start,
          sum(points_in) filter (where kind in ('EARN', 'ADJUST')) as issued,
          sum(points_out) filter (where kind = 'REDEEM') as redeemed,
          sum(points_out) filter (where kind = 'EXPIRE') as expired,
          sum(points_in - points_out) as net
        from reports_ledger_daily where day <= ${p.to}
        group by 1
      )
      select start::text as period, coalesce(issued, 0)::bigint as issued, coalesce(redeemed, 0)::bigint as redeemed,
        coalesce(expired, 0)::bigint as expired,
        (sum(net) over (order by start))::bigint as outstanding
      from buckets
      order by start`),
  ).filter((r) => String((r as { period: string }).period) >= startOf(p));
}

/** The first bucket's start of the period (a week's Monday, a month's first day). */
function startOf(p: Period) {
  if (p.bucket === 'day') return p.from;
  const d = new Date(`${p.from}T00:00:00Z`);
  if (p.bucket === 'month') return `${p.from.slice(0, 7)}-01`;
  const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
  return monday.toISOString().slice(0, 10);
}

/**
 * Points that will expire in each of the next 12 months if customers do not spend them first.
 * What is due for a customer by time T (decisions/loyalty-engine.md) is
 * max(0, min(balance, Σ lots expiring by T + Σ non-lot entries)); the month's figure is the
 * difference between its end and the previous one. One pass over the ledger.
 */
/**
 * Reports too slow to count per request on a large programme are counted by the
 * `reports.snapshots` job every half hour and kept (`report_snapshots`); a request reads the copy
 * when it is under an hour old and of this month (month boundaries move their rows), else counts.
 * Never written by a request: reports may read from a read-only replica.
 */
const SNAPSHOT_TTL_SECONDS = 3_600;

async function kept(db: Executor, name: 'expiryForecast' | 'cohorts'): Promise<Rows | undefined> {
  const [row] = rowsOf<{ rows: Rows }>(
    await db.execute(sql`
      select rows from report_snapshots
      where name = ${name} and computed_at > now() - make_interval(secs => ${SNAPSHOT_TTL_SECONDS})
        and date_trunc('month', computed_at at time zone 'UTC') = date_trunc('month', now() at time zone 'UTC')`),
  );
  return row?.rows;
}

async function keep(db: Executor, name: string, rows: Rows) {
  await db.execute(sql`
    insert into report_snapshots (name, rows) values (${name}, ${JSON.stringify(rows)}::jsonb)
    on conflict (name) do update set rows = excluded.rows, computed_at = now()`);
}

/** The cohorts the job keeps: every joining month of the longest period a report may ask for. */
const keptCohortsPeriod = (today = isoDay(new Date())): Period =>
  periodOf({ from: `${addDays(today, -730).slice(0, 7)}-01`, to: today });

/** Counts the kept reports and keeps them (the job's work). */
export async function refreshSnapshots(db: Executor) {
  await keep(db, 'expiryForecast', await countExpiryForecast(db));
  await keep(db, 'cohorts', await countCohorts(db, keptCohortsPeriod()));
}

export const snapshotJobs: JobDefinition[] = [
  {
    name: 'reports.snapshots',
    intervalSeconds: SNAPSHOT_TTL_SECONDS / 2,
    async run(db) {
      await refreshSnapshots(db);
      return undefined;
    },
  },
];

const expiryForecast = async (db: Executor): Promise<Rows> =>
  (await kept(db, 'expiryForecast')) ?? countExpiryForecast(db);

/**
 * The kept cohorts of the period when the copy holds them whole: the period ends today or at the
 * end of a month (a cohort cut mid-month has fewer customers than the kept one).
 */
async function cohorts(db: Executor, p: Period): Promise<Rows> {
  const today = isoDay(new Date());
  const monthEnd = addDays(p.to, 1).endsWith('-01');
  const copy = p.to >= today || monthEnd ? await kept(db, 'cohorts') : undefined;
  if (!copy) return countCohorts(db, p);
  const [first, last] = [p.from.slice(0, 7), p.to.slice(0, 7)];
  return copy.filter((r) => String(r.cohort) >= first && String(r.cohort) <= last);
}

async function countExpiryForecast(db: Executor): Promise<Rows> {
  const ends = Array.from({ length: 13 }, (_, m) =>
    m === 0 ? sql`now()` : sql`date_trunc('month', now()) + make_interval(months => ${m})`,
  );
  const lots = sql.join(
    ends.map(
      (end, m) =>
        sql`coalesce(sum(points) filter (where lot and expires_at <= ${end}), 0) as ${sql.raw(`l${m}`)}`,
    ),
    sql`, `,
  );
  const due = sql.join(
    ends.map(
      (_, m) =>
        sql`sum(greatest(0, least(c.balance, l.${sql.raw(`l${m}`)} + l.n)))::bigint as ${sql.raw(`d${m}`)}`,
    ),
    sql`, `,
  );
  const [row] = rowsOf<Record<string, string>>(
    await db.execute(sql`
      with l as (
        select customer_id, coalesce(sum(points) filter (where not lot), 0) as n, ${lots}
        from ledger_entries group by customer_id
      )
      select ${due} from l join customers c on c.id = l.customer_id`),
  );
  const today = new Date();
  return Array.from({ length: 12 }, (_, i) => {
    const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + i, 1));
    return {
      month: month.toISOString().slice(0, 7),
      expiring: num(row?.[`d${i + 1}`]) - num(row?.[`d${i}`]),
    };
  });
}

/**
 * Issuance and redemption by transaction type (named in both languages), channel and kind in the
 * period, from the roll-up.
 * The channel is the posting API key's; '' for the back office, jobs and entries before channels
 * were recorded.
 */
async function activity(db: Executor, p: Period): Promise<Rows> {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select coalesce(t.name, '—') as "transactionType", coalesce(nullif(t.name_ar, ''), t.name, '—') as "transactionTypeAr",
        coalesce(t.code, '') as code, d.channel, d.kind,
        sum(d.entries)::bigint as entries, sum(d.points_in)::bigint as "pointsIn", sum(d.points_out)::bigint as "pointsOut"
      from reports_ledger_daily d left join transaction_types t on t.id = d.transaction_type_id
      where d.day between ${p.from} and ${p.to}
      group by t.name, t.name_ar, t.code, d.channel, d.kind
      order by sum(d.points_in + d.points_out) desc, d.kind, t.name`),
  );
}

/**
 * Tier changes in the period: from → to, how many customers, by month. The history keeps the
 * tier's name of the day; its Arabic is today's tier of that name's (or the name itself).
 */
async function tierMigration(db: Executor, p: Period): Promise<Rows> {
  return rowsOf<Record<string, unknown>>(
    // Counted per month and names first (from the changed_at index alone), named in Arabic after.
    await db.execute(sql`
      select to_char(h.month, 'YYYY-MM') as month,
        coalesce(h.from_tier_name, '—') as "fromTier",
        coalesce(nullif(ft.name_ar, ''), h.from_tier_name, '—') as "fromTierAr",
        coalesce(h.to_tier_name, '—') as "toTier",
        coalesce(nullif(tt.name_ar, ''), h.to_tier_name, '—') as "toTierAr",
        sum(h.customers)::int as customers
      from (
        select date_trunc('month', changed_at at time zone 'UTC') as month, from_tier_name, to_tier_name,
          count(*) as customers
        from customer_tier_history
        where changed_at >= ${p.from}::date and changed_at < (${p.to}::date + 1)
        group by 1, 2, 3
      ) h
        left join tiers ft on lower(ft.name) = lower(h.from_tier_name)
        left join tiers tt on lower(tt.name) = lower(h.to_tier_name)
      group by 1, 2, 3, 4, 5
      order by 1, 2, 4`),
  );
}

/** Messages received in the period by category: replied, closed, first response, overdue now. */
async function serviceDesk(db: Executor, p: Period): Promise<Rows> {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select coalesce(m.name_en, '—') as "categoryEn", coalesce(m.name_ar, '—') as "categoryAr",
        count(*)::int as received,
        count(*) filter (where c.replied_at is not null)::int as replied,
        count(*) filter (where c.status = 'CLOSED')::int as closed,
        round(avg(extract(epoch from c.replied_at - c.created_at) / 3600)::numeric, 1)::float as "firstResponseHours",
        count(*) filter (where c.status in ('NEW', 'ASSIGNED') and c.due_at < now())::int as overdue
      from conversations c left join message_categories m on m.id = c.category_id
      where c.created_at >= ${p.from}::date and c.created_at < (${p.to}::date + 1)
      group by m.name_en, m.name_ar
      order by received desc, 1`),
  );
}

/** Staff activity from the audit trail in the period: per user, what they did and how it went. */
async function staffActivity(db: Executor, p: Period): Promise<Rows> {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select coalesce(actor_username, '—') as "user", count(*)::int as actions,
        count(*) filter (where outcome = 'SUCCESS')::int as succeeded,
        count(*) filter (where outcome = 'PENDING')::int as "sentForApproval",
        count(*) filter (where outcome = 'DENIED')::int as denied,
        count(*) filter (where outcome = 'FAILED')::int as failed,
        count(*) filter (where command = 'auth.login' and outcome = 'SUCCESS')::int as "signIns",
        to_char(max(at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "lastAction"
      from audit_log
      where at >= ${p.from}::date and at < (${p.to}::date + 1)
      group by actor_username
      order by actions desc, 1`),
  );
}

/**
 * Vouchers: stock (codes in stock, issued and not cancelled, still available) now, and in the
 * period the redemptions, cancellations, points spent and their money value (the voucher's money
 * per redemption kept), by voucher with its store and category (each named in both languages). Redemptions are read through
 * their (voucher_id, created_at) index.
 */
async function vouchersReport(db: Executor, p: Period): Promise<Rows> {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select v.name as voucher, coalesce(nullif(v.name_ar, ''), v.name) as "voucherAr",
        s.name as store, coalesce(nullif(s.name_ar, ''), s.name) as "storeAr",
        c.name as category, coalesce(nullif(c.name_ar, ''), c.name) as "categoryAr", v.status, v.amount as stock, v.issued,
        (v.amount - v.issued) as available,
        coalesce(r.redemptions, 0)::int as redemptions, coalesce(r.cancelled, 0)::int as cancelled,
        coalesce(r.points, 0)::bigint as "pointsSpent",
        round(coalesce(r.redemptions, 0) * v.money, 2)::float as "moneyValue"
      from vouchers v
        join stores s on s.id = v.store_id
        join reward_categories c on c.id = s.category_id
        left join lateral (
          select count(*) filter (where x.status = 'ISSUED') as redemptions,
            count(*) filter (where x.status = 'CANCELLED') as cancelled,
            sum(x.points_spent) filter (where x.status = 'ISSUED') as points
          from redemptions x
          where x.voucher_id = v.id and x.created_at >= ${p.from}::date and x.created_at < (${p.to}::date + 1)
        ) r on true
      order by redemptions desc, "pointsSpent" desc, v.name, v.id`),
  );
}

/**
 * Engagement cohorts: customers by the month they joined (months starting in the period), and
 * for each of the 12 months after it the share of them (percent, one decimal) with an EARN or
 * REDEEM posting in that month; null for a month not over yet.
 */
async function countCohorts(db: Executor, p: Period): Promise<Rows> {
  const months = Array.from({ length: COHORT_MONTHS }, (_, i) => i + 1);
  const shares = sql.join(
    months.map(
      (
        m,
      ) => sql`case when c.cohort + make_interval(months => ${m + 1}) <= date_trunc('month', now() at time zone 'UTC')
        then round(100.0 * count(distinct a.customer_id) filter (where a.month = c.cohort + make_interval(months => ${m}))
          / count(distinct c.id), 1)::float end as ${sql.raw(`m${m}`)}`,
    ),
    sql`, `,
  );
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with c as (
        select id, date_trunc('month', joined_at at time zone 'UTC') as cohort
        from customers
        where joined_at >= date_trunc('month', ${p.from}::date) and joined_at < (${p.to}::date + 1)
      ), a as (
        select distinct e.customer_id, date_trunc('month', e.occurred_at at time zone 'UTC') as month
        from c join ledger_entries e on e.customer_id = c.id
          and e.occurred_at >= c.cohort + interval '1 month'
          and e.occurred_at < c.cohort + make_interval(months => ${COHORT_MONTHS + 1})
        where e.kind in ('EARN', 'REDEEM')
      )
      select to_char(c.cohort, 'YYYY-MM') as cohort, count(distinct c.id)::int as customers, ${shares}
      from c left join a on a.customer_id = c.id
      group by c.cohort
      order by c.cohort`),
  );
}

const reports: Record<ReportName, { columns: string[]; rows: (db: Executor, p: Period) => Promise<Rows> }> = {
  liability: { columns: ['period', 'issued', 'redeemed', 'expired', 'outstanding'], rows: liability },
  expiryForecast: { columns: ['month', 'expiring'], rows: (db) => expiryForecast(db) },
  activity: {
    columns: [
      'transactionType',
      'transactionTypeAr',
      'code',
      'channel',
      'kind',
      'entries',
      'pointsIn',
      'pointsOut',
    ],
    rows: activity,
  },
  tierMigration: {
    columns: ['month', 'fromTier', 'fromTierAr', 'toTier', 'toTierAr', 'customers'],
    rows: tierMigration,
  },
  serviceDesk: {
    columns: ['categoryEn', 'categoryAr', 'received', 'replied', 'closed', 'firstResponseHours', 'overdue'],
    rows: serviceDesk,
  },
  staffActivity: {
    columns: ['user', 'actions', 'succeeded', 'sentForApproval', 'denied', 'failed', 'signIns', 'lastAction'],
    rows: staffActivity,
  },
  vouchers: {
    columns: [
      'voucher',
      'voucherAr',
      'store',
      'storeAr',
      'category',
      'categoryAr',
      'status',
      'stock',
      'issued',
      'available',
      'redemptions',
      'cancelled',
      'pointsSpent',
      'moneyValue',
    ],
    rows: vouchersReport,
  },
  cohorts: {
    columns: ['cohort', 'customers', ...Array.from({ length: COHORT_MONTHS }, (_, i) => `m${i + 1}`)],
    rows: cohorts,
  },
};

/** Numbers as numbers (PostgreSQL bigint and numeric arrive as text), the columns in order. */
function cells(row: Record<string, unknown>, columns: string[]): ReportRow {
  return Object.fromEntries(
    columns.map((c) => {
      const v = row[c];
      if (v === null || v === undefined) return [c, null];
      if (typeof v === 'number') return [c, v];
      if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) && c !== 'code') return [c, Number(v)];
      return [c, String(v)];
    }),
  );
}

export async function runReport(db: Executor, name: ReportName, query: DayRangeQuery): Promise<Report> {
  const p = periodOf(query);
  const report = reports[name];
  const rows = await report.rows(db, p);
  return {
    name,
    from: p.from,
    to: p.to,
    columns: report.columns,
    rows: rows.map((r) => cells(r, report.columns)),
  };
}
