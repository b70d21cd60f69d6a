import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { idInput, text } from '../common.ts';
import { channelSchema } from '../configuration/channels.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { UploadBytes } from '../rewards/images.ts';

/**
 * Bulk imports (issue 49): a file of lines staged, validated line by line, approved by a second
 * person (or pushed by a channel's key) and posted by a background job (decisions/imports.md).
 * Kinds: transactions (earnings through the integration API's engine), customers (the integration
 * API's upsert), opening balances (the migration from the system being replaced) and voucher codes
 * (a partner's codes loaded into a SUPPLIED voucher's pool).
 */
export const importKinds = ['TRANSACTIONS', 'CUSTOMERS', 'OPENING_BALANCES', 'VOUCHER_CODES'] as const;
export type ImportKind = (typeof importKinds)[number];

export const importEncodings = ['UTF-8', 'WINDOWS-1256'] as const;
export type ImportEncoding = (typeof importEncodings)[number];

/**
 * RECEIVED: a pushed file spooled to disk, waiting for the staging job; STAGING: the job reads and
 * checks it (progress: the file's bytes read); REFUSED: the file cannot be read as a whole (its
 * `error` says why, nothing of it kept); VALIDATED: every line staged and checked, waiting for approval; INVALID: a line is bad and the
 * file is all-or-nothing (nothing will post); QUEUED, POSTING: approved, the job posts it; DONE;
 * FAILED: the job stopped on an error (it resumes where it stopped once queued again); PAUSED: staff
 * paused the posting (`import.pause`): the job stops between batches until `import.resume`.
 */
export const importStatuses = [
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
] as const;
export type ImportStatus = (typeof importStatuses)[number];
export const importStatus = z.enum(importStatuses);

/** The header of a transactions file: the integration API's transaction fields. */
export const transactionFileColumns = [
  'externalId',
  'customerNumber',
  'transactionTypeCode',
  'amount',
  'occurredAt',
] as const;

/**
 * A transactions file's optional column: on a reversal line, the externalId of the earning it
 * reverses (earlier in the file, or posted before in the import's channel). The line's other cells
 * are not needed: the earning's points are taken back as `POST …/transactions/{externalId}/reversal`
 * does (decisions/imports.md).
 */
export const reversalColumn = 'reversalOf';

/**
 * A customers file: the integration API's upsert fields (a header row naming them). Only
 * `customerNumber` and `fullName` are required columns; an absent column or an empty cell leaves
 * the field as it is. `products` are separated by spaces.
 */
export const customerFileColumns = [
  'customerNumber',
  'fullName',
  'fullNameAr',
  'mobile',
  'email',
  'language',
  'segment',
  'nationality',
  'residency',
  'dateOfBirth',
  'kycLevel',
  'products',
] as const;

/**
 * An opening-balances file (the migration): one line per customer. `balance` and `lifetimePoints`
 * are whole points; `tier` a tier's name (English or Arabic), empty: the tier the points reach;
 * `joinedAt` a date (YYYY-MM-DD), empty: unchanged; `lots` the balance's points lots, each
 * `points@YYYY-MM-DD` (the date it expires), separated by spaces — their points sum to `balance`.
 */
export const openingBalanceFileColumns = [
  'customerNumber',
  'balance',
  'lifetimePoints',
  'tier',
  'joinedAt',
  'lots',
] as const;

/**
 * A voucher-codes file: one partner code per line (1–64 characters, no spaces), loaded into the
 * pool of the voucher chosen at upload (`voucherId`, a SUPPLIED voucher). The voucher's validity
 * applies to its codes.
 */
export const voucherCodeFileColumns = ['code'] as const;
/** A partner's code: what a code in a pool may be. */
export const voucherCodePattern = /^[\x21-\x7E]{1,64}$/;

/** Each kind's columns (the header row), and those a file must have. */
export const importFileColumns: Record<ImportKind, readonly string[]> = {
  TRANSACTIONS: [...transactionFileColumns, reversalColumn],
  CUSTOMERS: customerFileColumns,
  OPENING_BALANCES: openingBalanceFileColumns,
  VOUCHER_CODES: voucherCodeFileColumns,
};
export const importRequiredColumns: Record<ImportKind, readonly string[]> = {
  TRANSACTIONS: transactionFileColumns,
  CUSTOMERS: ['customerNumber', 'fullName'],
  OPENING_BALANCES: openingBalanceFileColumns,
  VOUCHER_CODES: voucherCodeFileColumns,
};

/** Why a line is refused (validation), or what posting it answered (the engine's outcomes). */
export const importLineReasons = [
  'missingField',
  'badAmount',
  'badDate',
  'unknownTransactionType',
  'unknownCustomer',
  'duplicateExternalId',
  'raggedRow',
  'tooLong',
  // customers and opening balances
  'badCustomerNumber',
  'badMobile',
  'badEmail',
  'badField',
  'duplicateCustomer',
  'badPoints',
  'unknownTier',
  'lotsMismatch',
  'lifetimeBelowBalance',
  'alreadyOpened',
  // reversals in transactions files
  'unknownOriginal',
  // voucher codes
  'badCode',
  'duplicateCode',
  'codeExists',
  // fixed-width records (a layout's)
  'badRecordLength',
  'unknownRecordType',
  'badNumber',
  // the engine's refusals when posting
  'CONFLICT',
  'NOT_ACTIVE',
  'NOT_FOUND',
  'LIMIT_EXCEEDED',
  'NOT_ELIGIBLE',
  'INSUFFICIENT_POINTS',
] as const;
export type ImportLineReason = (typeof importLineReasons)[number];

/** A new import as staff upload it (multipart: the file and these fields). */
export const importUploadFields = z.object({
  kind: z.enum(importKinds).default('TRANSACTIONS'),
  encoding: z.enum(importEncodings).default('UTF-8'),
  /** The channel the earnings are posted for: their externalId is unique in it, as through the API. */
  channel: channelSchema.optional(),
  /** Post the valid lines of a file that has bad ones (otherwise nothing posts from it); "false" is false. */
  postValid: z.union([z.boolean(), z.stringbool()]).default(false),
  /** The saved file layout that reads the file (its kind, encoding, format and column mapping win). */
  layoutId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** A voucher-codes file: the SUPPLIED voucher whose pool the codes are loaded into. */
  voucherId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
/**
 * A received file spooled to disk (decisions/imports.md "Files on disk"): its path, size and
 * SHA-256, hashed while it was written. Serialised (audit, approval requests) as its size only.
 */
export class SpooledFile {
  constructor(
    readonly path: string,
    readonly bytes: number,
    readonly sha256: string,
  ) {}
  toJSON() {
    return { bytes: this.bytes };
  }
}

export const importUploadInput = importUploadFields.extend({
  fileName: text(200).default(''),
  /** The file: spooled to disk as received, or (a demo's, a test's) small bytes in memory. */
  content: z.union([z.instanceof(SpooledFile), z.instanceof(UploadBytes)]),
});
export type ImportUploadInput = z.infer<typeof importUploadInput>;

export const importLineErrorSchema = z.object({
  /** The line's number in the file (the header is line 1). */
  line: z.number().int(),
  reason: z.enum(importLineReasons),
  /** Which field, when one. */
  field: z.string().nullable(),
});
export type ImportLineError = z.infer<typeof importLineErrorSchema>;

export const importControlSchema = z.object({
  records: z.number().int(),
  total: z.string().nullable().describe("the detail records' total of the layout's totalOf field"),
  trailerRecords: z.number().int().nullable(),
  trailerTotal: z.string().nullable(),
});
export type ImportControl = z.infer<typeof importControlSchema>;

export const importSchema = z.object({
  id: z.number().int(),
  kind: z.enum(importKinds),
  fileName: z.string(),
  checksum: z.string().describe('SHA-256 of the file as received'),
  encoding: z.enum(importEncodings),
  channel: channelSchema.nullable(),
  postValid: z.boolean(),
  status: importStatus,
  /** Data lines (the header not counted). */
  lines: z.number().int(),
  invalidLines: z.number().int(),
  posted: z.number().int(),
  /** Lines whose externalId was posted already (an earlier file, or the API). */
  duplicates: z.number().int(),
  /** Lines refused: when validating and by the engine, by reason. */
  refused: z.record(z.string(), z.number().int()),
  points: z.number().int(),
  /** 0–100. */
  progress: z.number().int(),
  createdBy: z.string(),
  /** The file layout that read the file; null: the kind's default CSV. */
  layoutId: z.number().int().nullable(),
  /** A voucher-codes file's voucher. */
  voucherId: z.number().int().nullable(),
  /** A fixed-width file's reconciliation: the detail records and total read, the trailer's. */
  control: importControlSchema.nullable(),
  approvedBy: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The first bad lines (at most 100; all of them in the error file). */
  errors: z.array(importLineErrorSchema),
});
export type Import = z.infer<typeof importSchema>;

/** The first lines of a staged file, as read (the preview). */
export const importPreviewSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.object({ line: z.number().int(), values: z.array(z.string()) })),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importSortFields = ['createdAt'] as const;
export const importListQuery = listQuerySchema(importSortFields, {
  status: importStatus.optional(),
  kind: z.enum(importKinds).optional(),
});
export type ImportListQuery = z.infer<typeof importListQuery>;
export const importPage = pageSchema(importSchema);

export const importCommands = {
  create: command('import.create', importUploadInput, 'Upload a file to import: it is staged and validated'),
  post: command('import.post', idInput, "Post a validated import's lines (approved by a second person)"),
  pause: command('import.pause', idInput, 'Pause a posting import: the job stops after its current batch'),
  resume: command('import.resume', idInput, 'Resume a paused import where it stopped'),
};
/** The integration API's file push (scope `imports`): staged, validated and posted without a checker. */
export const importReceiveCommand = command(
  'channel.transactionFile.post',
  importUploadInput,
  'Send a file of transactions to import',
);

export const importRead: ReadPermission = {
  code: 'import.read',
  summary: 'View imports, their lines and errors',
};

export const importResource = defineResource({
  name: 'imports',
  area: 'imports',
  tag: 'Imports',
  item: importSchema,
  page: importPage,
  query: importListQuery,
  sortFields: importSortFields,
  read: importRead,
  commands: importCommands,
  // Not in spec §2 (issue 49): beside the customers in the menu.
  screens: {
    list: { path: 'Imports', label: 'imports' },
    create: { path: 'Imports/New', label: 'newImport' },
    view: { path: 'Imports/:id', label: 'import' },
  },
  menu: { group: 'employeesCustomers' },
});

/** The integration API's answer to a pushed file: the import to poll. */
export const importAcceptedSchema = z.object({ id: z.number().int(), status: importStatus });
