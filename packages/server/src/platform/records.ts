import { type AnyColumn, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { notFound } from './errors.ts';

/**
 * The record of `table` whose `key` equals `value`, or 404 NOT_FOUND naming `what`. With `forUpdate`
 * the row is locked (FOR UPDATE) to the end of the transaction: what a command's handler reads
 * before it changes the record.
 */
export async function findOrFail<T extends PgTable>(
  db: Executor,
  table: T,
  key: AnyColumn,
  value: unknown,
  what: string,
  forUpdate = false,
): Promise<T['$inferSelect']> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(eq(key, value));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(what);
  return row as T['$inferSelect'];
}

/** `findOrFail` with the row locked: for handlers. */
export const lockOrFail = <T extends PgTable>(
  db: Executor,
  table: T,
  key: AnyColumn,
  value: unknown,
  what: string,
) => findOrFail(db, table, key, value, what, true);
