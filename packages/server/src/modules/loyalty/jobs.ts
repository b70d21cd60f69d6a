import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { addMonths, expireCustomer } from './ledger.service.ts';
import { invalidateProgramme, programme } from './programme.ts';

const BATCH = 500;
const DAY = 86_400;

/**
 * Expires points whose lots reached their expiry since the last run (the watermark kept as the
 * job's state), customer by customer in batches, each batch in one transaction with the
 * customers' rows locked. Re-running is harmless: what is due is computed from the ledger.
 */
export async function runExpiry(db: Db, since: Date | null, now: Date): Promise<number> {
  let expired = 0;
  let after = 0;
  for (;;) {
    const ids = rowsOf<{ id: string | number }>(
      await db.execute(sql`
        select distinct customer_id as id from ledger_entries
        where expires_at is not null and expires_at <= ${now}::timestamptz
          and (${since}::timestamptz is null or expires_at > ${since}::timestamptz)
          and customer_id > ${after}
        order by customer_id limit ${BATCH}`),
    ).map((r) => Number(r.id));
    if (!ids.length) return expired;
    await db.transaction(async (tx) => {
      for (const id of ids) {
        await tx.execute(sql`select 1 from customers where id = ${id} for update`);
        expired += await expireCustomer(tx, id, now);
      }
    });
    after = ids[ids.length - 1] as number;
  }
}

/**
 * Moves every customer to the tier their qualifying points reach, set-based in batches of ids;
 * this is where PERIOD_END downgrades happen, rolling-window tiers fall, and tier ranges edited
 * by staff take effect. Answers how many customers changed tier.
 */
export async function runTierReview(db: Db, reason = 'REVIEW'): Promise<number> {
  await invalidateProgramme(db);
  const prog = await programme(db);
  const since = addMonths(new Date(), -prog.settings.tierWindowMonths);
  const qualifying =
    prog.settings.tierBasis === 'LIFETIME'
      ? sql`c.lifetime_points`
      : sql`coalesce((select sum(e.points) from ledger_entries e
          where e.customer_id = c.id and e.lot and e.qualifying and e.occurred_at > ${since}::timestamptz), 0)::int`;
  const [bounds] = rowsOf<{ max: string | number | null }>(
    await db.execute(sql`select max(id) as max from customers`),
  );
  const maxId = Number(bounds?.max ?? 0);
  let changed = 0;
  for (let from = 0; from < maxId; from += BATCH * 10) {
    const rows = rowsOf<{ n: number }>(
      await db.execute(sql`
        with q as (
          select c.id, c.tier_id as from_id, ${qualifying} as points
          from customers c where c.id > ${from} and c.id <= ${from + BATCH * 10}
        ), target as (
          select q.*, (select t.id from tiers t where t.min_points <= q.points order by t.min_points desc limit 1) as to_id
          from q
        ), moved as (
          update customers c set tier_id = target.to_id, updated_at = now()
          from target where c.id = target.id and target.to_id is distinct from target.from_id
          returning c.id, target.from_id, target.to_id, target.points
        ), history as (
          insert into customer_tier_history (customer_id, from_tier_id, from_tier_name, to_tier_id, to_tier_name, qualifying_points, reason)
          select m.id, m.from_id, f.name, m.to_id, t.name, m.points, ${reason}
          from moved m left join tiers f on f.id = m.from_id left join tiers t on t.id = m.to_id
          returning 1
        )
        select count(*)::int as n from history`),
    );
    changed += rows[0]?.n ?? 0;
  }
  return changed;
}

export const EXPIRY_JOB = 'loyalty.points-expiry';
export const TIER_REVIEW_JOB = 'loyalty.tier-review';

export const loyaltyJobs: JobDefinition[] = [
  {
    name: EXPIRY_JOB,
    intervalSeconds: DAY,
    async run(db, state) {
      const now = new Date();
      await runExpiry(db, state ? new Date(state) : null, now);
      return now.toISOString();
    },
  },
  {
    // Daily: rolling windows move every day. Under PERIOD_END, downgrades wait for the first
    // review of a month; upgrades never wait (they happen on posting).
    name: TIER_REVIEW_JOB,
    intervalSeconds: DAY,
    async run(db, state) {
      const month = new Date().toISOString().slice(0, 7);
      const prog = await programme(db);
      if (prog.settings.downgradePolicy === 'PERIOD_END' && state === month) return state;
      await runTierReview(db);
      return month;
    },
  },
];
