import {
  type FilterKeyOf,
  type ListQueryOf,
  type Page,
  parseSort,
  type SortFieldOf,
} from '@loyalty/contracts';
import {
  type AnyColumn,
  and,
  asc,
  desc,
  getTableColumns,
  getTableName,
  ilike,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { readAll, rowsOf } from '../db/client.ts';
import type { SystemBundle } from './settings/registry.ts';

/**
 * The system bundle of the lists' count bounds ("1–20 of 1000+"): the areas with large lists
 * (customers, messaging) declare their bounds in it (their tunables.ts).
 */
export const listsBundle: SystemBundle = {
  code: 'lists',
  nameEn: 'Lists',
  nameAr: 'القوائم',
  descriptionEn: 'How far the large lists count their rows before showing "more than".',
  descriptionAr: 'الحد الذي تعدّ إليه القوائم الكبيرة صفوفها قبل عرض "أكثر من".',
};

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
  /** Columns or expressions `q` matches (case-insensitive substring). */
  search?: (AnyColumn | SQL)[];
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
  /** Set by the export (platform/exports.ts): read the batch after a position instead of a page. */
  [keyset]?: Keyset;
}

/**
 * The key of a list query's keyset position. The export calls a resource's own list function
 * (so its scoping and the way it completes items stay the same) with `{...query, [keyset]: k}`:
 * `listPage` then reads the `k.size` rows after `k.after` in the list's order, without a count,
 * and leaves in `k.next` the position of the last one. A symbol, so no query string can set it.
 */
export const keyset: unique symbol = Symbol('list keyset');

/** A position in a list's order: the sort column's and the tie-breaker's values, as PostgreSQL text. */
export interface KeysetPosition {
  value: string | null;
  id: string;
}

export interface Keyset {
  size: number;
  after?: KeysetPosition | undefined;
  /**
   * Set by an export that knows its columns' SQL (exports.ts, `cells`): listPage then answers each
   * row as those cells, computed by the database, instead of the list's item (no row mapping).
   */
  cells?: readonly (SQL | AnyColumn)[] | undefined;
  /**
   * With `cells`, for a CSV file: each row answered as its CSV line (without the line break),
   * written by the database (`csv_cell`, migration 0052), so the server only joins lines.
   */
  csvLines?: boolean;
  /**
   * With `cells`: read nothing, and replace this with the query of every row from the start in
   * the list's order (its cells, or lines, only), for the export to read through a cursor.
   */
  statement?: SQL | true;
  /** Written by listPage: where the batch ended (undefined when it was empty). */
  next?: KeysetPosition | undefined;
  /** Written by listPage, so the export can tell a list that does not go through it. */
  served?: boolean;
}

/**
 * Rows after `p` in ORDER BY column, tieBreaker (both ascending or both descending, PostgreSQL's
 * default nulls: last ascending, first descending). Values compare as the column's own type
 * (the text parameter takes it), so timestamps keep their microseconds.
 */
function after(column: AnyColumn, tieBreaker: AnyColumn, direction: 'asc' | 'desc', p: KeysetPosition): SQL {
  const past = direction === 'asc' ? sql`>` : sql`<`;
  // A column without nulls: one row comparison, which the (column, id) index answers directly.
  if (column.notNull && p.value !== null)
    return sql`(${column}, ${tieBreaker}) ${past} (${p.value}, ${p.id})`;
  const nextId = sql`${tieBreaker} ${past} ${p.id}`;
  if (p.value === null) {
    const sameNull = and(isNull(column), nextId) as SQL;
    return direction === 'asc' ? sameNull : (or(sameNull, isNotNull(column)) as SQL);
  }
  const beyond = or(sql`${column} ${past} ${p.value}`, and(sql`${column} = ${p.value}`, nextId)) as SQL;
  return direction === 'asc' ? (or(beyond, isNull(column)) as SQL) : beyond;
}

/** `s` as a literal inside a LIKE pattern: its `%`, `_` and `\\` escaped. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

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

/**
 * The export's cells (`c0`, `c1` …) of a keyset batch, each row with its position, or with
 * `statement`, of every row (the export then reads them through a cursor). With `csvLines`,
 * each row as its CSV line instead: the cells then come from an inner query, so each `csv_cell`
 * gets a plain column and is inlined even when its cell is a sub-select, and the outer query
 * keeps the inner one's order by sorting on the same keys (already in order: no work).
 */
function cellsQuery<T extends PgTable, Q extends ListQuery, S extends string>(
  spec: ListSpec<T, Q, S>,
  batch: Keyset & { cells: readonly (SQL | AnyColumn)[] },
  where: SQL | undefined,
  order: typeof asc,
  column: AnyColumn,
): SQL {
  const names = batch.cells.map((_, i) => sql.identifier(`c${i}`));
  const position = batch.statement
    ? []
    : [sql`${column}::text as "value"`, sql`${spec.tieBreaker}::text as "id"`];
  const keys = batch.csvLines ? [sql`${column} as "k"`, sql`${spec.tieBreaker} as "t"`] : [];
  const rows = sql`select ${sql.join(
    [...batch.cells.map((c, i) => sql`${c} as ${names[i]}`), ...position, ...keys],
    sql`, `,
  )} from ${spec.table} where ${where ?? sql`true`}
    order by ${order(column)}, ${order(spec.tieBreaker)}${batch.statement ? sql`` : sql` limit ${batch.size}`}`;
  if (!batch.csvLines) return rows;
  const line = sql.join(
    names.map((n) => sql`csv_cell(${n})`),
    sql` || ',' || `,
  );
  return sql`select ${sql.join([sql`${line} as "line"`, ...(batch.statement ? [] : [sql`"value"`, sql`"id"`])], sql`, `)}
    from (${rows}) as batch order by ${order(sql`"k"`)}, ${order(sql`"t"`)}`;
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

  const batch = query[keyset];
  if (batch) {
    // The rows after the position, in the list's order; each with its own position as text.
    const past = and(where, batch.after && after(column, spec.tieBreaker, sort.direction, batch.after));
    const { cells } = batch;
    if (cells && batch.statement) {
      batch.statement = cellsQuery(spec, { ...batch, cells }, where, order, column);
      batch.served = true;
      return { items: [], total: 0, page: 1, pageSize: batch.size };
    }
    const found: { value: string | null; id: string; item: R }[] = cells
      ? rowsOf<Record<string, unknown>>(
          await db.execute(cellsQuery(spec, { ...batch, cells }, past, order, column)),
        ).map((row) => ({
          value: row.value as string | null,
          id: row.id as string,
          item: (batch.csvLines ? row.line : cells.map((_, i) => row[`c${i}`] ?? '')) as unknown as R,
        }))
      : (
          await db
            .select({
              row: getTableColumns(spec.table as PgTable),
              value: sql<string | null>`${column}::text`,
              id: sql<string>`${spec.tieBreaker}::text`,
            })
            .from(spec.table as PgTable)
            .where(past)
            .orderBy(order(column), order(spec.tieBreaker))
            .limit(batch.size)
        ).map((f) => ({ value: f.value, id: f.id, item: toItem(f.row as T['$inferSelect']) }));
    const last = found.at(-1);
    batch.next = last && { value: last.value, id: last.id };
    batch.served = true;
    return { items: found.map((f) => f.item), total: found.length, page: 1, pageSize: batch.size };
  }

  const [rows, [count]] = await readAll(db, [
    () =>
      db
        .select()
        .from(spec.table as PgTable)
        .where(where)
        .orderBy(order(column), order(spec.tieBreaker))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
    () =>
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
