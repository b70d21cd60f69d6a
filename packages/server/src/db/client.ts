import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import {
  type PgDatabase,
  PgDialect,
  PgPreparedQuery,
  type PgQueryResultHKT,
  PgTransaction,
} from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Config } from '../config.ts';
import { acquireDataDirLock, DataDirError, describeHolder } from './dataDirLock.ts';
import { applyFunctions } from './functions.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /**
   * Applies committed migrations, then the database functions whose source changed
   * (db/functions.ts); safe when several instances start at once.
   */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** The PostgreSQL pool's connections (for the metrics); undefined on the embedded database. */
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
  /**
   * Listens on a notification channel. `onState(true)` once listening, `onState(false)` when the
   * connection is lost (notifications may have been missed; a new connection is tried in turn).
   * Answers a function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onState: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Rows of a raw `db.execute` (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export const isTransaction = (db: Executor): db is Tx => db instanceof PgTransaction;

type Answers<T extends readonly (() => unknown)[]> = {
  -readonly [K in keyof T]: Awaited<ReturnType<T[K]>>;
};
/**
 * Independent reads: at once on the database (each takes a pooled connection), one after another
 * inside a transaction, which is a single connection — the driver would queue them anyway, and pg
 * 9 refuses a query sent while another runs (pg 8 warns).
 */
export async function readAll<const T extends readonly (() => unknown)[]>(
  db: Executor,
  reads: T,
): Promise<Answers<T>> {
  if (!isTransaction(db)) return (await Promise.all(reads.map((read) => read()))) as Answers<T>;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as Answers<T>;
}

/**
 * Told of each statement as it starts, with its text (`$1`… placeholders, never the values);
 * answers what to call when it ends (with the error when it failed), or nothing to let it be.
 */
export type StatementObserver = (text: string) => ((error?: unknown) => void) | undefined;
type QueryWithCache = (text: string, params: unknown[], query: () => Promise<unknown>) => Promise<unknown>;
let observer: StatementObserver | undefined;

/**
 * Observes every statement from here on (tracing, platform/tracing.ts): Drizzle's on both drivers
 * (every query, transaction statement and raw execute passes PgPreparedQuery's queryWithCache,
 * which gets the text and the parameters apart) and the direct ones of runPrepared and
 * cursorBatches. Answers the function that stops it. Until it is called nothing is wrapped:
 * statements cost what they did, but for one test in runPrepared and cursorBatches.
 */
export function observeStatements(observe: StatementObserver): () => void {
  if (observer) throw new Error('statements are already observed');
  const proto = PgPreparedQuery.prototype as unknown as { queryWithCache: QueryWithCache };
  const original = proto.queryWithCache;
  proto.queryWithCache = function observed(this: unknown, text, params, query) {
    const end = observe(text);
    const run = original.call(this, text, params, query);
    return end ? settle(end, run) : run;
  };
  observer = observe;
  return () => {
    proto.queryWithCache = original;
    observer = undefined;
  };
}

async function settle<T>(end: (error?: unknown) => void, run: Promise<T>): Promise<T> {
  try {
    const result = await run;
    end();
    return result;
  } catch (err) {
    end(err);
    throw err;
  }
}

/**
 * A statement of the hot path (thousands of calls a second), with `$1`… placeholders. On the
 * database itself it goes to the driver by name, bypassing the query builder; on PostgreSQL it is
 * then prepared once per connection (parsed and planned once, not on every call). Inside a
 * transaction it runs through Drizzle, on the transaction's connection.
 */
export async function runPrepared<T>(
  db: Executor,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  if (isTransaction(db)) {
    const parts = text.split(/\$(\d+)/);
    const query: SQL = sql.join(
      parts.map((part, i) => (i % 2 ? sql`${values[Number(part) - 1]}` : sql.raw(part))),
      sql.raw(''),
    );
    return rowsOf<T>(await db.execute(query));
  }
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  // Observed only while tracing is on; off, this test is all it costs.
  const end = observer?.(text);
  if (end) return settle(end, direct<T>(client, name, text, values));
  if (client instanceof pg.Pool) return (await client.query({ name, text, values })).rows as T[];
  return (await client.query<T>(text, values)).rows;
}

async function direct<T>(client: pg.Pool | PGlite, name: string, text: string, values: unknown[]) {
  if (client instanceof pg.Pool) return (await client.query({ name, text, values })).rows as T[];
  return (await client.query<T>(text, values)).rows;
}

/** Turns a query into its text and parameters for a cursor (drizzle's own PostgreSQL dialect). */
const dialect = new PgDialect();

/**
 * The rows of one query in batches of `size` (each row an array of its columns), read through a
 * cursor: one plan and one scan however many rows, the next batch asked for while the caller
 * handles this one. It holds a pooled connection until the last row or until the caller stops
 * (the connection is then closed with its portal). On PostgreSQL only: undefined on the embedded
 * database and inside a transaction, where the caller reads in its own way.
 */
export function cursorBatches(
  db: Executor,
  query: SQL,
  size: number,
): AsyncGenerator<unknown[][]> | undefined {
  if (isTransaction(db)) return undefined;
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (!(client instanceof pg.Pool)) return undefined;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const batches = readCursor(client, text, params, size);
  return observer ? observeBatches(observer, text, batches) : batches;
}

/** A cursor's read as one statement, from the first batch asked for to the last (or the caller's stop). */
async function* observeBatches(
  observe: StatementObserver,
  text: string,
  batches: AsyncGenerator<unknown[][]>,
) {
  const end = observe(text);
  if (!end) return yield* batches;
  let failure: unknown;
  try {
    yield* batches;
  } catch (err) {
    failure = err;
    throw err;
  } finally {
    end(failure);
  }
}

async function* readCursor(pool: pg.Pool, text: string, params: unknown[], size: number) {
  const connection = await pool.connect();
  const cursor = connection.query(new Cursor<unknown[]>(text, params, { rowMode: 'array' }));
  let finished = false;
  try {
    let next = cursor.read(size);
    for (;;) {
      const rows = await next;
      // A cursor answers fewer rows than asked only when it has no more.
      if (rows.length < size) {
        finished = true;
        if (rows.length) yield rows;
        return;
      }
      next = cursor.read(size);
      // Awaited at the next turn: a failure is that turn's (no unhandled rejection meanwhile).
      next.catch(() => {});
      yield rows;
    }
  } finally {
    if (finished)
      await cursor.close().then(
        () => connection.release(),
        (err: Error) => connection.release(err),
      );
    else connection.release(true);
  }
}

/** Migrations sit beside this file in the sources and beside the bundle in dist/. */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION_LOCK = 727_001;

export interface OpenOptions {
  /** Told when a stale lock on the data folder was taken over (default: printed to stderr). */
  onNotice?: (message: string) => void;
  /** The embedded database starts from this dump of a data folder (`dumpDataDir`); ignored on PostgreSQL. */
  loadDataDir?: Blob;
}

/**
 * Opens the configured database. The embedded one's folder is locked first (DataDirLockedError
 * when another live process holds it) and released by `close()`; a folder PGlite cannot open
 * throws DataDirError.
 */
export async function openDatabase(config: Config['database'], options: OpenOptions = {}): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize });
    // An idle connection the database ends (a restart, pg_terminate_backend, a network cut) is
    // dropped from the pool and replaced on the next checkout; unheard, the error would end the
    // process.
    pool.on('error', (err) => console.warn(`A pooled database connection was lost: ${err.message}`));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
          await applyFunctions({
            exec: (script) => client.query(script),
            rows: async (query, params) => (await client.query(query, params)).rows,
          });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      async ping() {
        await pool.query('select 1');
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: (channel, onMessage, onState) => listenPg(config.url, channel, onMessage, onState),
      close: () => pool.end(),
    };
  }
  // A folder on disk is locked before PGlite opens it: one process at a time (dataDirLock.ts).
  const folder = localFolder(config.dataDir);
  const lock = folder ? acquireDataDirLock(folder) : undefined;
  if (lock?.tookOver) {
    (options.onNotice ?? console.warn)(
      `Took over the lock on the data folder ${folder} left by ${describeHolder(lock.tookOver)}, which is no longer running.`,
    );
  }
  let client: PGlite;
  try {
    // pg_trgm backs substring search (customers); PostgreSQL ships it as a contrib extension.
    client = await PGlite.create(config.dataDir, {
      extensions: { pg_trgm },
      loadDataDir: options.loadDataDir,
    });
  } catch (err) {
    lock?.release();
    if (!folder) throw err;
    throw new DataDirError(
      `The embedded database in ${folder} cannot be opened (${pgliteFailure(err)}).\n` +
        'The folder is damaged (for example by a crash, or by two servers writing to it at once) or is not an embedded database. ' +
        'Restore it from the last backup (see docs/operations.md), or set DATA_DIR to another folder to start afresh.',
      { cause: err },
    );
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
      await applyFunctions({
        exec: (script) => client.exec(script),
        rows: async <T>(query: string, params?: unknown[]) => (await client.query<T>(query, params)).rows,
      });
    },
    async ping() {
      await client.query('select 1');
    },
    poolStats: () => undefined,
    async listen(channel, onMessage, onState) {
      // One process owns an embedded database: its own notifications are all there is to hear.
      const unlisten = await client.listen(channel, onMessage);
      onState(true);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

const RECONNECT_MS = [250, 1_000, 5_000, 15_000];

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries), re-established
 * with back-off when it drops. The channel is a fixed identifier of ours, never user input.
 */
async function listenPg(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (live: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      c.end().catch(() => {});
      if (client === c) client = undefined;
      if (stopped) return;
      onState(false);
      const delay = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)];
      retry = setTimeout(() => void connect(), delay);
      retry.unref();
    };
    c.on('notification', (m) => {
      if (m.channel === channel) onMessage(m.payload ?? '');
    });
    c.on('error', onLost);
    c.on('end', onLost);
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    attempt = 0;
    onState(true);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/** "RuntimeError: Aborted()": the first line of PGlite's error, without Emscripten's build hint. */
const pgliteFailure = (err: unknown) =>
  String(err)
    .split('\n')[0]
    ?.replace(/\.?\s*Build with -s\w+ for more info\.?$/, '');

/** The folder PGlite keeps its files in, or undefined when they are not on disk (`memory://`, `idb://`…). */
function localFolder(dataDir: string): string | undefined {
  if (dataDir.startsWith('file://')) return path.resolve(dataDir.slice('file://'.length));
  return /^[a-z][a-z0-9+-]*:\/\//i.test(dataDir) ? undefined : path.resolve(dataDir);
}

/** The database's error behind a failed query (drizzle wraps it as `cause`): its code and constraint. */
export function databaseError(err: unknown): { code?: string; constraint?: string } {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return e.cause?.code ? e.cause : e;
}
