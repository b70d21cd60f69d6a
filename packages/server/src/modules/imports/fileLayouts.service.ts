import type { Readable } from 'node:stream';
import {
  type ColumnMapping,
  type FileLayout,
  type FileLayoutListQuery,
  type FileLayoutPreview,
  fileLayoutCommands,
  type fileLayoutResource,
  type ImportEncoding,
} from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { fileLayouts, imports } from '../../db/schema/index.ts';
import { missingTranslation } from '../../platform/bilingual.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { readFixedWidth } from './fixedWidth.ts';
import { limits } from './limits.ts';
import { readCsv } from './parse.ts';
import { type FileSource, openSource } from './spool.ts';

/** Saved file layouts (decisions/imports.md "File layouts"): CRUD commands, the mapping, reading a file by one. */

export type FileLayoutRow = typeof fileLayouts.$inferSelect;

const toFileLayout = (row: FileLayoutRow): FileLayout => isoDates(row);

const listSpec: ResourceListSpec<typeof fileLayouts, typeof fileLayoutResource> = {
  table: fileLayouts,
  sortable: { name: fileLayouts.name, createdAt: fileLayouts.createdAt },
  defaultSort: { field: 'name', direction: 'asc' },
  tieBreaker: fileLayouts.id,
  search: [fileLayouts.name, fileLayouts.nameAr],
  filters: {
    kind: (v: FileLayoutRow['kind']) => eq(fileLayouts.kind, v),
    format: (v: FileLayoutRow['format']) => eq(fileLayouts.format, v),
    missingTranslation: missingTranslation([fileLayouts.name, fileLayouts.nameAr]),
  },
};

export const listFileLayouts = (db: Executor, query: FileLayoutListQuery) =>
  listPage(db, listSpec, query, toFileLayout);

export const findFileLayout = (db: Executor, id: number, forUpdate = false) =>
  findOrFail(db, fileLayouts, fileLayouts.id, id, 'File layout', forUpdate);

export const getFileLayout = async (db: Executor, id: number) => toFileLayout(await findFileLayout(db, id));

/** The file's columns renamed to the kind's fields they are mapped to (the others keep their names). */
export function mapColumns(columns: string[], mapping: ColumnMapping | undefined): string[] {
  if (!mapping) return columns;
  const byColumn = new Map(Object.entries(mapping).map(([field, column]) => [column, field]));
  return columns.map((c) => byColumn.get(c) ?? c);
}

/** Reads a file by its layout (CSV options or fixed-width records), or as the kinds' default CSV. */
export function readFile(source: Readable, encoding: ImportEncoding, layout: FileLayoutRow | undefined) {
  if (layout?.format === 'FIXED_WIDTH' && layout.fixedWidth)
    return readFixedWidth(source, layout.encoding, layout.fixedWidth);
  return readCsv(source, layout?.encoding ?? encoding, {
    delimiter: layout?.delimiter,
    quote: layout?.quote,
    headerRow: layout?.headerRow,
  });
}

/**
 * The first lines of a file as its layout reads them, before any mapping: the preview where staff
 * map the file's columns to the kind's fields. Nothing is stored; a file fault throws as at upload.
 */
export async function previewFile(layout: FileLayoutRow, file: FileSource): Promise<FileLayoutPreview> {
  const preview: FileLayoutPreview = { columns: [], rows: [] };
  const source = openSource(file);
  for await (const rec of readFile(source, layout.encoding, layout)) {
    if ('header' in rec) preview.columns = rec.header;
    else if ('values' in rec) {
      preview.rows.push({ line: rec.line, values: rec.values });
      if (preview.rows.length >= limits.previewLines) break;
    }
  }
  source.destroy();
  return preview;
}

/** A layout's columns as stored: CSV options only for CSV, records only for fixed width. */
function stored(
  input: Omit<FileLayout, 'id' | 'createdAt' | 'updatedAt' | 'delimiter' | 'fixedWidth' | 'mapping'> & {
    delimiter?: string | undefined;
    fixedWidth?: FileLayout['fixedWidth'] | undefined;
    mapping?: FileLayout['mapping'] | undefined;
  },
) {
  const csv = input.format === 'CSV';
  return {
    ...input,
    delimiter: csv ? (input.delimiter ?? null) : null,
    fixedWidth: csv ? null : (input.fixedWidth ?? null),
  };
}

export const fileLayoutHandlers = [
  defineHandler(
    fileLayoutCommands.create,
    async ({ tx }, input) => {
      const [row] = (await tx
        .insert(fileLayouts)
        .values({ ...stored(input), mapping: input.mapping ?? {} })
        .returning()) as [FileLayoutRow];
      const after = toFileLayout(row);
      return { result: after, targetType: 'fileLayout', targetId: row.id, after };
    },
    { recordKey: (input) => input.name.toLowerCase() },
  ),
  defineHandler(fileLayoutCommands.update, async ({ tx }, { id, ...input }) => {
    const before = toFileLayout(await findFileLayout(tx, id, true));
    const [row] = (await tx
      .update(fileLayouts)
      .set({ ...stored(input), updatedAt: sql`now()` })
      .where(eq(fileLayouts.id, id))
      .returning()) as [FileLayoutRow];
    const after = toFileLayout(row);
    return { result: after, targetType: 'fileLayout', targetId: id, before, after };
  }),
  defineHandler(fileLayoutCommands.map, async ({ tx }, { id, mapping }) => {
    const before = await findFileLayout(tx, id, true);
    const [row] = (await tx
      .update(fileLayouts)
      .set({ mapping, updatedAt: sql`now()` })
      .where(eq(fileLayouts.id, id))
      .returning()) as [FileLayoutRow];
    return {
      result: toFileLayout(row),
      targetType: 'fileLayout',
      targetId: id,
      before: { mapping: before.mapping },
      after: { mapping },
    };
  }),
  defineHandler(fileLayoutCommands.delete, async ({ tx }, { id }) => {
    const before = toFileLayout(await findFileLayout(tx, id, true));
    // Imports read by it keep their lines; they lose the link (ON DELETE SET NULL).
    await tx.update(imports).set({ layoutId: null }).where(eq(imports.layoutId, id));
    await tx.delete(fileLayouts).where(eq(fileLayouts.id, id));
    return { result: undefined, targetType: 'fileLayout', targetId: id, before };
  }),
];

/**
 * The layout a push or an inbox folder names (decisions/imports-inbox.md "Layouts"): by its id, or
 * by its English name (case-insensitive). It must read transaction files; else 400, naming `field`.
 */
export async function layoutNamed(db: Executor, ref: string, field = 'layout'): Promise<number> {
  const byId = /^\d{1,9}$/.test(ref);
  const [row] = await db
    .select({ id: fileLayouts.id, kind: fileLayouts.kind })
    .from(fileLayouts)
    .where(byId ? eq(fileLayouts.id, Number(ref)) : sql`lower(${fileLayouts.name}) = lower(${ref})`)
    .limit(1);
  if (!row)
    throw new AppError('BAD_REQUEST', `No file layout ${ref}`, [
      { path: field, message: 'imports.unknownLayout' },
    ]);
  if (row.kind !== 'TRANSACTIONS')
    throw new AppError('BAD_REQUEST', `The file layout ${ref} does not read transaction files`, [
      { path: field, message: 'imports.wrongLayoutKind' },
    ]);
  return row.id;
}
