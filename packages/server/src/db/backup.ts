/**
 * Backups and restores of both databases (issue 51; commands in backupCli.ts, operator's guide in
 * docs/operations.md).
 *
 * - PostgreSQL: `pg_dump --format=custom` (one consistent snapshot, taken while the servers run)
 *   to a file; restored with `pg_restore` in one transaction into a new, empty database.
 * - Embedded PGlite: the folder has one owner process (dataDirLock.ts), and only that process can
 *   copy it consistently. PGlite's `dumpDataDir()` tars the data directory between two statements
 *   (it holds PGlite's query lock, and the copy is synchronous), so the tarball is what a crash at
 *   that instant would have left: committed transactions are in its WAL, and the first start on it
 *   recovers like after a crash. A running server offers that copy on a Unix socket beside its
 *   data folder (`serveBackups`), open to the server's own OS user only; without a running server
 *   the command opens the folder itself, under the folder's lock. A backup is a gzipped tar of the
 *   data directory (without the lock file and `postmaster.pid`); a restore loads it into a new
 *   folder through PGlite (`loadDataDir`), starts the database once and closes it cleanly.
 *
 * Backup files are made readable by their owner only (0600): they hold password hashes and
 * sealed secrets.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  rmSync,
  statSync,
} from 'node:fs';
import { chmod, open, readFile, rename, rm, unlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { verifyChain } from '../platform/audit.ts';
import { type Database, type Db, type Executor, openDatabase, rowsOf } from './client.ts';
import { acquireDataDirLock, DataDirLockedError, describeHolder, LOCK_FILE } from './dataDirLock.ts';

/** A backup or restore that cannot be done; the message says why and what to do (no stack needed). */
export class BackupError extends Error {}

const gunzip = promisify(zlib.gunzip);

/**
 * The Unix socket a server on the embedded database `dataDir` takes backups on: beside the folder,
 * not in it (PGlite's copy of the folder reads every entry, and fails on a socket), named after
 * it: `/srv/loyalty/data` → `/srv/loyalty/.data.loyalty-admin.sock`. The folder's real path, so
 * that the server and the command agree whatever link DATA_DIR goes through.
 */
export function backupSocketPath(dataDir: string): string {
  let folder = path.resolve(dataDir);
  try {
    folder = realpathSync(folder);
  } catch {
    // not there (yet): its path as given
  }
  return path.join(path.dirname(folder), `.${path.basename(folder)}.loyalty-admin.sock`);
}
/** What a Unix socket's path may hold on Linux (108 bytes with the final NUL; macOS: 104). */
const MAX_SOCKET_PATH = 103;

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  /** What was backed up, for the operator: "PostgreSQL database loyalty on db-1:5432", "…". */
  source: string;
  /** How: "with pg_dump (…)", "by the running server (process 4242 on host web-1 …)", "directly (…)". */
  how: string;
}

// ---------------------------------------------------------------------------------------------
// Files

/** Refuses to write over `file` unless forced, and refuses a folder that does not exist. */
function checkTarget(file: string, force: boolean) {
  const dir = path.dirname(file);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new BackupError(
      `The folder ${dir} does not exist: create it first, or name another file with --to.`,
    );
  }
  if (existsSync(file)) {
    if (statSync(file).isDirectory())
      throw new BackupError(`${file} is a folder: --to names the backup file.`);
    if (!force) {
      throw new BackupError(
        `${file} already exists: name a new file (for example with the date in it), or pass --force to replace it.`,
      );
    }
  }
}

/**
 * Writes `file` through a temporary file beside it, renamed at the end: a backup interrupted
 * halfway never sits under the final name.
 */
async function writeAtomically(file: string, write: (temporary: string) => Promise<void>) {
  const temporary = `${file}.partial-${process.pid}-${randomBytes(3).toString('hex')}`;
  try {
    await write(temporary);
    await rename(temporary, file);
  } catch (err) {
    await unlink(temporary).catch(() => {});
    throw err;
  }
}

const sizeOf = (file: string) => statSync(file).size;

/** "12.3 MB" */
export const formatBytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** What a backup file holds, from its first bytes. */
export function backupKind(file: string): 'postgres' | 'pglite' {
  if (!existsSync(file) || !statSync(file).isFile())
    throw new BackupError(`The backup file ${file} does not exist.`);
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (read === 5 && head.toString('latin1') === 'PGDMP') return 'postgres';
  if (read >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  throw new BackupError(
    `${file} is not a backup made by npm run backup (neither a pg_dump custom-format file nor a gzipped data folder).`,
  );
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/** A connection URL without its password, for messages. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `PostgreSQL database ${decodeURIComponent(u.pathname.slice(1)) || '(default)'} on ${u.hostname || 'localhost'}:${u.port || '5432'}`;
  } catch {
    return 'PostgreSQL database (unreadable URL)';
  }
}

function parsePostgresUrl(url: string, what: string): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new BackupError(`${what} is not a URL: give postgres://user@host:5432/database.`);
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') {
    throw new BackupError(`${what} must be a postgres:// URL (postgres://user@host:5432/database).`);
  }
  if (!decodeURIComponent(u.pathname.slice(1))) {
    throw new BackupError(`${what} names no database: give postgres://user@host:5432/database.`);
  }
  return u;
}

/**
 * The URL for a client tool and its environment: the password goes in PGPASSWORD rather than on
 * the command line, where every user of the host could read it (`ps`).
 */
function toolConnection(url: string) {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) {
    env.PGPASSWORD = decodeURIComponent(u.password);
    u.password = '';
  }
  return { dbname: u.toString(), env };
}

/** Runs a PostgreSQL client tool; throws BackupError with its messages when it fails. */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (err) => {
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      reject(
        new BackupError(
          missing
            ? `${tool} was not found: install the PostgreSQL client tools (the same major version as the server, or newer) and put them in PATH.`
            : `${tool} could not be started: ${err.message}`,
        ),
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve(output.trim());
      else
        reject(
          new BackupError(
            `${tool} failed (${signal ?? `exit status ${code}`}):\n${output.trim() || '(no output)'}`,
          ),
        );
    });
  });
}

/**
 * `pg_dump --format=custom` of the database at `url` into `to`: one snapshot (a repeatable-read
 * transaction), so everything committed before pg_dump started is in it, and nothing half-done.
 */
export async function backupPostgres(url: string, to: string, options: { force?: boolean } = {}) {
  parsePostgresUrl(url, 'DATABASE_URL');
  const file = path.resolve(to);
  checkTarget(file, options.force ?? false);
  const started = Date.now();
  const { dbname, env } = toolConnection(url);
  await writeAtomically(file, async (temporary) => {
    await runTool(
      'pg_dump',
      ['--format=custom', '--no-password', `--file=${temporary}`, `--dbname=${dbname}`],
      env,
    );
    await chmod(temporary, 0o600);
  });
  return {
    file,
    bytes: sizeOf(file),
    ms: Date.now() - started,
    source: describeUrl(url),
    how: 'with pg_dump (custom format, one consistent snapshot)',
  } satisfies BackupResult;
}

export interface PostgresRestoreResult {
  into: string;
  /** The database did not exist and was created. */
  created: boolean;
  /** The database held objects, replaced by the backup's (--force). */
  cleaned: boolean;
  ms: number;
}

/** Up to five relations of a database outside the system schemas, and how many there are. */
async function userRelations(client: pg.Client) {
  const { rows } = await client.query<{ name: string; total: number }>(`
    select n.nspname || '.' || c.relname as name, count(*) over ()::int as total
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      and n.nspname not in ('pg_catalog', 'information_schema')
      and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
    order by 1 limit 5`);
  return { total: rows[0]?.total ?? 0, names: rows.map((r) => r.name) };
}

/**
 * Restores a pg_dump custom-format file into the database `into`: created when it does not exist,
 * refused when it holds anything unless `force` (then the backup's objects are dropped and
 * recreated: `pg_restore --clean`). One transaction, stopping at the first error: a failed restore
 * leaves nothing behind (a database it created is dropped again).
 */
export async function restorePostgres(
  from: string,
  into: string,
  options: { force?: boolean; noOwner?: boolean } = {},
): Promise<PostgresRestoreResult> {
  const file = path.resolve(from);
  if (backupKind(file) !== 'postgres') {
    throw new BackupError(
      `${file} is a backup of an embedded data folder: restore it with --into a new folder, not a PostgreSQL URL.`,
    );
  }
  if (!/^postgres(ql)?:\/\//i.test(into)) {
    throw new BackupError(
      `${file} is a backup of PostgreSQL (pg_dump): --into names a PostgreSQL database, postgres://user@host:5432/new_database, not ${into}.`,
    );
  }
  const target = parsePostgresUrl(into, '--into');
  const name = decodeURIComponent(target.pathname.slice(1));
  const started = Date.now();

  let created = false;
  let cleaned = false;
  const client = new pg.Client({ connectionString: into });
  try {
    await client.connect();
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') {
      throw new BackupError(`Cannot connect to ${describeUrl(into)}: ${(err as Error).message}`);
    }
    await createDatabase(target, name);
    created = true;
  }
  try {
    if (!created) {
      const found = await userRelations(client);
      if (found.total > 0) {
        if (!options.force) {
          throw new BackupError(
            `${describeUrl(into)} is not empty (${found.total} tables, views or sequences, such as ${found.names.join(', ')}).\n` +
              'Restore into a new database (it is created when it does not exist), or pass --force to drop and recreate the objects of the backup in this one.',
          );
        }
        cleaned = true;
      }
    }
  } finally {
    await client.end().catch(() => {});
  }

  const { dbname, env } = toolConnection(into);
  const args = ['--exit-on-error', '--single-transaction', '--no-password', `--dbname=${dbname}`];
  if (cleaned) args.push('--clean', '--if-exists');
  if (options.noOwner) args.push('--no-owner', '--no-privileges');
  try {
    await runTool('pg_restore', [...args, file], env);
  } catch (err) {
    if (created) await dropDatabase(target, name).catch(() => {});
    throw err;
  }
  return { into, created, cleaned, ms: Date.now() - started };
}

/** A connection to the server's maintenance database (`postgres`), to create or drop others. */
async function maintenance(target: URL) {
  const u = new URL(target);
  u.pathname = '/postgres';
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  return client;
}

async function createDatabase(target: URL, name: string) {
  let client: pg.Client | undefined;
  try {
    client = await maintenance(target);
    await client.query(`create database ${client.escapeIdentifier(name)}`);
  } catch (err) {
    throw new BackupError(
      `The database ${name} does not exist and could not be created (${(err as Error).message}).\n` +
        'Create it, empty, and run the restore again.',
    );
  } finally {
    await client?.end().catch(() => {});
  }
}

async function dropDatabase(target: URL, name: string) {
  const client = await maintenance(target);
  try {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Embedded PGlite: the data directory as a tar

const BLOCK = 512;
/** The end of a tar: two empty blocks. */
const TAR_END = new Uint8Array(BLOCK * 2);

/** Files of the folder that are not the database's and must not travel with a copy of it. */
const notCopied = (name: string) =>
  name === 'postmaster.pid' || name === 'postmaster.opts' || name.startsWith(LOCK_FILE);

const text = (block: Uint8Array, start: number, length: number) => {
  const bytes = block.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return Buffer.from(end === -1 ? bytes : bytes.subarray(0, end)).toString('utf8');
};

/**
 * The entries of a tar (ustar, as PGlite writes it) but the files that must not be copied, as
 * slices of `tar` ready to be concatenated; throws when there is no PG_VERSION (not a data folder).
 */
function databaseEntries(tar: Uint8Array, what: string): Uint8Array[] {
  const kept: Uint8Array[] = [];
  let offset = 0;
  let version = false;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) break;
    const prefix = text(header, 257, 5) === 'ustar' ? text(header, 345, 155) : '';
    const name = (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100)).replace(
      /^(\.?\/)+/,
      '',
    );
    const sizeField = text(header, 124, 12).trim();
    if (!/^[0-7]*$/.test(sizeField))
      throw new BackupError(`${what} is damaged: an entry of its tar is unreadable.`);
    const end = offset + BLOCK + Math.ceil(Number.parseInt(sizeField || '0', 8) / BLOCK) * BLOCK;
    if (end > tar.length) throw new BackupError(`${what} is damaged: its tar is cut short.`);
    if (name === 'PG_VERSION') version = true;
    if (!notCopied(name)) kept.push(tar.subarray(offset, end));
    offset = end;
  }
  if (!version) {
    throw new BackupError(
      `${what} holds no embedded database (no PG_VERSION): it is not a backup made by npm run backup.`,
    );
  }
  kept.push(TAR_END);
  return kept;
}

/** The PGlite instance behind a database handle, or undefined on PostgreSQL. */
export function pgliteOf(db: Db): PGlite | undefined {
  const client = (db as unknown as { $client: unknown }).$client;
  return client instanceof PGlite ? client : undefined;
}

/**
 * A tar of an open embedded database (as slices to write one after the other), as consistent as
 * the database after a crash at that instant (see the top of this file). Queries wait while PGlite
 * copies the folder in memory (about a second per 50 MB); compressing is left to the caller — the
 * command, not the server, when the server takes the backup. A checkpoint first writes the changed
 * pages out, so that the first start on the copy has little WAL to replay.
 */
export async function dumpEmbedded(client: PGlite): Promise<Uint8Array[]> {
  await client.exec('checkpoint');
  const tarball = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
  return databaseEntries(tarball, 'The copy of the data folder');
}

/** Writes a backup file: the tar gzipped, flushed to the disk (a backup should survive a power cut). */
async function writeBackup(file: string, tar: Uint8Array[]) {
  await writeAtomically(file, async (temporary) => {
    // The fastest level: a third of the default's time for a copy some 15 % larger (the pages of
    // a database compress well either way).
    const gzip = zlib.createGzip({ level: zlib.constants.Z_BEST_SPEED });
    await pipeline(Readable.from(tar), gzip, createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
    const handle = await open(temporary, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  });
}

/** An error's message, also for the odd throwables of PGlite's file system (no message). */
const messageOf = (err: unknown) =>
  err instanceof Error && err.message ? err.message : JSON.stringify(err) || String(err);

export interface BackupServer {
  path: string;
  close(): Promise<void>;
}

/**
 * Serves backups of the embedded database on a Unix socket (backupSocketPath(DATA_DIR) for a
 * server), for `npm run backup` while the server runs. Protocol: the client writes `backup\n`;
 * the server answers one JSON line (`{"ok":true,"bytes":N}` or `{"ok":false,"error":"…"}`) and
 * then, when ok, the N bytes of the tar, which the client compresses and writes where the
 * operator said: the server spends no time compressing, and never writes a file it is told to.
 * The socket is created readable and writable by the server's OS user only (0600): whoever may
 * connect may as well read the data folder. A socket file left by a crash is replaced (the caller
 * holds the folder's lock, so it is no other live server's). Backups are taken one at a time.
 * When the socket cannot be made (a path too long, a folder it may not write in) it answers
 * undefined and says why through `onEvent`: the server runs on, and backups need it stopped.
 */
export async function serveBackups(
  client: PGlite,
  socketPath: string,
  onEvent: (message: string, failed?: boolean) => void = () => {},
): Promise<BackupServer | undefined> {
  const off = (why: string) => {
    onEvent(
      `Backups while the server runs are off: ${why}. npm run backup needs the server stopped meanwhile.`,
      true,
    );
    return undefined;
  };
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    return off(
      `the socket path ${socketPath} is longer than a socket's (${MAX_SOCKET_PATH} bytes); use a shorter DATA_DIR`,
    );
  }
  let queue: Promise<unknown> = Promise.resolve();
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    let request = '';
    const onData = (chunk: Buffer) => {
      request += chunk.toString('utf8');
      if (!request.includes('\n')) {
        if (request.length > 100) socket.destroy();
        return;
      }
      socket.off('data', onData);
      const command = request.slice(0, request.indexOf('\n')).trim();
      if (command !== 'backup') {
        socket.end(`${JSON.stringify({ ok: false, error: `unknown request: ${command.slice(0, 40)}` })}\n`);
        return;
      }
      queue = queue.then(async () => {
        const started = Date.now();
        try {
          const tar = await dumpEmbedded(client);
          const bytes = tar.reduce((sum, part) => sum + part.length, 0);
          socket.write(`${JSON.stringify({ ok: true, bytes })}\n`);
          for (const part of tar) socket.write(part);
          socket.end();
          onEvent(`backup taken: ${formatBytes(bytes)} (before compression) in ${Date.now() - started} ms`);
        } catch (err) {
          socket.end(`${JSON.stringify({ ok: false, error: messageOf(err) })}\n`);
          onEvent(`backup failed: ${messageOf(err)}`, true);
        }
      });
    };
    socket.on('data', onData);
  });
  try {
    await rm(socketPath, { force: true });
    await listenPrivately(server, socketPath);
  } catch (err) {
    return off(`the socket ${socketPath} cannot be created (${messageOf(err)})`);
  }
  onEvent(`backups are taken on ${socketPath} (npm run backup)`);
  return {
    path: socketPath,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue;
      await rm(socketPath, { force: true });
    },
  };
}

/** Listens on a Unix socket that only this OS user may connect to, from its creation on. */
async function listenPrivately(server: net.Server, socketPath: string) {
  let umask: number | undefined;
  try {
    // A pipe is bound within listen(): the mask covers the socket file's creation.
    umask = process.umask(0o177);
  } catch {
    // worker threads cannot set it: the chmod below closes the socket a moment later
  }
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
      if (umask !== undefined) process.umask(umask);
      umask = undefined;
    });
  } finally {
    if (umask !== undefined) process.umask(umask);
  }
  await chmod(socketPath, 0o600);
}

/**
 * For the server (main.ts): backups of its embedded database on backupSocketPath(DATA_DIR);
 * nothing on PostgreSQL (pg_dump needs no help) or an in-memory database.
 */
export async function serveDataDirBackups(
  database: Database,
  config: { kind: 'postgres' } | { kind: 'pglite'; dataDir: string },
  onEvent?: (message: string, failed?: boolean) => void,
): Promise<BackupServer | undefined> {
  const client = pgliteOf(database.db);
  if (!client || config.kind !== 'pglite' || /^[a-z][a-z0-9+-]*:\/\//i.test(config.dataDir)) return undefined;
  return serveBackups(client, backupSocketPath(config.dataDir), onEvent);
}

/** No server answers on the socket (none runs, or it predates online backups). */
export class NoBackupServerError extends BackupError {}

/** Asks the server listening on `socketPath` for a backup and writes it to `to`. */
export async function requestBackup(
  socketPath: string,
  to: string,
  options: { force?: boolean; timeoutMs?: number } = {},
): Promise<{ file: string; bytes: number; ms: number }> {
  const file = path.resolve(to);
  checkTarget(file, options.force ?? false);
  const started = Date.now();
  const { header, body } = await new Promise<{ header: string; body: Buffer }>((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    const chunks: Buffer[] = [];
    socket.setTimeout(options.timeoutMs ?? 10 * 60_000, () =>
      socket.destroy(new BackupError('The server did not answer the backup request in time.')),
    );
    socket.on('connect', () => socket.write('backup\n'));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (err) => {
      const code = (err as NodeJS.ErrnoException).code;
      reject(
        code === 'ENOENT' || code === 'ECONNREFUSED'
          ? new NoBackupServerError(`No server takes backups on ${socketPath}.`)
          : err instanceof BackupError
            ? err
            : new BackupError(`The backup request on ${socketPath} failed: ${err.message}`),
      );
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      if (newline === -1) {
        reject(new BackupError('The server closed the connection without answering the backup request.'));
        return;
      }
      resolve({ header: all.subarray(0, newline).toString('utf8'), body: all.subarray(newline + 1) });
    });
  });
  let answer: { ok: boolean; bytes?: number; error?: string };
  try {
    answer = JSON.parse(header);
  } catch {
    throw new BackupError(`The server's answer to the backup request is unreadable: ${header.slice(0, 100)}`);
  }
  if (!answer.ok) throw new BackupError(`The server could not take the backup: ${answer.error}`);
  if (body.length !== answer.bytes) {
    throw new BackupError(
      `The backup was cut short: ${body.length} of ${answer.bytes} bytes arrived. Try again.`,
    );
  }
  await writeBackup(file, [body]);
  return { file, bytes: sizeOf(file), ms: Date.now() - started };
}

const hasDatabase = (folder: string) => existsSync(path.join(folder, 'PG_VERSION'));

/**
 * Backs up the embedded database in `dataDir`: asks the server that holds the folder (over its
 * socket), or — when no process holds it — opens the folder itself, under its lock, and copies it.
 */
export async function backupDataDir(
  dataDir: string,
  to: string,
  options: { force?: boolean; onNotice?: (message: string) => void } = {},
): Promise<BackupResult> {
  const folder = path.resolve(dataDir);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new BackupError(
      `The data folder ${folder} does not exist: set DATA_DIR to the server's data folder.`,
    );
  }
  if (!hasDatabase(folder)) {
    throw new BackupError(
      `${folder} holds no embedded database (no PG_VERSION): set DATA_DIR to the server's data folder.`,
    );
  }
  const file = path.resolve(to);
  checkTarget(file, options.force ?? false);
  const source = `the embedded database in ${folder}`;
  let database: Database;
  try {
    database = await openDatabase({ kind: 'pglite', dataDir: folder }, { onNotice: options.onNotice });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    // A live process holds the folder: only it can copy it.
    const holder = err.holder ? describeHolder(err.holder) : 'another process';
    try {
      const done = await requestBackup(backupSocketPath(folder), file, options);
      return { ...done, source, how: `by the running server (${holder})` };
    } catch (e) {
      if (!(e instanceof NoBackupServerError)) throw e;
      throw new BackupError(
        `The data folder ${folder} is in use by ${holder}, which does not take backups while it runs (nothing answers on ${backupSocketPath(folder)}: a server from before online backups, one whose log says why they are off, or not a server).\n` +
          'Stop that process and run npm run backup again: the folder is then copied directly.',
      );
    }
  }
  const started = Date.now();
  let tar: Uint8Array[];
  try {
    tar = await dumpEmbedded(pgliteOf(database.db) as PGlite);
  } finally {
    // Released before the file is written: a server may start again meanwhile.
    await database.close();
  }
  await writeBackup(file, tar);
  return {
    file,
    bytes: sizeOf(file),
    ms: Date.now() - started,
    source,
    how: 'directly (no server was running; the folder was locked meanwhile)',
  };
}

/** A folder path, not a URL of another kind of storage. */
function localPath(into: string) {
  if (/^[a-z][a-z0-9+-]*:\/\//i.test(into) && !into.startsWith('file://')) {
    throw new BackupError(`--into ${into}: a backup of an embedded database is restored into a folder.`);
  }
  return path.resolve(into.startsWith('file://') ? into.slice('file://'.length) : into);
}

/**
 * Restores a backup of an embedded database into `into`, a new or empty folder (anything else is
 * refused: move the old folder aside first). PGlite loads the tar and starts the database once
 * (recovering it as after a crash, see the top of this file), then it is closed cleanly. On
 * failure the folder is left as it was found.
 */
export async function restoreDataDir(from: string, into: string): Promise<{ into: string; ms: number }> {
  const file = path.resolve(from);
  if (backupKind(file) !== 'pglite') {
    throw new BackupError(
      `${file} is a pg_dump backup of PostgreSQL: restore it with --into a postgres:// URL.`,
    );
  }
  const folder = localPath(into);
  const existed = existsSync(folder);
  if (existed) {
    if (!statSync(folder).isDirectory()) throw new BackupError(`${folder} is a file, not a folder.`);
    const entries = readdirSync(folder);
    if (entries.length > 0) {
      throw new BackupError(
        `The folder ${folder} is not empty (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', …' : ''}).\n` +
          'Restore into a new folder, then point DATA_DIR at it; to replace a damaged folder, move it aside first (mv data data-damaged).',
      );
    }
  }
  const started = Date.now();
  let tar: Buffer;
  try {
    tar = await gunzip(await readFile(file));
  } catch (err) {
    throw new BackupError(
      `${file} cannot be read as a gzipped backup (${(err as Error).message}): it is damaged.`,
    );
  }
  const entries = databaseEntries(tar, file);
  mkdirSync(folder, { recursive: true });
  const lock = acquireDataDirLock(folder);
  try {
    const client = await PGlite.create(folder, {
      loadDataDir: new Blob(entries),
      extensions: { pg_trgm },
    });
    try {
      await client.query('select 1');
    } finally {
      await client.close();
    }
  } catch (err) {
    lock.release();
    for (const entry of readdirSync(folder))
      rmSync(path.join(folder, entry), { recursive: true, force: true });
    if (!existed) rmSync(folder, { recursive: true, force: true });
    if (err instanceof BackupError) throw err;
    throw new BackupError(`The backup could not be loaded into ${folder}: ${(err as Error).message}`, {
      cause: err,
    });
  }
  lock.release();
  return { into: folder, ms: Date.now() - started };
}

// ---------------------------------------------------------------------------------------------
// What a restored database holds

export interface RestoredSummary {
  customers: number;
  ledgerEntries: number;
  /** Customers whose balance is not the sum of their ledger entries (their numbers, up to 10). */
  balancesOff: string[];
  /** Migrations recorded as applied. */
  migrations: number;
  chain: Awaited<ReturnType<typeof verifyChain>>;
}

/**
 * The checks of a restore drill on a restored database: its size, every balance against its
 * ledger, and the audit trail's chain (verifyChain; the MACs need the server's SECRET_KEYS).
 */
export async function inspectRestored(db: Executor): Promise<RestoredSummary> {
  const [counts] = rowsOf<{ customers: number; entries: number; migrations: number }>(
    await db.execute(sql`
      select (select count(*)::int from customers) as customers,
        (select count(*)::int from ledger_entries) as entries,
        (select count(*)::int from drizzle.__drizzle_migrations) as migrations`),
  );
  const off = rowsOf<{ customer_number: string }>(
    await db.execute(sql`
      select c.customer_number from customers c
        left join lateral (select coalesce(sum(points), 0) as total from ledger_entries e where e.customer_id = c.id) s on true
      where c.balance <> s.total
      order by c.customer_number limit 10`),
  );
  return {
    customers: counts?.customers ?? 0,
    ledgerEntries: counts?.entries ?? 0,
    balancesOff: off.map((r) => r.customer_number),
    migrations: counts?.migrations ?? 0,
    chain: await verifyChain(db),
  };
}
