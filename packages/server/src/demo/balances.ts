import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/**
 * Makes every ledger entry's balance of the customers `customerIds` selects the running sum of
 * their points in time order, after demo history was written out of order (redemptions, expiry).
 */
export async function recomputeRunningBalances(db: Executor, customerIds: SQL) {
  await db.execute(sql`
    update ledger_entries e set balance_after = r.run
    from (select id, sum(points) over (partition by customer_id order by occurred_at, id) as run
          from ledger_entries where customer_id in (${customerIds})) r
    where e.id = r.id and e.balance_after <> r.run`);
}
