import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * The plan of `query` with sequential scans priced out, as text: a test data set is small enough
 * for a scan to win, so this asks whether an index *can* serve the query, not whether it would.
 */
export const planWithoutSeqScan = (db: Db, query: SQL) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return JSON.stringify(await tx.execute(sql`explain ${query}`));
  });
