import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { recomputeRunningBalances } from './balances.ts';

/** The customers the demo's redemptions were made for. */
const redeemers = sql`select customer_id from redemptions where external_id like 'DEMO-R-%'`;

/** At most this many vouchers a customer redeems over the demo's history. */
const MAX_PER_CUSTOMER = 80;

/**
 * Demo redemptions, so the programme's history spends points as a mature bank programme does
 * (docs/decisions/demo-data.md): the dashboard's redemption rate and top rewards, the reports,
 * churn's redemption feature. Once, after the customers and the catalogue, set-based:
 *
 * - about one active customer in nine never redeems (none who earned 20,000 points or more);
 *   each of the others spends a share of what they earn drawn between 60 % and 95 %;
 * - each draws a sequence of vouchers they can afford (at most a third of what they will spend),
 *   cheap ones more often (weight 1/√points), within each voucher's per-customer limit;
 * - the k-th voucher is redeemed a few hours after the earning at which their share of what they
 *   had earned first covers the first k vouchers' points: points redeemed never exceed that share
 *   of points earned, so no balance goes below zero, and redemptions follow earnings over time;
 * - within each voucher's stock.
 *
 * Then every affected customer's running balances and balance are recomputed from the ledger.
 */
export async function seedDemoRedemptions(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with offer as (
        select id, points_required, per_customer_limit, amount - issued as stock,
          row_number() over (order by id) as n,
          coalesce(sum(1 / sqrt(points_required)) over (order by id rows between unbounded preceding and 1 preceding), 0)
            / sum(1 / sqrt(points_required)) over () as from_share
        from vouchers where status = 'ACTIVE'
      ), shares as (
        select array_agg(from_share order by n) as bounds from offer
      ), spender as (
        select c.id as customer_id, c.earned, 0.6 + 0.35 * random() + c.id * 0 as share
        from (select customer_id as id, sum(points) as earned from ledger_entries where kind = 'EARN'
              group by customer_id) c
          join customers k on k.id = c.id and k.status = 'ACTIVE'
        -- i.e. c.id * 0: a draw per row (an uncorrelated expression is evaluated once). Those who
        -- never redeem are among the less engaged: everyone who earned 20,000 points redeems.
        where random() + c.id * 0 >= 0.12 or c.earned >= 20000
      ), draws as materialized (
        -- Voucher n is drawn with its share of the weights (width_bucket: the bound the draw passed);
        -- materialized, so each draw is made once.
        select s.customer_id, s.share, s.earned, j, width_bucket(random() + j * 0 + s.customer_id * 0, shares.bounds) as n
        from spender s
          -- Enough draws for what they will spend (a voucher costs 400 points or more).
          cross join lateral generate_series(1, least(${MAX_PER_CUSTOMER}, 3 + s.earned * s.share / 500)::int) j
          cross join shares
      ), drawn as (
        select d.customer_id, d.share, d.earned, d.j, o.id as voucher_id, o.points_required, o.per_customer_limit, o.stock
        from draws d join offer o on o.n = d.n
        where o.points_required <= d.earned * d.share / 3
      ), allowed as (
        select * from (
          select d.*, row_number() over (partition by customer_id, voucher_id order by j) as held from drawn d) x
        where per_customer_limit is null or held <= per_customer_limit
      ), planned as (
        select * from (
          select a.*, sum(points_required) over (partition by customer_id order by j) as spent_by from allowed a) x
        where spent_by <= earned * share
      ), steps as (
        -- Each earning raises what its customer had earned from lo to hi.
        select customer_id, occurred_at, balance_after - points as lo, balance_after as hi
        from ledger_entries where kind = 'EARN'
      ), placed as (
        select p.customer_id, p.j, p.voucher_id, p.points_required, p.stock,
          least(now() - interval '1 hour', e.occurred_at + (1 + 70 * random() + p.j * 0) * interval '1 hour') as at
        from planned p join steps e on e.customer_id = p.customer_id
          and e.lo * p.share < p.spent_by and p.spent_by <= e.hi * p.share
      ), chosen as (
        select *, row_number() over (partition by voucher_id order by at, customer_id) as nth from placed
      ), entries as (
        -- Redeemed in the app, one in four in internet banking: the channel on the entry too, as the
        -- engine posts a channel's redemption.
        insert into ledger_entries (customer_id, kind, points, balance_after, lot, reference, external_id, occurred_at, channel)
        select customer_id, 'REDEEM', -points_required, 0, false, 'redemption', 'DEMO-R-' || customer_id || '-' || j, at,
          case when j % 4 = 0 then 'INTERNET_BANKING' else 'MOBILE_APP' end
        from chosen where nth <= stock
        returning id, customer_id, points, external_id, occurred_at, channel
      )
      insert into redemptions (customer_id, voucher_id, code, points_spent, status, channel, external_id,
        ledger_entry_id, created_at)
      select e.customer_id, ch.voucher_id,
        upper(substr(md5(e.external_id), 1, 4) || '-' || substr(md5(e.external_id), 5, 4) || '-' || substr(md5(e.external_id), 9, 4)),
        -e.points, 'ISSUED', e.channel, e.external_id, e.id,
        e.occurred_at
      from entries e join chosen ch on 'DEMO-R-' || ch.customer_id || '-' || ch.j = e.external_id`);
    // The redemption's reference names it, as the engine writes it.
    await tx.execute(sql`
      update ledger_entries e set reference = 'redemption:' || r.id
      from redemptions r where r.ledger_entry_id = e.id and e.reference = 'redemption'`);
    await tx.execute(sql`
      update vouchers v set issued = v.issued + r.n
      from (select voucher_id, count(*)::int as n from redemptions where external_id like 'DEMO-R-%'
            group by voucher_id) r
      where v.id = r.voucher_id`);
    // Running balances and balances of the customers who redeemed (lifetime points and tiers count earnings only).
    await recomputeRunningBalances(tx, redeemers);
    await tx.execute(sql`
      update customers c set balance = s.total, last_activity_at = greatest(c.last_activity_at, s.last)
      from (select customer_id, sum(points)::int as total, max(occurred_at) as last from ledger_entries
            where customer_id in (${redeemers})
            group by customer_id) s
      where c.id = s.customer_id`);
  });
}
