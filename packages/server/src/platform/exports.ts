import { PassThrough, type Readable } from 'node:stream';
import {
  type ExportFormat,
  exportAuditCommand,
  exportMediaTypes,
  exportQuerySchema,
  type ResourceDescriptor,
  resourcePath,
} from '@loyalty/contracts';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import { cursorBatches, type Db, type Executor } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import type { Actor } from './access.ts';
import { auditSource, writeAudit } from './audit.ts';
import { csvBatchStream, csvLineStream } from './csv.ts';
import { actorOf } from './http.ts';
import { type Keyset, keyset, type ListQuery } from './lists.ts';

/**
 * The pool reports and exports read from: `REPORTS_DATABASE_URL` (a read replica) when set, the
 * main database otherwise. Its sessions are read-only (`default_transaction_read_only`), so a
 * write sent there by mistake fails instead of reaching a replica. Opened by the reports module
 * at start (`openReportsReader`), shared by every instance of the app in the process.
 */
let replica: { db: Db; pool: pg.Pool; users: number } | undefined;

export function reportsReader(main: Db): Db {
  return replica?.db ?? main;
}

/** Connections the reports pool has handed out (tests prove reads go there). */
export const reportsReaderStats = () => ({ acquired: replica ? acquired : 0 });
let acquired = 0;

/** Opens the reports pool (once per process; answers its closer). */
export function openReportsReader(url: string, poolSize: number): () => Promise<void> {
  if (!replica) {
    const pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      application_name: 'loyalty-admin-reports',
      options: '-c default_transaction_read_only=on',
    });
    pool.on('acquire', () => {
      acquired += 1;
    });
    replica = { db: drizzle({ client: pool, schema }) as unknown as Db, pool, users: 0 };
  }
  const opened = replica;
  opened.users += 1;
  return async () => {
    opened.users -= 1;
    if (opened.users > 0) return;
    if (replica === opened) replica = undefined;
    await opened.pool.end();
  };
}

/** A resource's list function: a page of items for a query (the actor for lists scoped to them). */
export type ListFunction<Q> = (
  db: Executor,
  query: Q,
  actor: Actor,
) => Promise<{ items: readonly unknown[] }>;

/**
 * Rows read per round trip; the items of one batch are completed together (no N+1). A setting
 * so tests can cross many batch boundaries on small data.
 */
export const exportSettings = { batch: 1_000 };

/**
 * Every item of a list in its order, in batches, through the list's own function, so the export
 * has exactly the list's filters, search, sort, scoping and item shape. With `cells` on
 * PostgreSQL, the list hands back its query and one cursor reads every row (cursorBatches);
 * otherwise batches are read in keyset order, the next asked for as soon as the current one
 * arrives (its keyset position is then known), so the database works while this batch is
 * encoded: two batches in memory at most.
 */
export async function* exportBatches<Q extends ListQuery>(
  db: Executor,
  list: ListFunction<Q>,
  query: Q,
  actor: Actor,
  size = exportSettings.batch,
  cells?: Pick<Keyset, 'cells' | 'csvLines'>,
): AsyncGenerator<readonly unknown[]> {
  const ask = async (position: Keyset) => {
    const page = await list(db, { ...query, page: 1, pageSize: size, [keyset]: position }, actor);
    if (!position.served) throw new Error('the export needs a list served by listPage');
    return page.items;
  };
  if (cells?.cells) {
    const whole: Keyset = { size, ...cells, statement: true };
    await ask(whole);
    const rows = cursorBatches(db, whole.statement as SQL, size);
    if (rows) {
      for await (const batch of rows)
        yield cells.csvLines ? batch.map((row) => row[0]) : batch.map((row) => row.map((c) => c ?? ''));
      return;
    }
  }
  const read = async (after: Keyset['after']) => {
    const position: Keyset = { size, after, ...cells };
    const items = await ask(position);
    return { items, next: items.length < size ? undefined : position.next };
  };
  let current = read(undefined);
  for (;;) {
    const { items, next } = await current;
    if (next) {
      current = read(next);
      // Not awaited until the next turn: a failure then is that turn's (no unhandled rejection).
      current.catch(() => {});
    }
    if (items.length) yield items;
    if (!next) return;
  }
}

/** Every item of a list in its order (exportBatches, one by one). */
export async function* exportItems<Q extends ListQuery>(
  db: Executor,
  list: ListFunction<Q>,
  query: Q,
  actor: Actor,
  size = exportSettings.batch,
): AsyncGenerator<unknown> {
  for await (const batch of exportBatches(db, list, query, actor, size)) yield* batch;
}

/** Unwraps optional / nullable / default to the schema inside. */
function inner(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) {
    s = s.unwrap() as z.ZodType;
  }
  return s;
}

/**
 * The export's columns from the item schema: one per field, nested objects (names in both
 * languages) flattened to `field.key`, in the schema's order. Fixed by the schema, so an empty
 * export still has its header.
 */
export function exportColumns(item: z.ZodType, prefix = ''): string[] {
  const schema = inner(item);
  if (!(schema instanceof z.ZodObject)) return prefix ? [prefix] : [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, field]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return inner(field) instanceof z.ZodObject ? exportColumns(field, name) : [name];
  });
}

/** One cell: text, number or boolean as they are; lists joined; anything else as JSON; nothing empty. */
function cell(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.join(', ');
  return JSON.stringify(value);
}

/** The value at a dotted path (`name.en`) of an item. */
function pick(item: unknown, path: readonly string[]): unknown {
  let v = item;
  for (const k of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

/** Batches of items as batches of rows: the columns' cells in order (arrays, not objects). */
async function* rowBatches(batches: AsyncIterable<readonly unknown[]>, columns: readonly string[]) {
  const paths = columns.map((c) => c.split('.'));
  for await (const batch of batches) {
    yield batch.map((item) => paths.map((path) => cell(pick(item, path))));
  }
}

/**
 * Rows as an XLSX workbook streamed as it is written (exceljs' streaming writer: rows are
 * committed one by one, never held as a workbook). Text is written as text, never as a formula,
 * so a cell beginning with `=` stays inert. A read failure destroys the stream like csvStream's.
 */
export function xlsxStream(
  batches: AsyncIterable<readonly (readonly unknown[])[]>,
  columns: readonly string[],
  sheet: string,
): Readable {
  const out = new PassThrough();
  (async () => {
    // Loaded on the first export: exceljs holds ≈ 7 MB of heap (decisions/imports.md "Memory").
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const worksheet = workbook.addWorksheet(sheet.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = columns.map((c) => ({
      header: c,
      key: c,
      width: Math.min(Math.max(c.length + 2, 12), 40),
    }));
    worksheet.getRow(1).font = { bold: true };
    for await (const batch of batches) {
      for (const row of batch) worksheet.addRow(row as unknown[]).commit();
      // The zip writer pushes into `out`; wait for the client when it is behind.
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
    }
    worksheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/**
 * An export's columns computed by the database, for the lists a million rows long: column → its
 * cell's SQL (a text, number or boolean, as `cell` would make it from the item; null is empty).
 * The list's own function still runs (its search, filters, sort and scoping), but its rows are
 * never mapped to items; for CSV the database writes each row's line too (`csv_cell` picks the
 * encoding by the cell's SQL type). A test holds the file equal to the items' one.
 */
export type ExportCells = Record<string, SQL | AnyColumn>;

/** A timestamp column as the item's ISO text (`Date.toISOString`: UTC, milliseconds). */
export const isoCell = (column: AnyColumn | SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A list's rows as a CSV or XLSX file stream, read in keyset batches (the export's pipeline). */
export function exportStream<Q extends ListQuery>(
  db: Executor,
  list: ListFunction<Q>,
  query: Q,
  actor: Actor,
  columns: readonly string[],
  format: ExportFormat,
  sheet: string,
  cells?: ExportCells,
): Readable {
  if (cells) {
    // The database computes the cells, and for CSV writes each row's line.
    const csv = format === 'csv';
    const batches = exportBatches(db, list, query, actor, exportSettings.batch, {
      cells: Object.values(cells),
      csvLines: csv,
    });
    return csv
      ? csvLineStream(batches as AsyncIterable<readonly string[]>, columns)
      : xlsxStream(batches as AsyncIterable<readonly (readonly unknown[])[]>, columns, sheet);
  }
  const rows = rowBatches(exportBatches(db, list, query, actor), columns);
  return format === 'csv' ? csvBatchStream(rows, columns) : xlsxStream(rows, columns, sheet);
}

/** `tiers-2026-11-23T17-20-00Z.csv` */
export function exportFileName(name: string, format: ExportFormat, now = new Date()) {
  return `${name}-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.${format}`;
}

/**
 * `GET /<name>/export?format=csv|xlsx&<the list's query>`: the list's matching rows in its order as
 * a file, streamed; with the list's read permission; audited (`list.export`, the resource, the
 * query). CSV cells a spreadsheet would run as formulas are escaped (csvStream).
 */
export function addExportRoute<R extends ResourceDescriptor>(
  app: FastifyInstance,
  resource: R,
  list: ListFunction<z.output<R['query']>>,
  /**
   * The columns, when not every field of the item (`field.key` for a nested one); `cells`, when
   * the database computes them (ExportCells): the list's function must then hand listPage's
   * items back as they are.
   */
  options: { columns?: readonly string[]; cells?: ExportCells } = {},
): void {
  if (!resource.read) throw new Error(`${resource.name}: an export needs the list's read permission`);
  const permission = resource.read.code;
  const querystring = exportQuerySchema(resource.query);
  const columns = options.columns ?? exportColumns(resource.item);
  if (options.cells && Object.keys(options.cells).join() !== columns.join())
    throw new Error(`${resource.name}: the export's cells must be its columns, in order`);
  app.get(
    `${resourcePath(resource)}/export`,
    {
      config: { access: { permission }, download: [exportMediaTypes.csv, exportMediaTypes.xlsx] },
      schema: {
        tags: [resource.tag],
        summary: 'The rows matching the list’s search, filters and sort, as CSV or XLSX, streamed',
        querystring,
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const {
        format,
        page: _page,
        pageSize: _size,
        ...query
      } = req.query as {
        format: ExportFormat;
        page?: number;
        pageSize?: number;
      } & Record<string, unknown>;
      await writeAudit(app.db, auditSource(actor), {
        command: exportAuditCommand,
        outcome: 'SUCCESS',
        targetType: resource.name,
        after: { format, ...query },
      });
      const file = exportFileName(resource.name, format);
      reply
        .type(format === 'csv' ? `${exportMediaTypes.csv}; charset=utf-8` : exportMediaTypes.xlsx)
        .header('content-disposition', `attachment; filename="${file}"`);
      return reply.send(
        exportStream(
          reportsReader(app.db),
          list,
          query as unknown as z.output<R['query']> & ListQuery,
          actor,
          columns,
          format,
          resource.name,
          options.cells,
        ),
      );
    },
  );
}
