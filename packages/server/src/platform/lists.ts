import {
  type FilterKeyOf,
  type ListQueryOf,
  type Page,
  parseSort,
  type SortFieldOf,
} from '@loyalty/contracts';
import { type AnyColumn, and, asc, desc, getTableName, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';

/**
 * How one list is served: a column for each sort field and a condition for each filter of its
 * query. Typed against the query and sort fields, so one without the other does not compile.
 */
export interface ListSpec<T extends PgTable, Q extends ListQuery = ListQuery, S extends string = string> {
  table: T;
  /** Field name in the API → column. */
  sortable: Record<S, AnyColumn>;
  defaultSort: { field: NoInfer<S>; direction: 'asc' | 'desc' };
  /** Unique column appended to every ORDER BY so pages are stable. */
  tieBreaker: AnyColumn;
  /** Columns `q` matches (case-insensitive substring). */
  search?: AnyColumn[];
  /** Filter name → condition for `?name=value`; every filter of the query has one. */
  filters: { [K in FilterKeyOf<Q>]-?: (value: NonNullable<Q[K]>) => SQL | undefined };
  /** For very large tables: count at most this many rows; `totalCapped` says the total is larger. */
  countLimit?: number;
}

/** The list spec of a resource descriptor (contracts): its sort fields and filters. */
export type ResourceListSpec<T extends PgTable, R> = ListSpec<T, ListQueryOf<R> & ListQuery, SortFieldOf<R>>;

export interface ListQuery {
  page: number;
  pageSize: number;
  sort?: string | undefined;
  q?: string | undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The condition of a list's search (`q`) and filters, without paging: the list's and its export's. */
export function listWhere<T extends PgTable, Q extends ListQuery, S extends string>(
  spec: ListSpec<T, Q, S>,
  query: Omit<Q, 'page' | 'pageSize' | 'sort'>,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.q && spec.search?.length) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(or(...spec.search.map((c) => ilike(c, pattern))));
  }
  for (const [field, build] of Object.entries(spec.filters) as [string, (v: unknown) => SQL | undefined][]) {
    const value = (query as Record<string, unknown>)[field];
    if (value !== undefined && value !== '') conditions.push(build(value));
  }
  return and(...conditions);
}

/** `?page=&pageSize=&sort=&q=&<field>=` → one page plus the total, on indexed columns. */
export async function listPage<T extends PgTable, Q extends ListQuery, S extends string, R>(
  db: Executor,
  spec: ListSpec<T, Q, S>,
  query: Q,
  toItem: (row: T['$inferSelect']) => R,
): Promise<Page<R> & { totalCapped?: boolean }> {
  const where = listWhere(spec, query);
  const sort = parseSort(query.sort) ?? spec.defaultSort;
  const column = (spec.sortable as Record<string, AnyColumn>)[sort.field];
  // The query schema allows only the contract's sort fields and the spec has a column for each:
  // a field without one is a defect to surface, never a silent fallback to another order.
  if (!column) throw new Error(`list of ${getTableName(spec.table)} cannot sort by ${sort.field}`);
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
