import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { recomputeRunningBalances } from './balances.ts';

/** The customers the demo's redemptions were made for. */
const redeemers = sql`select customer_id from redemptions where external_id like 'DEMO-R-%'`;

/**
 * Demo redemptions, so the programme's history spends points as well as earning them (the
 * dashboard's redemption rate and top rewards, the reports, churn's redemption feature). Once,
 * after the customers and the catalogue, set-based: about 45 % of the active customers with three
 * or more earnings redeemed one voucher, late in their history, costing at most 60 % of what they
 * had earned by then — so no balance ever went below zero — and within each voucher's stock.
 * Then every affected customer's running balances and balance are recomputed from the ledger.
 */
export async function seedDemoRedemptions(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with earned as (
        select e.customer_id, e.occurred_at, e.balance_after as earned_before,
          row_number() over (partition by e.customer_id order by e.occurred_at, e.id) as k,
          count(*) over (partition by e.customer_id) as n
        from ledger_entries e join customers c on c.id = e.customer_id and c.status = 'ACTIVE'
        where e.kind = 'EARN'
      ), picked as (
        select customer_id, occurred_at + interval '3 hours' as at, earned_before from earned
        -- i.e. customer_id * 0: a draw per row (an uncorrelated expression is evaluated once).
        where n >= 3 and k = greatest(2, (n * 0.7)::int) and random() + customer_id * 0 < 0.45
      ), chosen as (
        select p.customer_id, p.at, v.id as voucher_id, v.points_required,
          row_number() over (partition by v.id order by p.customer_id) as nth, v.amount - v.issued as stock
        from picked p cross join lateral (
          select id, points_required, amount, issued from vouchers
          where status = 'ACTIVE' and points_required <= p.earned_before * 0.6
          order by random() + p.customer_id * 0 limit 1) v
      ), entries as (
        insert into ledger_entries (customer_id, kind, points, balance_after, lot, reference, external_id, occurred_at)
        select customer_id, 'REDEEM', -points_required, 0, false, 'redemption', 'DEMO-R-' || customer_id, at
        from chosen where nth <= stock
        returning id, customer_id, points, external_id, occurred_at
      )
      insert into redemptions (customer_id, voucher_id, code, points_spent, status, channel, external_id,
        ledger_entry_id, created_at)
      select e.customer_id, ch.voucher_id,
        upper(substr(md5(e.external_id), 1, 4) || '-' || substr(md5(e.external_id), 5, 4) || '-' || substr(md5(e.external_id), 9, 4)),
        -e.points, 'ISSUED', 'MOBILE_APP', e.external_id, e.id, e.occurred_at
      from entries e join chosen ch on ch.customer_id = e.customer_id`);
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
