import { PassThrough, type Readable } from 'node:stream';
import {
  type ExportFormat,
  exportAuditCommand,
  exportMediaTypes,
  exportQuerySchema,
  type ResourceDescriptor,
  resourcePath,
} from '@loyalty/contracts';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Executor } from '../db/client.ts';
import type { Actor } from './access.ts';
import { auditSource, writeAudit } from './audit.ts';
import { csvStream } from './csv.ts';
import { actorOf } from './http.ts';
import { type Keyset, keyset, type ListQuery } from './lists.ts';

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
 * Every item of a list in its order, read in keyset batches through the list's own function, so
 * the export has exactly the list's filters, search, sort, scoping and item shape, and holds
 * one batch in memory at a time.
 */
export async function* exportItems<Q extends ListQuery>(
  db: Executor,
  list: ListFunction<Q>,
  query: Q,
  actor: Actor,
  size = exportSettings.batch,
): AsyncGenerator<unknown> {
  const position: Keyset = { size };
  for (;;) {
    const page = await list(db, { ...query, page: 1, pageSize: size, [keyset]: position }, actor);
    if (!position.served) throw new Error('the export needs a list served by listPage');
    yield* page.items;
    if (page.items.length < size || !position.next) return;
    position.after = position.next;
    position.next = undefined;
    position.served = false;
  }
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

async function* records(items: AsyncIterable<unknown>, columns: readonly string[]) {
  const paths = columns.map((c) => c.split('.'));
  for await (const item of items) {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++)
      row[columns[i] as string] = cell(pick(item, paths[i] as string[]));
    yield row;
  }
}

/**
 * Rows as an XLSX workbook streamed as it is written (exceljs' streaming writer: rows are
 * committed one by one, never held as a workbook). Text is written as text, never as a formula,
 * so a cell beginning with `=` stays inert. A read failure destroys the stream like csvStream's.
 */
export function xlsxStream(
  rows: AsyncIterable<Record<string, unknown>>,
  columns: readonly string[],
  sheet: string,
): Readable {
  const out = new PassThrough();
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
  (async () => {
    for await (const row of rows) {
      worksheet.addRow(row).commit();
      // The zip writer pushes into `out`; wait for the client when it is behind.
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
    }
    worksheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
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
  /** The columns, when not every field of the item (`field.key` for a nested one). */
  options: { columns?: readonly string[] } = {},
): void {
  if (!resource.read) throw new Error(`${resource.name}: an export needs the list's read permission`);
  const permission = resource.read.code;
  const querystring = exportQuerySchema(resource.query);
  const columns = options.columns ?? exportColumns(resource.item);
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
      const rows = records(
        exportItems(app.db, list, query as unknown as z.output<R['query']> & ListQuery, actor),
        columns,
      );
      const file = exportFileName(resource.name, format);
      reply
        .type(format === 'csv' ? `${exportMediaTypes.csv}; charset=utf-8` : exportMediaTypes.xlsx)
        .header('content-disposition', `attachment; filename="${file}"`);
      return reply.send(
        format === 'csv' ? csvStream(rows, columns) : xlsxStream(rows, columns, resource.name),
      );
    },
  );
}
