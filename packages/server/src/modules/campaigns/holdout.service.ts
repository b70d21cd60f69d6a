import type { CampaignHoldoutResult, HoldoutGroup } from '@loyalty/contracts';
import quantile from '@stdlib/stats-base-dists-t-quantile';
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';
import { criteriaJson } from './active.ts';

const DAY = 86_400_000;
const num = (v: unknown) => Number(v ?? 0);
const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

interface Moments {
  n: number;
  mean: number;
  variance: number;
}

/**
 * The 95 % Welch interval of mean(a) − mean(b) (docs/decisions/campaign-holdouts.md): unequal
 * variances, Welch–Satterthwaite degrees of freedom; null when a group has fewer than 2 customers.
 */
export function welchInterval(a: Moments, b: Moments): { low: number; high: number } | null {
  if (a.n < 2 || b.n < 2) return null;
  const va = a.variance / a.n;
  const vb = b.variance / b.n;
  const se = Math.sqrt(va + vb);
  const difference = a.mean - b.mean;
  if (se === 0) return { low: difference, high: difference };
  const df = (va + vb) ** 2 / (va ** 2 / (a.n - 1) + vb ** 2 / (b.n - 1));
  const half = quantile(0.975, df) * se;
  return { low: difference - half, high: difference + half };
}

const group = (r: Record<string, unknown> | undefined): HoldoutGroup & Moments => {
  const customers = num(r?.n);
  const spend = num(r?.spend);
  const points = num(r?.points);
  const active = num(r?.active);
  return {
    customers,
    activeCustomers: active,
    activeRate: customers ? round(active / customers, 4) : 0,
    transactions: num(r?.tx),
    spend,
    spendPerCustomer: customers ? round(spend / customers) : 0,
    points,
    pointsPerCustomer: customers ? round(points / customers) : 0,
    n: customers,
    mean: num(r?.mean),
    variance: num(r?.variance),
  };
};
const publicGroup = ({ n: _n, mean: _m, variance: _v, ...g }: HoldoutGroup & Moments): HoldoutGroup => g;

/**
 * Treated against held out, per campaign with a holdout that ran in [fromMs, toMs): its eligible
 * customers today (ACTIVE, of its tiers, segments, customer list and criteria — as the earning's
 * decision matches them), split by loyalty_campaign_holdout; each customer's net spend,
 * transactions and points over the campaign's days in the period (ledger_customer_occurred_idx),
 * aggregated in SQL to n, mean and sample variance for Welch's interval; and the daily spend per
 * customer of each group for the chart.
 */
export async function holdoutResults(db: Executor, fromMs: number, toMs: number, only: number | null) {
  const from = sql`${new Date(fromMs).toISOString()}::timestamptz`;
  const to = sql`${new Date(toMs).toISOString()}::timestamptz`;
  const found = rowsOf<{ id: number; criterionIds: number[] }>(
    await db.execute(sql`
      select id, criterion_ids as "criterionIds" from campaigns
      where holdout_pct > 0 and status <> 'DRAFT' and starts_at < ${to} and ends_at > ${from}
        and (${only}::int is null or id = ${only}::int)
      order by id`),
  );
  if (!found.length) return [];
  const ids = `{${found.map((k) => k.id).join(',')}}`;
  const criteria = await criteriaJson(
    db,
    found.flatMap((k) => k.criterionIds),
  );
  const byCampaign = JSON.stringify(
    Object.fromEntries(found.map((k) => [k.id, k.criterionIds.flatMap((id) => criteria.get(id) ?? [])])),
  );
  const audience = sql`
    k as (
      select k.id, k.holdout_seed, k.holdout_pct, k.tier_ids, k.segments, k.customer_numbers,
        greatest(k.starts_at, ${from}) as wfrom, least(k.ends_at, ${to}) as wto,
        coalesce(${byCampaign}::jsonb -> k.id::text, '[]'::jsonb) as criteria
      from campaigns k where k.id = any(${ids}::int[])
    ),
    aud as (
      select k.id as campaign_id, k.wfrom, k.wto, c.id as customer_id,
        loyalty_campaign_holdout(c.id, k.holdout_seed, k.holdout_pct) as held
      from k join customers c on c.status = 'ACTIVE'
        and (cardinality(k.tier_ids) = 0 or c.tier_id = any(k.tier_ids))
        and (cardinality(k.segments) = 0 or c.segment = any(k.segments))
        and (cardinality(k.customer_numbers) = 0
          or upper(c.customer_number) = any(select upper(n) from unnest(k.customer_numbers) n))
        and (jsonb_array_length(k.criteria) = 0 or loyalty_criteria_failure(c, k.criteria) is null)
    )`;
  const groups = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with ${audience},
      per as (
        select a.campaign_id, a.customer_id, a.held,
          coalesce(sum(e.amount) filter (where e.kind = 'EARN'), 0)
            - coalesce(sum(e.amount) filter (where e.kind = 'REVERSAL'), 0) as spend,
          count(e.id) filter (where e.kind = 'EARN') - count(e.id) filter (where e.kind = 'REVERSAL') as tx,
          coalesce(sum(e.points), 0) as points
        from aud a left join ledger_entries e on e.customer_id = a.customer_id
          and e.kind in ('EARN', 'REVERSAL') and e.occurred_at >= a.wfrom and e.occurred_at < a.wto
        group by 1, 2, 3
      )
      select campaign_id as "campaignId", held, count(*) as n, sum(spend) as spend, avg(spend) as mean,
        coalesce(var_samp(spend), 0) as variance, sum(tx) as tx, sum(points) as points,
        count(*) filter (where tx > 0) as active
      from per group by 1, 2`),
  );
  const daily = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with ${audience}
      select a.campaign_id as "campaignId", a.held, to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD') as day,
        coalesce(sum(e.amount) filter (where e.kind = 'EARN'), 0)
          - coalesce(sum(e.amount) filter (where e.kind = 'REVERSAL'), 0) as spend
      from aud a join ledger_entries e on e.customer_id = a.customer_id
        and e.kind in ('EARN', 'REVERSAL') and e.occurred_at >= a.wfrom and e.occurred_at < a.wto
      group by 1, 2, 3`),
  );
  const terms = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select k.id as "campaignId", k.name_en as "nameEn", k.name_ar as "nameAr", k.holdout_pct as pct,
        greatest(k.starts_at, ${from}) as wfrom, least(k.ends_at, ${to}) as wto,
        (select coalesce(sum(a.points), 0) from campaign_awards a where a.campaign_id = k.id
          and a.occurred_at >= greatest(k.starts_at, ${from}) and a.occurred_at < least(k.ends_at, ${to})) as bonus
      from campaigns k where k.id = any(${ids}::int[])
      order by k.id`),
  );
  const spent = new Map(daily.map((r) => [`${num(r.campaignId)} ${r.held} ${r.day}`, num(r.spend)]));
  return terms.map((k): CampaignHoldoutResult => {
    const id = num(k.campaignId);
    const of = (held: boolean) => group(groups.find((g) => num(g.campaignId) === id && g.held === held));
    const treated = of(false);
    const holdout = of(true);
    const interval = welchInterval(treated, holdout);
    const difference = treated.mean - holdout.mean;
    const bonusPoints = num(k.bonus);
    const wfrom = new Date(k.wfrom as string | Date).getTime();
    const wto = new Date(k.wto as string | Date).getTime();
    const days: string[] = [];
    for (let d = Math.floor(wfrom / DAY) * DAY; d < wto; d += DAY)
      days.push(new Date(d).toISOString().slice(0, 10));
    const spendOn = (held: boolean, day: string) => spent.get(`${id} ${held} ${day}`) ?? 0;
    return {
      campaignId: id,
      campaignNameEn: String(k.nameEn),
      campaignNameAr: String(k.nameAr),
      holdoutPct: num(k.pct),
      from: days[0] ?? '',
      to: days.at(-1) ?? '',
      treated: publicGroup(treated),
      holdout: publicGroup(holdout),
      difference: round(difference),
      low: interval && round(interval.low),
      high: interval && round(interval.high),
      bonusPoints,
      incrementalSpendPerPoint:
        interval && bonusPoints > 0 ? round((difference * treated.customers) / bonusPoints, 4) : null,
      distinguishable: !!interval && (interval.low > 0 || interval.high < 0),
      daily: days.map((day) => ({
        day,
        treated: treated.customers ? round(spendOn(false, day) / treated.customers) : 0,
        holdout: holdout.customers ? round(spendOn(true, day) / holdout.customers) : 0,
      })),
    };
  });
}
