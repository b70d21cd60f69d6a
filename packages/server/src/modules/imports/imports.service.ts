import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import {
  type Import,
  type ImportControl,
  type ImportLineError,
  type ImportLineReason,
  type ImportListQuery,
  type ImportPreview,
  type ImportUploadInput,
  importCommands,
  importFileColumns,
  importReceiveCommand,
  importRequiredColumns,
  type importResource,
  SpooledFile,
  type UploadBytes,
} from '@loyalty/contracts';
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { type Db, type Executor, rowsOf, type Tx } from '../../db/client.ts';
import { importLines, imports } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/access.ts';
import { defineHandler } from '../../platform/commands.ts';
import { csvLine } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { type JobDefinition, requestJobRun } from '../../platform/jobs.ts';
import { listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { type FileLayoutRow, findFileLayout, mapColumns, readFile } from './fileLayouts.service.ts';
import type { FileCheck, ImportKindHandler } from './kinds/kind.ts';
import { importKindHandlers } from './kinds/registry.ts';
import { limits } from './limits.ts';
import { fileFault } from './parse.ts';
import { postImportBatch, postQueuedImports } from './posting.ts';
import { checksumOf, openSource, unspool } from './spool.ts';
import { StagingThreadDied, stageInThread, stagingThread } from './stagingThread.ts';

/** The job that posts approved imports (decisions/imports.md). */
export const IMPORT_POST_JOB = 'imports.post';
/** The job that stages received (pushed) files from the spool (decisions/imports.md "Files on disk"). */
export const IMPORT_STAGE_JOB = 'imports.stage';

export type ImportRow = typeof imports.$inferSelect;
type LineRow = typeof importLines.$inferInsert;

// ---------------------------------------------------------------------------------------------
// Reads

async function lineErrors(db: Executor, id: number, limit?: number): Promise<ImportLineError[]> {
  const query = db
    .select({ line: importLines.line, reason: importLines.reason, field: importLines.field })
    .from(importLines)
    .where(and(eq(importLines.importId, id), isNotNull(importLines.reason)))
    .orderBy(asc(importLines.line));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((r) => ({ line: r.line, reason: r.reason as ImportLineReason, field: r.field }));
}

export const toImport = (row: ImportRow, errors: ImportLineError[] = []): Import => ({
  id: row.id,
  kind: row.kind,
  fileName: row.fileName,
  checksum: row.checksum,
  encoding: row.encoding,
  channel: row.channel as Import['channel'],
  postValid: row.postValid,
  status: row.status,
  lines: row.lines,
  layoutId: row.layoutId,
  voucherId: row.voucherId,
  control: row.control,
  invalidLines: row.invalidLines,
  posted: row.posted,
  duplicates: row.duplicates,
  refused: row.refused,
  points: row.points,
  progress: row.progress,
  createdBy: row.createdBy,
  approvedBy: row.approvedBy,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  errors,
});

const importSpec: ResourceListSpec<typeof imports, typeof importResource> = {
  table: imports,
  sortable: { createdAt: imports.createdAt },
  defaultSort: { field: 'createdAt', direction: 'desc' },
  tieBreaker: imports.id,
  search: [imports.fileName, imports.createdBy],
  filters: {
    status: (v: ImportRow['status']) => eq(imports.status, v),
    kind: (v: ImportRow['kind']) => eq(imports.kind, v),
  },
};

export const listImports = (db: Executor, query: ImportListQuery) =>
  listPage(db, importSpec, query, (row) => toImport(row));

export const findImport = (db: Executor, id: number, forUpdate = false) =>
  findOrFail(db, imports, imports.id, id, 'Import', forUpdate);

/** An import with its first bad lines. */
export async function getImport(db: Executor, id: number): Promise<Import> {
  const row = await findImport(db, id);
  return toImport(row, await lineErrors(db, id, limits.errorsShown));
}

/** An import pushed by a key: only that key's channel sees it. */
export async function getChannelImport(db: Executor, id: number, apiKeyId: number): Promise<Import> {
  const row = await findImport(db, id);
  if (row.apiKeyId !== apiKeyId) throw new AppError('NOT_FOUND', 'Import not found');
  return toImport(row, await lineErrors(db, id, limits.errorsShown));
}

/** The first lines of an import, as read from its file. */
export async function importPreview(db: Executor, id: number): Promise<ImportPreview> {
  const imp = await findImport(db, id);
  const rows = await db
    .select({ line: importLines.line, data: importLines.data })
    .from(importLines)
    .where(eq(importLines.importId, id))
    .orderBy(asc(importLines.line))
    .limit(limits.previewLines);
  const columns = [...importFileColumns[imp.kind]];
  return { columns, rows: rows.map((r) => ({ line: r.line, values: columns.map((c) => r.data[c] ?? '') })) };
}

/** Every bad line of an import as CSV (line, reason, field, and the line's values). */
export async function importErrorFile(db: Executor, id: number): Promise<string> {
  const columns = importFileColumns[(await findImport(db, id)).kind];
  const rows = await db
    .select()
    .from(importLines)
    .where(and(eq(importLines.importId, id), isNotNull(importLines.reason)))
    .orderBy(asc(importLines.line));
  let out = `\uFEFF${csvLine(['line', 'reason', 'field', ...columns])}`;
  for (const r of rows) {
    out += csvLine([r.line, r.reason, r.field ?? '', ...columns.map((c) => r.data[c] ?? '')]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Staging and validation

/** Who stages a file: a staff member, or a channel's key (which posts without a checker). */
export interface Maker {
  userId: number | null;
  username: string;
  apiKey?: { id: number; channel: string } | undefined;
}

/** A line: its values by column, checked by the kind. */
function checkKindFileLine(
  header: string[],
  values: string[],
  check: FileCheck['check'],
): { data: Record<string, string>; reason?: ImportLineReason; field?: string } {
  const data = Object.fromEntries(header.map((h, i) => [h, values[i] ?? '']));
  if (values.length !== header.length) return { data, reason: 'raggedRow' };
  return { data, ...check(data) };
}

/**
 * A batch's values that must appear once in a file (the lines' `key`): a value held by a line
 * staged before (looked up by `import_lines_key_idx`), or by an earlier line of the batch, refuses
 * a later line that is otherwise valid; the first line holding a value keeps it (even a bad one,
 * as it always did), the others' key is cleared. Nothing of the file is kept in memory.
 */
async function markRepeated(tx: Tx, importId: number, unique: ImportKindHandler['unique'], batch: LineRow[]) {
  const keys = [...new Set(batch.map((l) => l.key).filter((k): k is string => Boolean(k)))];
  const taken = new Set(
    keys.length
      ? rowsOf<{ key: string }>(
          await tx.execute(sql`select key from import_lines where import_id = ${importId}
            and key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`),
        ).map((r) => r.key)
      : [],
  );
  for (const l of batch) {
    if (!l.key) l.key = null;
    else if (taken.has(l.key)) {
      if (!l.reason) {
        l.reason = unique.reason;
        l.field = unique.field;
      }
      l.key = null;
    } else taken.add(l.key);
  }
}

/**
 * A batch of lines: its repeated values refused, marked by the kind, then inserted in one
 * statement (the batch as one JSON parameter: decisions/imports.md "Staging").
 */
async function stageKindBatch(tx: Tx, imp: ImportRow, file: FileCheck, batch: LineRow[]) {
  await markRepeated(tx, imp.id, importKindHandlers[imp.kind].unique, batch);
  await file.mark(tx, batch);
  const rows = batch.map((l) => ({
    line: l.line,
    data: l.data,
    reason: l.reason ?? null,
    field: l.field ?? null,
    key: l.key ?? null,
    post_key: l.postKey ?? null,
  }));
  // post_key: the kind's mark's (a reversal's: its earning's customer), else its partition (an
  // expression of the line's `data`).
  await tx.execute(sql`insert into import_lines (import_id, line, data, reason, field, key, post_key)
    select ${imp.id}, r.line, r.data, r.reason, r.field, r.key,
      coalesce(r.post_key, ${importKindHandlers[imp.kind].partition ?? sql`null`})
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(line integer, data jsonb, reason text, field text, key text, post_key text)`);
}

/** A file imported before (same kind and SHA-256; a file refused whole aside) is refused 409. */
async function assertNotImported(tx: Executor, kind: ImportRow['kind'], checksum: string) {
  const [earlier] = await tx
    .select({ id: imports.id })
    .from(imports)
    .where(and(eq(imports.kind, kind), eq(imports.checksum, checksum), ne(imports.status, 'REFUSED')));
  if (earlier) {
    throw new AppError('CONFLICT', `This file was already imported (import ${earlier.id})`, [
      { path: 'file', message: 'imports.alreadyImported' },
    ]);
  }
}

/** What staging a file found: its lines, bad lines by reason, a fixed-width file's reconciliation. */
interface Staged {
  lines: number;
  invalid: number;
  refused: Record<string, number>;
  control: ImportControl | null;
}

/**
 * Reads a file (a stream of its bytes) by its layout and checks every line by its kind, handing
 * each batch of lines to `write` (the kind's marks made) — in the caller's transaction, or each
 * batch in its own (the staging job). File faults throw (parse.ts `fileFault`).
 */
async function stageLines(
  row: ImportRow,
  layout: FileLayoutRow | undefined,
  source: Readable,
  file: FileCheck,
  write: (batch: LineRow[], staged: Staged) => Promise<void>,
): Promise<Staged> {
  const unique = importKindHandlers[row.kind].unique;
  let header: string[] | undefined;
  const staged: Staged = { lines: 0, invalid: 0, refused: {}, control: null };
  let batch: LineRow[] = [];
  let batchChars = 0;
  // A batch is written while the next one is read and checked (the database's work beside the
  // server's); one write at a time, in the file's order: a batch's look-ups see the batches before.
  let writing: Promise<void> = Promise.resolve();
  let inFlight = false;
  const flush = async () => {
    if (!batch.length) return;
    const next = batch;
    batch = [];
    batchChars = 0;
    await writing;
    inFlight = true;
    writing = write(next, staged).finally(() => {
      inFlight = false;
    });
    // Awaited at the next batch or the end; not an unhandled rejection meanwhile.
    writing.catch(() => {});
  };
  try {
    for await (const rec of readFile(source, row.encoding, layout)) {
      if ('control' in rec) {
        staged.control = rec.control;
        continue;
      }
      if ('header' in rec) {
        header = mapColumns(rec.header, layout?.mapping);
        const missing = importRequiredColumns[row.kind].filter((c) => !header?.includes(c));
        if (missing.length) throw fileFault('missingColumns', 1);
        continue;
      }
      staged.lines += 1;
      const checked = checkKindFileLine(header as string[], rec.values, file.check);
      // A fault the reading found (a fixed-width record's length, type or field) comes first.
      const reason = rec.reason ?? checked.reason;
      const field = rec.reason ? rec.field && mapColumns([rec.field], layout?.mapping)[0] : checked.field;
      // Its value once per file: checked with the batch against the lines staged (markRepeated).
      const key = unique.key?.(checked.data) ?? checked.data[unique.field] ?? '';
      batch.push({ importId: row.id, line: rec.line, data: checked.data, reason, field, key });
      for (const v of rec.values) batchChars += v.length;
      if (batch.length >= limits.stageBatch || batchChars >= limits.stageBatchChars) await flush();
      // While a batch is written, the reading lets the event loop turn now and then: each of the
      // write's round trips is answered when its reply arrives, not when the file's next chunk is
      // read (decisions/imports.md "Staging").
      else if (inFlight && batch.length % limits.stageTurnLines === 0) await turn();
    }
    await flush();
    await writing;
  } finally {
    source.destroy();
    // Nothing of this file is written after it was refused (the caller drops its lines).
    await writing.catch(() => {});
  }
  if (!staged.lines) throw fileFault('headerOnly');
  return staged;
}

/** Marks a staged batch by the kind, inserts it, and counts its bad lines. */
async function writeBatch(tx: Tx, row: ImportRow, file: FileCheck, batch: LineRow[], staged: Staged) {
  await stageKindBatch(tx, row, file, batch);
  for (const l of batch) {
    if (l.reason) {
      staged.invalid += 1;
      staged.refused[l.reason] = (staged.refused[l.reason] ?? 0) + 1;
    }
  }
}

/**
 * The import's columns once staged: the counts, and INVALID when a line is bad (all or nothing)
 * unless the valid lines post.
 */
const stagedColumns = (row: ImportRow, staged: Staged) => ({
  lines: staged.lines,
  invalidLines: staged.invalid,
  refused: staged.refused,
  control: staged.control,
  status: staged.invalid > 0 && !row.postValid ? ('INVALID' as const) : ('VALIDATED' as const),
});

/** The import's row for a file, before it is read: its layout's kind and encoding win. */
async function newImport(
  tx: Tx,
  upload: ImportUploadInput,
  maker: Maker,
  status: ImportRow['status'],
): Promise<{ row: ImportRow; layout: FileLayoutRow | undefined }> {
  const layout = upload.layoutId ? await findFileLayout(tx, upload.layoutId) : undefined;
  // A layout reads its own kind of file, in its own encoding.
  const input = layout ? { ...upload, kind: layout.kind, encoding: layout.encoding } : upload;
  const checksum = checksumOf(input.content);
  await assertNotImported(tx, input.kind, checksum);
  const spooled = input.content instanceof SpooledFile ? input.content : undefined;
  const [row] = (await tx
    .insert(imports)
    .values({
      kind: input.kind,
      fileName: input.fileName || 'file.csv',
      checksum,
      encoding: input.encoding,
      channel: maker.apiKey?.channel ?? input.channel ?? null,
      apiKeyId: maker.apiKey?.id ?? null,
      postValid: input.postValid,
      layoutId: layout?.id ?? null,
      voucherId: input.kind === 'VOUCHER_CODES' ? (input.voucherId ?? null) : null,
      status,
      spoolPath: status === 'RECEIVED' ? (spooled?.path ?? null) : null,
      fileBytes: spooled?.bytes ?? (input.content as UploadBytes).data.byteLength,
      createdById: maker.userId,
      createdBy: maker.username,
    })
    .returning()) as [ImportRow];
  return { row, layout };
}

/**
 * Stages a file in the caller's transaction (staff uploads, the inbox, the demo): refused whole
 * when already imported (same kind and SHA-256) or unreadable (parse.ts); otherwise every line is
 * kept with its refusal, if any. A file with a bad line is INVALID (nothing will post) unless the
 * valid lines are to be posted. The file is read as a stream (from the spool, or the inbox).
 */
export async function stageFile(tx: Tx, upload: ImportUploadInput, maker: Maker): Promise<ImportRow> {
  const { row, layout } = await newImport(tx, upload, maker, 'VALIDATED');
  const file = await importKindHandlers[row.kind].open(tx, row);
  const staged = await stageLines(row, layout, openSource(upload.content), file, (batch, counts) =>
    writeBatch(tx, row, file, batch, counts),
  );
  const [done] = (await tx
    .update(imports)
    .set(stagedColumns(row, staged))
    .where(eq(imports.id, row.id))
    .returning()) as [ImportRow];
  return done;
}

/**
 * Records a file spooled to disk (a push, or a staff upload) as RECEIVED for the staging job: the
 * request answers at once. Refused 409 when its checksum was imported before, and as a whole when
 * the kind's own checks of the upload fail (a voucher-codes file's voucher). The job is asked to
 * run at commit.
 */
export async function receiveFile(tx: Tx, upload: ImportUploadInput, maker: Maker): Promise<ImportRow> {
  if (!(upload.content instanceof SpooledFile)) throw new AppError('INTERNAL', 'A received file is spooled');
  const { row } = await newImport(tx, upload, maker, 'RECEIVED');
  await importKindHandlers[row.kind].open(tx, row);
  await requestJobRun(tx, IMPORT_STAGE_JOB);
  return row;
}

/** An import the staging job may claim: received, or staging under a claim that lapsed. */
const claimable = sql`status = 'RECEIVED' or (status = 'STAGING' and staging_until < now())`;

/** Whether a file waits for the staging job (the thread is started only then). */
async function stagingWaits(db: Db): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from imports where ${claimable} limit 1`)).length > 0;
}

/** How long a staging job's claim on an import lasts without a batch committed (then another may take it over). */
const STAGING_LEASE = sql`now() + interval '2 minutes'`;

/**
 * Stages the next received file, if any, in the background (the staging job): the import is
 * claimed (RECEIVED, or STAGING whose claim lapsed: a server stopped mid-file starts it again from
 * the first line), its file read from the spool as a stream, each batch of lines committed with
 * the progress (the file's bytes read). A file fault refuses the file (REFUSED, its lines dropped,
 * `error` the fault); a valid pushed file is queued for posting. The spooled file is removed once
 * the import no longer needs it (staged or refused). Answers false when nothing waits.
 */
export async function stageReceivedImport(
  db: Db,
  stopping?: AbortSignal,
  onClaim?: (id: number) => void,
): Promise<boolean> {
  const [claimed] = rowsOf<{ id: number }>(
    await db.execute(sql`update imports set status = 'STAGING', staging_until = ${STAGING_LEASE},
        lines = 0, invalid_lines = 0, refused = '{}'::jsonb, progress = 0, error = null
      where id = (select id from imports where ${claimable} order by id limit 1 for update skip locked)
      returning id`),
  );
  if (!claimed) return false;
  onClaim?.(Number(claimed.id));
  const row = await findImport(db, Number(claimed.id));
  const spoolPath = row.spoolPath ?? '';
  try {
    const layout = row.layoutId ? await findFileLayout(db, row.layoutId) : undefined;
    // A server stopped mid-file left some of its lines: the file is read again from the start.
    await db.delete(importLines).where(eq(importLines.importId, row.id));
    const file = await db.transaction((tx) => importKindHandlers[row.kind].open(tx, row));
    const source = createReadStream(spoolPath, { highWaterMark: 256 * 1024 });
    const staged = await stageLines(row, layout, source, file, (batch, counts) =>
      db.transaction(async (tx) => {
        // The server is stopping: the claim lapses and a later run stages the file again.
        if (stopping?.aborted) throw new StagingLost();
        // Its commit does not wait for the disk: a batch lost in a crash is staged again, as the
        // whole file is once its claim lapses (posting.ts does the same for its batches).
        await tx.execute(sql`set local synchronous_commit = off`);
        await writeBatch(tx, row, file, batch, counts);
        const size = row.fileBytes ?? 0;
        const kept = await tx
          .update(imports)
          .set({
            lines: counts.lines,
            invalidLines: counts.invalid,
            refused: counts.refused,
            progress: size > 0 ? Math.min(99, Math.floor((source.bytesRead * 100) / size)) : 0,
            stagingUntil: STAGING_LEASE,
          })
          .where(and(eq(imports.id, row.id), eq(imports.status, 'STAGING')))
          .returning({ id: imports.id });
        // Paused, or taken over by another instance after a lapsed claim: this run stops.
        if (!kept.length) throw new StagingLost();
      }),
    );
    await db.transaction(async (tx) => {
      const [done] = (await tx
        .update(imports)
        .set({
          ...stagedColumns(row, staged),
          progress: 0,
          spoolPath: null,
          stagingUntil: null,
        })
        .where(and(eq(imports.id, row.id), eq(imports.status, 'STAGING')))
        .returning()) as [ImportRow?];
      if (!done) throw new StagingLost();
      // A pushed file (the key is the authority) posts without a second person.
      if (done.status === 'VALIDATED' && done.apiKeyId !== null) await queue(tx, done, done.createdBy);
    });
  } catch (err) {
    if (err instanceof StagingLost) return !stopping?.aborted;
    // The file cannot be read (or staging failed): refused whole, nothing of it kept.
    await refuseStaging(db, row.id, describeFault(err));
  }
  await unspool(spoolPath);
  return true;
}

/** An import whose staging failed: REFUSED with the fault, its lines dropped. */
async function refuseStaging(db: Db, id: number, error: string) {
  await db.transaction(async (tx) => {
    await tx.delete(importLines).where(eq(importLines.importId, id));
    await tx
      .update(imports)
      .set({
        status: 'REFUSED',
        lines: 0,
        invalidLines: 0,
        refused: {},
        progress: 0,
        spoolPath: null,
        stagingUntil: null,
        error: error.slice(0, 2000),
        finishedAt: sql`now()`,
      })
      .where(eq(imports.id, id));
  });
}

/**
 * The staging thread ran out of memory on an import (its heap cap reached by the file's lines):
 * the import is refused with the reason, rather than claimed again when its lease lapses and
 * failing the same way. Another death leaves it to be staged again.
 */
async function refuseDied(db: Db, err: unknown) {
  if (!(err instanceof StagingThreadDied) || !err.outOfMemory || err.importId === undefined) throw err;
  const row = await findImport(db, err.importId);
  if (row.status !== 'STAGING') return;
  await refuseStaging(
    db,
    row.id,
    `The file's lines need more memory than the staging thread has (IMPORT_STAGING_HEAP_MB): ${err.message}`,
  );
  await unspool(row.spoolPath);
}

/** Stages the received files one after another until none waits or the server is stopping. */
export async function stageReceivedImports(db: Db, stopping: AbortSignal, onClaim?: (id: number) => void) {
  while (!stopping.aborted && (await stageReceivedImport(db, stopping, onClaim))) {
    // The next received file.
  }
}

/** This run's claim on a staging import was lost (paused, or taken over): stop without touching it. */
class StagingLost extends Error {}

/** A file fault as the import's `error`: the message and the reason (`imports.<reason>` at `line N`). */
export const describeFault = (err: unknown) =>
  err instanceof AppError
    ? [err.message, ...(err.errors ?? []).map((e) => `${e.path}: ${e.message}`)].join('\n')
    : String(err);

/** Queues an import for the posting job: the checker (or the pushing key) is who approved it. */
export async function queue(tx: Tx, row: ImportRow, approvedBy: string): Promise<ImportRow> {
  const [queued] = (await tx
    .update(imports)
    .set({ status: 'QUEUED', approvedBy, error: null })
    .where(eq(imports.id, row.id))
    .returning()) as [ImportRow];
  await requestJobRun(tx, IMPORT_POST_JOB);
  return queued;
}

const staffMaker = (actor: Actor, onBehalfOf?: { userId: number; username: string }): Maker => ({
  userId: onBehalfOf?.userId ?? actor.userId,
  username: onBehalfOf?.username ?? actor.username,
});

export const importHandlers = [
  defineHandler(
    importCommands.create,
    async ({ tx, actor, onBehalfOf }, input) => {
      // Spooled: the staging job reads and checks it (its page shows the progress), then a second
      // person approves its posting.
      const row = await receiveFile(tx, input, staffMaker(actor, onBehalfOf));
      return {
        result: toImport(row),
        targetType: 'import',
        targetId: row.id,
        after: { fileName: row.fileName, checksum: row.checksum, lines: row.lines, status: row.status },
      };
    },
    // Staging a file changes nothing anyone relies on: posting it is what a second person approves.
    { approvable: false },
  ),
  defineHandler(
    importCommands.post,
    async ({ tx, actor, onBehalfOf }, { id }) => {
      const row = await findImport(tx, id, true);
      if (row.status === 'INVALID') {
        throw new AppError('CONFLICT', 'The file has bad lines: nothing posts from it', [
          { path: 'id', message: 'imports.hasBadLines' },
        ]);
      }
      if (row.status !== 'VALIDATED' && row.status !== 'FAILED') {
        throw new AppError('CONFLICT', `The import is ${row.status}`, [
          { path: 'id', message: 'imports.notPostable' },
        ]);
      }
      const queued = await queue(tx, row, actor.username);
      return {
        result: toImport(queued),
        targetType: 'import',
        targetId: id,
        before: { status: row.status },
        after: { status: queued.status, maker: onBehalfOf?.username ?? actor.username },
      };
    },
    // Uploads by staff are posted once a second person approves (issue 49).
    { approvalByDefault: true },
  ),
  defineHandler(
    importReceiveCommand,
    async ({ tx, actor }, input) => {
      if (!actor.apiKey) throw new AppError('FORBIDDEN', 'Files are pushed with an API key');
      // Spooled: the staging job reads it; the channel's key is the authority, so a valid file
      // is queued for posting without a second person once staged.
      const row = await receiveFile(tx, input, {
        userId: null,
        username: actor.username,
        apiKey: actor.apiKey,
      });
      return {
        result: toImport(row),
        targetType: 'import',
        targetId: row.id,
        after: { fileName: row.fileName, checksum: row.checksum, lines: row.lines, status: row.status },
      };
    },
    { approvable: false },
  ),
];

export { postImportBatch, postQueuedImports };

export const importJobs: JobDefinition[] = [
  {
    name: IMPORT_STAGE_JOB,
    intervalSeconds: 10,
    run: async (db, _state, stopping) => {
      // On PostgreSQL in a worker thread of its own (stagingThread.ts), started when a file
      // waits; else here.
      if (!stagingThread.url) await stageReceivedImports(db, stopping);
      else if (await stagingWaits(db))
        await stageInThread(stagingThread.url, stopping).catch((err) => refuseDied(db, err));
      return undefined;
    },
  },
  {
    name: IMPORT_POST_JOB,
    intervalSeconds: 10,
    run: async (db, _state, stopping) => {
      await postQueuedImports(db, stopping);
      return undefined;
    },
  },
];
