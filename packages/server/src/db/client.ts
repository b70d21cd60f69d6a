import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Applies committed migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Rows of a raw `db.execute` (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export const isTransaction = (db: Executor): db is Tx => db instanceof PgTransaction;

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
  if (client instanceof pg.Pool) return (await client.query({ name, text, values })).rows as T[];
  return (await client.query<T>(text, values)).rows;
}

/** Migrations sit beside this file in the sources and beside the bundle in dist/. */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION_LOCK = 727_001;

export async function openDatabase(config: Config['database']): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      async ping() {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  // pg_trgm backs substring search (customers); PostgreSQL ships it as a contrib extension.
  const client = await PGlite.create(config.dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    async ping() {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
