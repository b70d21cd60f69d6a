import type { ColumnMapping, FixedWidth, ImportControl } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { users } from './identity.ts';
import { apiKeys } from './integration.ts';

/**
 * A saved file layout (modules/imports/fileLayouts.service.ts, decisions/imports.md "File layouts"):
 * how a bank's file is read (CSV options, or fixed-width records) and the column mapping to its
 * kind's fields, reused by every upload naming it.
 */
export const fileLayouts = pgTable('file_layouts', {
  id: idColumn(),
  name: text('name').notNull(),
  nameAr: text('name_ar').notNull().default(''),
  kind: text('kind', {
    enum: ['TRANSACTIONS', 'CUSTOMERS', 'OPENING_BALANCES', 'VOUCHER_CODES'],
  }).notNull(),
  format: text('format', { enum: ['CSV', 'FIXED_WIDTH'] }).notNull(),
  encoding: text('encoding', { enum: ['UTF-8', 'WINDOWS-1256'] }).notNull(),
  /** CSV: null: sniffed from the first line. */
  delimiter: text('delimiter'),
  quote: text('quote').notNull().default('"'),
  headerRow: boolean('header_row').notNull().default(true),
  fixedWidth: jsonb('fixed_width').$type<FixedWidth>(),
  /** The kind's field → the file's column. */
  mapping: jsonb('mapping').$type<ColumnMapping>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A bulk import (modules/imports, decisions/imports.md): one file, staged line by line in
 * `import_lines`, validated, approved, posted by the `imports.post` job. A file's SHA-256 is unique
 * per kind: the same file sent again is refused as already imported.
 */
export const imports = pgTable(
  'imports',
  {
    id: idColumn(),
    kind: text('kind', {
      enum: ['TRANSACTIONS', 'CUSTOMERS', 'OPENING_BALANCES', 'VOUCHER_CODES'],
    }).notNull(),
    fileName: text('file_name').notNull(),
    checksum: text('checksum').notNull(),
    encoding: text('encoding', { enum: ['UTF-8', 'WINDOWS-1256'] }).notNull(),
    /** The channel the earnings post for (their externalId is unique in it); null: staff's own. */
    channel: text('channel'),
    /** The key that pushed the file (integration API); null for staff uploads. */
    apiKeyId: integer('api_key_id').references(() => apiKeys.id),
    postValid: boolean('post_valid').notNull().default(false),
    /** The layout that read the file; null: the kind's default CSV. */
    layoutId: integer('layout_id').references(() => fileLayouts.id, { onDelete: 'set null' }),
    /**
     * A voucher-codes file's voucher (the pool its codes are loaded into). No foreign key: the
     * kind checks it in the upload's transaction (a field error, not a key violation), and an
     * import keeps the number of a voucher deleted since (never redeemed, its pool gone with it).
     */
    voucherId: integer('voucher_id'),
    /** A fixed-width file's reconciliation with its trailer. */
    control: jsonb('control').$type<ImportControl>(),
    status: text('status', {
      enum: [
        'RECEIVED',
        'STAGING',
        'REFUSED',
        'VALIDATED',
        'INVALID',
        'QUEUED',
        'POSTING',
        'PAUSED',
        'DONE',
        'FAILED',
      ],
    }).notNull(),
    /** A received file waiting for (or in) staging: where it is spooled (null once staged or refused). */
    spoolPath: text('spool_path'),
    /** The file's size as received. */
    fileBytes: bigint('file_bytes', { mode: 'number' }),
    /** The staging job's claim on a STAGING import: another run may take it over after this. */
    stagingUntil: timestamp('staging_until', { withTimezone: true, mode: 'date' }),
    lines: integer('lines').notNull().default(0),
    invalidLines: integer('invalid_lines').notNull().default(0),
    posted: integer('posted').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    /** Lines refused by reason: at validation and by the engine when posting. */
    refused: jsonb('refused').$type<Record<string, number>>().notNull().default({}),
    progress: smallint('progress').notNull().default(0),
    createdById: integer('created_by_id').references(() => users.id),
    /** The maker: a staff username, or `apikey:<name>`. */
    createdBy: text('created_by').notNull(),
    approvedBy: text('approved_by'),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // A file refused whole (REFUSED: unreadable, nothing kept) may be sent again.
    uniqueIndex('imports_kind_checksum_key').on(t.kind, t.checksum).where(sql`${t.status} <> 'REFUSED'`),
    index('imports_status_idx').on(t.status),
    check('imports_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);

/**
 * An import's lines as read from its file (the header is line 1): the values by column, the
 * validation's refusal (`reason`, `field`); what posting answered is in `import_outcomes`.
 */
export const importLines = pgTable(
  'import_lines',
  {
    // The import's id, without a foreign key: its check cost more than the insert itself, per line
    // staged and per outcome (decisions/imports.md "No foreign keys to the import"); imports are never deleted.
    importId: integer('import_id').notNull(),
    line: integer('line').notNull(),
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    reason: text('reason'),
    field: text('field'),
    /**
     * The value that may appear once in the file (the kind's `unique`), on the line that holds it
     * first; null on a later occurrence (refused) and on a line without one. Staging checks a
     * batch against the lines staged before by this key, so no per-file set is kept in memory.
     */
    key: text('key'),
    /**
     * The kind's `partition` of the line (its customer's number; a reversal's: its earning's
     * customer), written when staged; null for a kind without one.
     */
    postKey: text('post_key'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.line] }),
    // The posting job's next batch: each worker reads on from its last line by the primary key, so
    // the lines it posted are not read again (no index of the lines not posted: one more index to
    // write for every line staged).
    // An import's bad lines in order (its page's first 100, the error file) without reading the
    // good ones: the page is polled while the import posts.
    index('import_lines_refused_idx').on(t.importId, t.line).where(sql`${t.reason} is not null`),
    // A file's values once each: a later line's key is looked up among the lines staged before.
    uniqueIndex('import_lines_key_idx').on(t.importId, t.key).where(sql`${t.key} is not null`),
  ],
);

/**
 * What posting a line answered (`outcome`: POSTED, REPLAYED or the engine's refusal), with its
 * ledger entry and points: written once, in the batch's transaction. A valid line without one is
 * not posted yet, which is where a restarted job resumes. Apart from `import_lines` so that a batch
 * appends its outcomes rather than rewriting its lines, which in customer order lie all over the
 * file (decisions/imports.md "Customer order").
 */
export const importOutcomes = pgTable(
  'import_outcomes',
  {
    // As the lines' (no foreign key).
    importId: integer('import_id').notNull(),
    line: integer('line').notNull(),
    outcome: text('outcome').notNull(),
    entryId: bigint('entry_id', { mode: 'number' }),
    points: integer('points'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
);
