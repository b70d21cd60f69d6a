import { z } from 'zod';
import { arabicText, missingTranslationFilter } from '../bilingual.ts';
import { command, type ReadPermission } from '../commands.ts';
import { idInput, requiredText, text, timestamps } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { importEncodings, importKinds } from './imports.ts';

/**
 * Saved file layouts (issue 49, decisions/imports.md "File layouts"): how a bank's file is read —
 * CSV (delimiter, quote, header row, encoding) or fixed-width records told apart by a
 * discriminator (header H, detail D, trailer T, or as configured), each record's fields (start,
 * length, type, format, implied decimals) — and the column mapping from the file's columns to the
 * kind's fields, saved on the layout and reused by every upload that names it.
 */
export const fileLayoutFormats = ['CSV', 'FIXED_WIDTH'] as const;
export type FileLayoutFormat = (typeof fileLayoutFormats)[number];
export const fixedFieldTypes = ['string', 'integer', 'decimal', 'date'] as const;
export type FixedFieldType = (typeof fixedFieldTypes)[number];
export const recordRoles = ['HEADER', 'DETAIL', 'TRAILER'] as const;
export type RecordRole = (typeof recordRoles)[number];

/** A field name: the column the mapping and the error file call it by. */
const fieldName = z
  .string({ error: 'fillAllFields' })
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, { error: 'imports.layouts.badFieldName' });

/** A field of a fixed-width record: 1-based start and length in characters. */
export const fixedFieldSchema = z.object({
  name: fieldName,
  start: z.number({ error: 'fillAllFields' }).int().min(1).max(10_000),
  length: z.number({ error: 'fillAllFields' }).int().min(1).max(1_000),
  type: z.enum(fixedFieldTypes),
  /** Dates: the tokens YYYY MM DD HH mm ss and literal characters (default YYYYMMDD). */
  format: text(30).optional(),
  /** Decimals: the digits after an implied decimal point (`000012345`, 2 → 123.45). */
  decimals: z.number().int().min(0).max(6).optional(),
});
export type FixedField = z.infer<typeof fixedFieldSchema>;

export const recordTypeSchema = z.object({
  /** The discriminator's value for this record (`H`, `D`, `T`, `01`…). */
  code: z.string({ error: 'fillAllFields' }).min(1).max(10),
  role: z.enum(recordRoles),
  fields: z.array(fixedFieldSchema).min(1, { error: 'imports.layouts.noFields' }).max(100),
});
export type RecordType = z.infer<typeof recordTypeSchema>;

/** A fixed-width file's shape: the discriminator's place, the records, the trailer's control fields. */
export const fixedWidthSchema = z.object({
  discriminator: z.object({
    start: z.number().int().min(1).max(10_000),
    length: z.number().int().min(1).max(10),
  }),
  /** Every record is this long (characters, the line break not counted); absent: as its fields reach. */
  recordLength: z.number().int().min(1).max(10_000).optional(),
  records: z.array(recordTypeSchema).min(1).max(10),
  /** The trailer's field holding the number of detail records. */
  trailerCount: fieldName.optional(),
  /** The trailer's field holding the total of `totalOf` over the detail records. */
  trailerTotal: fieldName.optional(),
  /** The detail field the trailer's total adds up (a decimal or integer field). */
  totalOf: fieldName.optional(),
});
export type FixedWidth = z.infer<typeof fixedWidthSchema>;

/** The kind's field → the file's column (a CSV header's name, `1`, `2`… without one, or a fixed field). */
export const columnMappingSchema = z.record(z.string().max(40), z.string().max(200));
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

const fileLayoutFields = z.object({
  name: requiredText('fillAllFields', 100),
  nameAr: arabicText(100),
  kind: z.enum(importKinds),
  format: z.enum(fileLayoutFormats),
  encoding: z.enum(importEncodings).default('UTF-8'),
  /** CSV: one character; absent: sniffed from the first line (`, ; TAB |`). */
  delimiter: z.string().min(1).max(1).optional(),
  quote: z.string().min(1).max(1).default('"'),
  headerRow: z.boolean().default(true),
  fixedWidth: fixedWidthSchema.optional(),
  /** Absent on an update: the saved mapping stays (the preview's `fileLayout.map` changes it). */
  mapping: columnMappingSchema.optional(),
});

/** A layout's rules beyond each field's: one detail record, codes unique, the trailer's fields exist. */
function checkLayout(v: z.output<typeof fileLayoutFields>, ctx: z.RefinementCtx) {
  if (v.format === 'FIXED_WIDTH' && !v.fixedWidth)
    ctx.addIssue({ code: 'custom', path: ['fixedWidth'], message: 'imports.layouts.noRecords' });
  if (!v.fixedWidth) return;
  const details = v.fixedWidth.records.filter((r) => r.role === 'DETAIL');
  if (details.length !== 1)
    ctx.addIssue({ code: 'custom', path: ['fixedWidth', 'records'], message: 'imports.layouts.oneDetail' });
  const codes = v.fixedWidth.records.map((r) => r.code);
  if (new Set(codes).size !== codes.length)
    ctx.addIssue({ code: 'custom', path: ['fixedWidth', 'records'], message: 'imports.layouts.sameCode' });
  const trailer = v.fixedWidth.records.find((r) => r.role === 'TRAILER');
  const has = (r: RecordType | undefined, name: string | undefined) =>
    !name || !!r?.fields.some((f) => f.name === name);
  if (!has(trailer, v.fixedWidth.trailerCount) || !has(trailer, v.fixedWidth.trailerTotal))
    ctx.addIssue({
      code: 'custom',
      path: ['fixedWidth', 'trailerCount'],
      message: 'imports.layouts.noTrailerField',
    });
  if (!has(details[0], v.fixedWidth.totalOf))
    ctx.addIssue({
      code: 'custom',
      path: ['fixedWidth', 'totalOf'],
      message: 'imports.layouts.noTrailerField',
    });
}
export const fileLayoutInput = fileLayoutFields.superRefine(checkLayout);
export type FileLayoutInput = z.infer<typeof fileLayoutInput>;
export const fileLayoutUpdateInput = fileLayoutFields.extend(idInput.shape).superRefine(checkLayout);
/** The preview's mapping saved on the layout (its own command: staff map columns without editing the layout). */
export const fileLayoutMappingInput = idInput.extend({ mapping: columnMappingSchema });

export const fileLayoutSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameAr: z.string(),
  kind: z.enum(importKinds),
  format: z.enum(fileLayoutFormats),
  encoding: z.enum(importEncodings),
  delimiter: z.string().nullable(),
  quote: z.string(),
  headerRow: z.boolean(),
  fixedWidth: fixedWidthSchema.nullable(),
  mapping: columnMappingSchema,
  ...timestamps,
});
export type FileLayout = z.infer<typeof fileLayoutSchema>;

export const fileLayoutSortFields = ['name', 'createdAt'] as const;
export const fileLayoutListQuery = listQuerySchema(fileLayoutSortFields, {
  kind: z.enum(importKinds).optional(),
  format: z.enum(fileLayoutFormats).optional(),
  missingTranslation: missingTranslationFilter,
});
export type FileLayoutListQuery = z.output<typeof fileLayoutListQuery>;
export const fileLayoutPage = pageSchema(fileLayoutSchema);

export const fileLayoutCommands = {
  create: command('fileLayout.create', fileLayoutInput, 'Create a file layout'),
  update: command('fileLayout.update', fileLayoutUpdateInput, 'Update a file layout'),
  delete: command('fileLayout.delete', idInput, 'Delete a file layout'),
  map: command('fileLayout.map', fileLayoutMappingInput, "Save a file layout's column mapping"),
};
export const fileLayoutRead: ReadPermission = { code: 'fileLayout.read', summary: 'View file layouts' };

/** The preview of a file read by a layout before it is uploaded: its columns and first rows, unmapped. */
export const fileLayoutPreviewSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.object({ line: z.number().int(), values: z.array(z.string()) })),
});
export type FileLayoutPreview = z.infer<typeof fileLayoutPreviewSchema>;

export const fileLayoutResource = defineResource({
  name: 'file-layouts',
  area: 'imports',
  tag: 'Imports: file layouts',
  item: fileLayoutSchema,
  page: fileLayoutPage,
  query: fileLayoutListQuery,
  sortFields: fileLayoutSortFields,
  read: fileLayoutRead,
  commands: fileLayoutCommands,
  // Not in spec §2 (issue 49): beside the imports in the menu.
  screens: {
    list: { path: 'Imports/Layouts', label: 'fileLayouts' },
    create: { path: 'Imports/Layouts/New', label: 'newFileLayout' },
    edit: { path: 'Imports/Layouts/:id', label: 'editFileLayout' },
  },
  menu: { group: 'employeesCustomers' },
});
