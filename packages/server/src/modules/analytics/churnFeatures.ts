import { type ChurnFeature, churnFeatures } from '@loyalty/contracts';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The churn features of customers as of a cut-off, set-based in one statement (docs/decisions/
 * analytics.md). Every feature reads only what was recorded at or before the cut-off: ledger
 * entries by `occurred_at`, tier changes by `changed_at`, conversations by `created_at`; the
 * label (no EARN or REDEEM in the horizon after it) is a separate part of the statement that
 * reads only after the cut-off. A conversation's sentiment (message_insights, read from its
 * opening message) counts when the conversation was opened by the cut-off. The population: customers who joined by the cut-off and earned
 * or redeemed in the year before it (those idle longer have already gone).
 */

/** Features given to the model as ln(1 + x): counts, amounts and durations with long tails. */
const logged = new Set<ChurnFeature>([
  'recencyDays',
  'earnings90',
  'earningsPrev90',
  'earnings365',
  'spend365',
  'balance',
  'expiringSoon',
  'redemptions365',
  'tenureDays',
  'messages365',
  'negativeMessages365',
]);

/** The raw value of each feature, as a column of the statement below (`f`). */
const rawColumn: Record<ChurnFeature, string> = {
  recencyDays: 'f.recency_days',
  earnings90: 'f.earnings90',
  earningsPrev90: 'f.earnings_prev90',
  earnings365: 'f.earnings365',
  spend365: 'f.spend365',
  balance: 'f.balance',
  expiringSoon: 'f.expiring_soon',
  redemptions365: 'f.redemptions365',
  tenureDays: 'f.tenure_days',
  tierRank: 'f.tier_rank',
  tierChanges365: 'f.tier_changes365',
  business: 'f.business',
  onlineShare: 'f.online_share',
  messages365: 'f.messages365',
  negativeMessages365: 'f.negative_messages365',
};

/** The model's input of a feature: its raw value, or ln(1 + value) for the long-tailed ones. */
export const modelInput = (f: ChurnFeature) =>
  logged.has(f) ? `ln(1 + greatest(${rawColumn[f]}, 0)::float8)` : `(${rawColumn[f]})::float8`;
export const rawInput = (f: ChurnFeature) => `(${rawColumn[f]})::float8`;

export interface FeatureQuery {
  cutoff: Date;
  /** With a horizon, each row carries its label: churned = 1 when idle in (cutoff, cutoff + horizon]. */
  horizonDays?: number;
  /** Keep about this share of customers (a stable hash of the id), 0 < share ≤ 1. */
  share?: number;
  /** Only these customers (the known-ranking and no-look-ahead tests). */
  customerIds?: number[];
}

/**
 * `f`: one row per customer of the population with the raw features (and `label`), as a
 * subquery to select from.
 */
export function featureSource(q: FeatureQuery): SQL {
  const cut = sql`${q.cutoff.toISOString()}::timestamptz`;
  const sampled =
    q.share !== undefined && q.share < 1
      ? sql`and mod(c.id * 2654435761, 10007) < ${Math.max(1, Math.round(q.share * 10007))}`
      : sql``;
  const only = q.customerIds
    ? sql`and c.id in (${sql.join(
        q.customerIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const label =
    q.horizonDays === undefined
      ? sql`null::int as label`
      : sql`case when exists (
          select 1 from ledger_entries l
          where l.customer_id = p.id and l.kind in ('EARN', 'REDEEM')
            and l.occurred_at > ${cut} and l.occurred_at <= ${cut} + make_interval(days => ${q.horizonDays})
        ) then 0 else 1 end as label`;
  // `pop` inlined where it is used, not materialised once: a materialised CTE is read by the
  // leader alone, which kept the ledger's aggregate off PostgreSQL's parallel workers.
  return sql`(
    with pop as not materialized (
      select c.id, c.joined_at, c.segment from customers c
      where c.joined_at <= ${cut} ${sampled} ${only}
    ),
    led as (
      select e.customer_id,
        max(e.occurred_at) filter (where e.kind in ('EARN', 'REDEEM')) as last_at,
        count(*) filter (where e.kind = 'EARN' and e.occurred_at > ${cut} - interval '90 days') as earnings90,
        count(*) filter (where e.kind = 'EARN' and e.occurred_at > ${cut} - interval '180 days'
          and e.occurred_at <= ${cut} - interval '90 days') as earnings_prev90,
        count(*) filter (where e.kind = 'EARN' and e.occurred_at > ${cut} - interval '365 days') as earnings365,
        coalesce(sum(e.amount) filter (where e.kind = 'EARN' and e.occurred_at > ${cut} - interval '365 days'), 0) as spend365,
        coalesce(sum(e.points), 0) as balance,
        coalesce(sum(e.points) filter (where e.kind = 'EARN' and e.lot and e.expires_at > ${cut}
          and e.expires_at <= ${cut} + interval '90 days'), 0) as expiring_soon,
        count(*) filter (where e.kind = 'REDEEM' and e.occurred_at > ${cut} - interval '365 days') as redemptions365,
        count(*) filter (where e.kind = 'EARN' and e.occurred_at > ${cut} - interval '365 days'
          and e.transaction_type_id = (select id from transaction_types where code = 'ONLINE_SPEND')) as online365
      from pop join ledger_entries e on e.customer_id = pop.id
      where e.occurred_at <= ${cut}
      group by e.customer_id
    ),
    tiered as (
      select h.customer_id,
        (array_agg(h.to_tier_id order by h.changed_at desc, h.id desc))[1] as tier_id,
        count(*) filter (where h.changed_at > ${cut} - interval '365 days') as changes365
      from pop join customer_tier_history h on h.customer_id = pop.id
      where h.changed_at <= ${cut}
      group by h.customer_id
    ),
    talked as (
      select v.customer_id, count(*) as n, count(*) filter (where i.sentiment = 'NEGATIVE') as negative
      from pop join conversations v on v.customer_id = pop.id
        left join message_insights i on i.conversation_id = v.id
      where v.created_at <= ${cut} and v.created_at > ${cut} - interval '365 days'
      group by v.customer_id
    )
    select p.id as customer_id,
      extract(epoch from (${cut} - led.last_at)) / 86400 as recency_days,
      led.earnings90, led.earnings_prev90, led.earnings365, led.spend365, led.balance, led.expiring_soon,
      led.redemptions365,
      extract(epoch from (${cut} - p.joined_at)) / 86400 as tenure_days,
      coalesce(ranks.r, 1) as tier_rank,
      coalesce(tiered.changes365, 0) as tier_changes365,
      case when p.segment = 'BUSINESS' then 1 else 0 end as business,
      case when led.earnings365 > 0 then led.online365::float8 / led.earnings365 else 0 end as online_share,
      coalesce(talked.n, 0) as messages365,
      coalesce(talked.negative, 0) as negative_messages365,
      ${label}
    from pop p
      join led on led.customer_id = p.id
      left join tiered on tiered.customer_id = p.id
      left join (select id, row_number() over (order by min_points) as r from tiers) ranks on ranks.id = tiered.tier_id
      left join talked on talked.customer_id = p.id
    where led.last_at > ${cut} - interval '365 days'
  ) f`;
}

/** Rows for training and measuring: the customer, the label and the model's inputs in order. */
export function trainingRows(q: FeatureQuery): SQL {
  return sql`select f.customer_id, f.label, array[${sql.raw(churnFeatures.map(modelInput).join(', '))}] as x,
      ${sql.raw(rawInput('recencyDays'))} as recency
    from ${featureSource(q)}
    order by f.customer_id`;
}

/** The raw features of customers as of a cut-off, by name (the no-look-ahead test compares them). */
export function rawFeatureRows(q: FeatureQuery): SQL {
  return sql`select f.customer_id, ${sql.raw(churnFeatures.map((c) => `${rawInput(c)} as "${c}"`).join(', '))}, f.label
    from ${featureSource(q)} order by f.customer_id`;
}
