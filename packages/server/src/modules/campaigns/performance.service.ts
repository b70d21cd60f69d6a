import type { CampaignPerformance, CampaignPerformanceQuery } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';
import { holdoutResults } from './holdout.service.ts';

const DAY = 86_400_000;
const num = (v: unknown) => Number(v ?? 0);

/**
 * `matrix/filterbyproduct`: for [from, to] (whole UTC days), the campaign shares posted
 * (campaign_awards_campaign_idx) by transaction type and campaign; the budget burn by day
 * (cumulative since the campaign began); and the uplift: the same customers' earnings in the
 * period against the period of equal length before it (ledger_customer_occurred_idx); and, per
 * campaign with a holdout, its treated customers against its held-out ones (holdout.service.ts).
 */
export async function campaignPerformance(
  db: Executor,
  query: CampaignPerformanceQuery,
): Promise<CampaignPerformance> {
  const fromMs = Date.parse(`${query.from}T00:00:00Z`);
  const toMs = Date.parse(`${query.to}T00:00:00Z`) + DAY;
  const from = sql`${new Date(fromMs).toISOString()}::timestamptz`;
  const to = sql`${new Date(toMs).toISOString()}::timestamptz`;
  const before = sql`${new Date(2 * fromMs - toMs).toISOString()}::timestamptz`;
  const only = query.campaignId ?? null;
  const byProduct = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select e.transaction_type_id as "typeId", coalesce(t.name, '') as "typeEn",
        coalesce(nullif(t.name_ar, ''), t.name, '') as "typeAr", a.campaign_id as "campaignId", k.name_en as "nameEn",
        k.name_ar as "nameAr", sum(a.points) as bonus, sum(e.points) as points,
        count(*) filter (where e.kind = 'EARN') - count(*) filter (where e.kind = 'REVERSAL') as tx,
        count(distinct a.customer_id) as customers,
        coalesce(sum(e.amount) filter (where e.kind = 'EARN'), 0)
          - coalesce(sum(e.amount) filter (where e.kind = 'REVERSAL'), 0) as spend
      from campaign_awards a
        join ledger_entries e on e.id = a.entry_id
        join campaigns k on k.id = a.campaign_id
        left join transaction_types t on t.id = e.transaction_type_id
      where a.occurred_at >= ${from} and a.occurred_at < ${to}
        and (${only}::int is null or a.campaign_id = ${only}::int)
      group by 1, 2, 3, 4, 5, 6
      order by 7 desc, 1, 4`),
  );
  const burn = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select day, "campaignId", spent from (
        select to_char(d.day, 'YYYY-MM-DD') as day, d.campaign_id as "campaignId",
          sum(d.points) over (partition by d.campaign_id order by d.day) as spent, d.day as at
        from (
          select date_trunc('day', a.occurred_at at time zone 'UTC') as day, a.campaign_id, sum(a.points) as points
          from campaign_awards a
          where a.occurred_at < ${to} and (${only}::int is null or a.campaign_id = ${only}::int)
            and a.campaign_id in (select campaign_id from campaign_awards
              where occurred_at >= ${from} and occurred_at < ${to})
          group by 1, 2
        ) d
      ) w where w.at >= ${from} at time zone 'UTC'
      order by day, "campaignId"`),
  );
  const uplift = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with reached as (
        select distinct a.campaign_id, a.customer_id from campaign_awards a
        where a.occurred_at >= ${from} and a.occurred_at < ${to} and a.points > 0
          and (${only}::int is null or a.campaign_id = ${only}::int)
      )
      select r.campaign_id as "campaignId", k.name_en as "nameEn", k.name_ar as "nameAr", k.budget,
        count(distinct r.customer_id) as customers,
        count(e.id) filter (where e.occurred_at >= ${from}) as tx,
        count(e.id) filter (where e.occurred_at < ${from}) as "txBefore",
        coalesce(sum(e.amount) filter (where e.occurred_at >= ${from}), 0) as spend,
        coalesce(sum(e.amount) filter (where e.occurred_at < ${from}), 0) as "spendBefore"
      from reached r
        join campaigns k on k.id = r.campaign_id
        left join ledger_entries e on e.customer_id = r.customer_id and e.kind = 'EARN'
          and e.occurred_at >= ${before} and e.occurred_at < ${to}
      group by 1, 2, 3, 4
      order by 1`),
  );
  const holdout = await holdoutResults(db, fromMs, toMs, only);
  return {
    from: query.from,
    to: query.to,
    byProduct: byProduct.map((r) => ({
      transactionTypeId: r.typeId === null ? null : num(r.typeId),
      typeNameEn: String(r.typeEn),
      typeNameAr: String(r.typeAr),
      campaignId: num(r.campaignId),
      campaignNameEn: String(r.nameEn),
      campaignNameAr: String(r.nameAr),
      bonusPoints: num(r.bonus),
      pointsIssued: num(r.points),
      transactions: num(r.tx),
      customers: num(r.customers),
      spend: num(r.spend),
    })),
    burn: burn.map((r) => ({ day: String(r.day), campaignId: num(r.campaignId), spent: num(r.spent) })),
    uplift: uplift.map((r) => {
      const spend = num(r.spend);
      const spendBefore = num(r.spendBefore);
      return {
        campaignId: num(r.campaignId),
        campaignNameEn: String(r.nameEn),
        campaignNameAr: String(r.nameAr),
        budget: num(r.budget),
        customers: num(r.customers),
        transactions: num(r.tx),
        transactionsBefore: num(r.txBefore),
        spend,
        spendBefore,
        upliftPct: spendBefore > 0 ? Math.round(((spend - spendBefore) / spendBefore) * 1000) / 10 : null,
      };
    }),
    holdout,
  };
}
