import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Channel, type ImportEncoding, importReceiveCommand, SpooledFile } from '@loyalty/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { imports } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { type JobDefinition, requestJobRun } from '../../platform/jobs.ts';
import { layoutNamed } from './fileLayouts.service.ts';
import { describeFault, IMPORT_POST_JOB, type ImportRow, queue, stageFile } from './imports.service.ts';
import { hashFile, importFiles } from './spool.ts';

/**
 * The watched inbox folder (IMPORT_INBOX_DIR, decisions/imports-inbox.md): an automated transfer.
 * A periodic scan on the job runner takes each settled file in the folder, stages it as an upload
 * would (refused when its checksum was imported before), queues a valid file for posting at once
 * (no second person, as a key's push: the folder's owner is the authority), audits it, and moves
 * it to `done/` or to `failed/` with `<name>.error.txt` saying why. The file stays in the folder
 * until its import committed, so a crash leaves it to the next scan, which finds its import by
 * checksum and only moves it.
 */
export interface InboxConfig {
  dir: string;
  /** The channel the files' earnings post for (IMPORT_INBOX_CHANNEL); undefined: the back office's. */
  channel: Channel | undefined;
  encoding: ImportEncoding;
}

/** The maker of the inbox's imports (no staff member, no key). */
export const INBOX_MAKER = 'inbox';
export const IMPORT_INBOX_JOB = 'imports.inbox';

let configured: InboxConfig | undefined;

/** Set by buildApp from IMPORT_INBOX_DIR; unset, the scan does nothing. */
export function useImportInbox(config: InboxConfig | undefined) {
  configured = config;
}

export interface InboxOutcome {
  file: string;
  to: 'done' | 'failed';
  importId: number | null;
  reason?: string;
}

/** A file whose last change is this recent may still be being written: the next scan takes it. */
const SETTLE_MS = 5_000;

/** A name in `dir` not taken yet: `name`, else `name.2`, `name.3`… (a daily file keeps its name). */
async function freeName(dir: string, name: string): Promise<string> {
  for (let n = 1; ; n += 1) {
    const candidate = path.join(dir, n === 1 ? name : `${name}.${n}`);
    try {
      await stat(candidate);
    } catch {
      return candidate;
    }
  }
}

/** Moves a file to `done/` or `failed/` (with its reason beside it); gone already: another instance moved it. */
async function settle(dir: string, name: string, to: 'done' | 'failed', reason?: string) {
  const target = path.join(dir, to);
  await mkdir(target, { recursive: true });
  const dest = await freeName(target, name);
  try {
    await rename(path.join(dir, name), dest);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (reason) await writeFile(`${dest}.error.txt`, `${reason}\n`);
}

/** Why an import of the inbox did not post: its bad lines (all or nothing). */
const invalidReason = (row: ImportRow) =>
  `Import ${row.id}: ${row.invalidLines} of ${row.lines} lines are bad; nothing was posted (see the import's error file).\n` +
  Object.entries(row.refused)
    .map(([reason, n]) => `${reason}: ${n}`)
    .join('\n');

/** Where an import of the inbox's file ends up, once committed. */
const outcomeOf = (name: string, row: ImportRow): InboxOutcome =>
  row.status === 'INVALID'
    ? { file: name, to: 'failed', importId: row.id, reason: invalidReason(row) }
    : { file: name, to: 'done', importId: row.id };

/**
 * Imports one file of the inbox in one transaction, under an advisory lock on its checksum (an
 * instance finding it taken leaves the file to whoever holds it). Answers where the file goes,
 * or undefined when another instance is at it.
 */
async function importFile(
  db: Db,
  config: InboxConfig,
  folder: Folder,
  name: string,
): Promise<InboxOutcome | undefined> {
  const file = path.join(folder.dir, name);
  let content: SpooledFile;
  try {
    const info = await stat(file);
    if (!info.isFile() || Date.now() - info.mtimeMs < SETTLE_MS) return undefined;
    if (info.size > importFiles.maxFileBytes) {
      return {
        file: name,
        to: 'failed',
        importId: null,
        reason: `The file is larger than ${importFiles.maxFileBytes} bytes`,
      };
    }
    // Read where it lies (streamed, hashed): the folder is the file's spool.
    content = new SpooledFile(file, info.size, await hashFile(file));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined; // moved by another instance
    throw err;
  }
  const checksum = content.sha256;
  try {
    return await db.transaction(async (tx) => {
      const [{ locked } = { locked: false }] = rowsOf<{ locked: boolean }>(
        await tx.execute(
          sql`select pg_try_advisory_xact_lock(hashtext(${IMPORT_INBOX_JOB}), hashtext(${checksum})) as locked`,
        ),
      );
      if (!locked) return undefined;
      const [earlier] = await tx
        .select()
        .from(imports)
        .where(
          and(
            eq(imports.kind, 'TRANSACTIONS'),
            eq(imports.checksum, checksum),
            ne(imports.status, 'REFUSED'),
          ),
        );
      if (earlier) {
        // This very file, imported before a crash (or by another instance) but not moved yet.
        if (earlier.createdBy === INBOX_MAKER && earlier.fileName === name) return outcomeOf(name, earlier);
        return {
          file: name,
          to: 'failed',
          importId: earlier.id,
          reason: `This file was already imported (import ${earlier.id}, ${earlier.fileName})`,
        };
      }
      if (folder.layout instanceof AppError) throw folder.layout;
      const staged = await stageFile(
        tx,
        {
          kind: 'TRANSACTIONS',
          encoding: config.encoding,
          channel: config.channel,
          postValid: false,
          layoutId: folder.layout,
          fileName: name.slice(0, 200),
          content,
        },
        { userId: null, username: INBOX_MAKER },
      );
      // The folder's owner is the authority, as a key's is for a push: a valid file posts at once.
      const row = staged.status === 'VALIDATED' ? await queue(tx, staged, INBOX_MAKER) : staged;
      await writeAudit(
        tx,
        { username: INBOX_MAKER, ip: undefined, visitorId: undefined, requestId: randomUUID() },
        {
          command: importReceiveCommand.name,
          outcome: 'SUCCESS',
          targetType: 'import',
          targetId: row.id,
          detail: 'IMPORT_INBOX_DIR',
          after: { fileName: row.fileName, checksum, lines: row.lines, status: row.status },
        },
      );
      return outcomeOf(name, row);
    });
  } catch (err) {
    // A file refused whole (unreadable, already imported under a race): nothing of it was kept.
    if (err instanceof AppError)
      return { file: name, to: 'failed', importId: null, reason: describeFault(err) };
    throw err;
  }
}

/** A folder of the inbox: the top (the default CSV) or a layout's sub-folder (or why its name is no layout). */
interface Folder {
  dir: string;
  layout: number | undefined | AppError;
}

/** The folders to scan: the inbox itself, then each sub-folder named by a file layout (id or English name). */
async function folders(db: Db, config: InboxConfig): Promise<Folder[]> {
  const entries = await readdir(config.dir, { withFileTypes: true });
  const found: Folder[] = [{ dir: config.dir, layout: undefined }];
  for (const e of entries) {
    if (!e.isDirectory() || e.name.startsWith('.') || settled.has(e.name)) continue;
    const layout = await layoutNamed(db, e.name, 'folder').catch((err: unknown) => {
      if (err instanceof AppError) return err;
      throw err;
    });
    found.push({ dir: path.join(config.dir, e.name), layout });
  }
  return found.sort((a, b) => a.dir.localeCompare(b.dir));
}

const settled = new Set(['done', 'failed']);

/**
 * One scan of the inbox: every settled file taken once, folder by folder, in name order. Answers
 * what became of each (a sub-folder's files as `<folder>/<name>`).
 */
export async function scanInbox(
  db: Db,
  config: InboxConfig | undefined = configured,
): Promise<InboxOutcome[]> {
  if (!config) return [];
  const outcomes: InboxOutcome[] = [];
  for (const folder of await folders(db, config)) {
    const entries = await readdir(folder.dir, { withFileTypes: true });
    const names = entries
      .filter((e) => e.isFile() && !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort();
    for (const name of names) {
      const outcome = await importFile(db, config, folder, name);
      if (!outcome) continue;
      await settle(folder.dir, name, outcome.to, outcome.reason);
      const sub = path.relative(config.dir, folder.dir);
      outcomes.push(sub ? { ...outcome, file: `${sub}/${name}` } : outcome);
    }
  }
  return outcomes;
}

export const importInboxJobs: JobDefinition[] = [
  {
    name: IMPORT_INBOX_JOB,
    intervalSeconds: 15,
    run: async (db) => {
      const outcomes = await scanInbox(db);
      // A queued file's posting starts at the posting job's next tick.
      if (outcomes.some((o) => o.to === 'done')) await requestJobRun(db, IMPORT_POST_JOB);
      return undefined;
    },
  },
];
