import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import { runExpiry } from '../modules/loyalty/index.ts';
import { recomputeRunningBalances } from './balances.ts';

/**
 * The demo's history of expiry: the expiry job replayed at the end of every past month since the
 * first lot fell due, so expired points show where they expired rather than all on the day the
 * demo starts. Then every running balance is recomputed from the ledger (the job writes each
 * entry's balance as of today's balance). Once, for a fresh demo, after the redemptions.
 */
export async function replayDemoExpiry(db: Db) {
  const [first] = rowsOf<{ at: Date | string | null }>(
    await db.execute(sql`select min(expires_at) as at from ledger_entries where expires_at <= now()`),
  );
  if (!first?.at) return;
  const start = new Date(first.at);
  let since: Date | null = null;
  for (
    let at = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    at.getTime() < Date.now();
    at = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1))
  ) {
    await runExpiry(db, since, at);
    since = at;
  }
  await recomputeRunningBalances(db, sql`select customer_id from ledger_entries where kind = 'EXPIRE'`);
}
