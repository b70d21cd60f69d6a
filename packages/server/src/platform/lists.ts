import { type Page, parseSort } from '@loyalty/contracts';
import { type AnyColumn, and, asc, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';

/** How one resource is listed: its allow-listed sort fields, search columns and filters. */
export interface ListSpec<T extends PgTable> {
  table: T;
  /** Field name in the API → column. Only these can be sorted on. */
  sortable: Record<string, AnyColumn>;
  defaultSort: { field: string; direction: 'asc' | 'desc' };
  /** Unique column appended to every ORDER BY so pages are stable. */
  tieBreaker: AnyColumn;
  /** Columns `q` matches (case-insensitive substring). */
  search?: AnyColumn[];
  /** Field name → condition builder for `?field=value` filters. */
  filters?: Record<string, (value: never) => SQL | undefined>;
  /** For very large tables: count at most this many rows; `totalCapped` says the total is larger. */
  countLimit?: number;
}

export interface ListQuery {
  page: number;
  pageSize: number;
  sort?: string | undefined;
  q?: string | undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `?page=&pageSize=&sort=&q=&<field>=` → one page plus the total, on indexed columns. */
export async function listPage<T extends PgTable, Q extends ListQuery, R>(
  db: Executor,
  spec: ListSpec<T>,
  query: Q,
  toItem: (row: T['$inferSelect']) => R,
): Promise<Page<R> & { totalCapped?: boolean }> {
  const conditions: (SQL | undefined)[] = [];
  if (query.q && spec.search?.length) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(or(...spec.search.map((c) => ilike(c, pattern))));
  }
  for (const [field, build] of Object.entries(spec.filters ?? {}) as [
    string,
    (v: unknown) => SQL | undefined,
  ][]) {
    const value = (query as Record<string, unknown>)[field];
    if (value !== undefined && value !== '') conditions.push(build(value));
  }
  const where = and(...conditions);
  const requested = parseSort(query.sort);
  const sort = requested && spec.sortable[requested.field] ? requested : spec.defaultSort;
  const column = spec.sortable[sort.field] as AnyColumn;
  const order = sort.direction === 'asc' ? asc : desc;

  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(spec.table as PgTable)
      .where(where)
      .orderBy(order(column), order(spec.tieBreaker))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    spec.countLimit
      ? db.select({ total: sql<number>`count(*)::int` }).from(
          db
            .select({ one: sql`1` })
            .from(spec.table as PgTable)
            .where(where)
            .limit(spec.countLimit + 1)
            .as('bounded'),
        )
      : db
          .select({ total: sql<number>`count(*)::int` })
          .from(spec.table as PgTable)
          .where(where),
  ]);
  const total = count?.total ?? 0;
  const totalCapped = spec.countLimit !== undefined && total > spec.countLimit;
  return {
    items: (rows as T['$inferSelect'][]).map(toItem),
    total: totalCapped ? (spec.countLimit as number) : total,
    ...(spec.countLimit === undefined ? {} : { totalCapped }),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Dates become ISO strings for the API. */
export function isoDates<T extends Record<string, unknown>>(
  row: T,
): { [K in keyof T]: T[K] extends Date ? string : T[K] } {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out as { [K in keyof T]: T[K] extends Date ? string : T[K] };
}
