import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { permissions, rolePermissions, roles, users } from '../db/schema/index.ts';
import { ensureBaseline } from '../db/seed.ts';
import { seedDemo } from '../demo/seed.ts';
import { ensureMakerCheckerServices } from '../modules/approvals/index.ts';
import { modules } from '../modules/index.ts';
import { hashPassword } from '../platform/auth/passwords.ts';
import { demoDatabaseName, demoSnapshot } from './demoSnapshot.ts';

export const ADMIN = { username: 'admin', password: 'Test#Admin-Password-1' };
/** The password of every user made by `userWith`. */
export const USER_PASSWORD = 'Test#User-Password-1';

/**
 * A fresh database for one test file: in-memory PGlite, or — when DATABASE_URL is set — a new
 * PostgreSQL database created for the file (empty, or a copy of `template`) and dropped after it.
 */
export async function freshDatabaseUrl(
  template?: string,
): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => {} };
  const name = `test_${inject('testRunId')}_${randomBytes(6).toString('hex')}`;
  await createDatabase(base, name, template);
  return {
    url: databaseUrl(base, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function createDatabase(base: string, name: string, template?: string) {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
}

function databaseUrl(base: string, name: string) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh database of one test file's own, without an app: closed and dropped after the file's tests. */
export async function openFreshDatabase(): Promise<Database> {
  const fresh = await freshDatabaseUrl();
  afterAll(fresh.drop);
  const database = await openDatabase(
    fresh.url ? { kind: 'postgres', url: fresh.url, poolSize: 2 } : { kind: 'pglite', dataDir: 'memory://' },
  );
  // Registered after the drop, so it runs first (vitest runs afterAll hooks last in, first out).
  afterAll(() => database.close());
  return database;
}

export interface TestApp {
  app: FastifyInstance;
  /** Signs in and answers the bearer header for that user. */
  signIn(username?: string, password?: string): Promise<{ authorization: string }>;
  /** A staff member whose role holds exactly these permissions; answers their bearer header. */
  userWith(permissionCodes: string[]): Promise<{ authorization: string }>;
  inject(opts: InjectOptions & { as?: { authorization: string } }): Promise<LightMyRequestResponse>;
  /** Closes the app and starts a new one on the same database, as a server restart would. */
  restart(): Promise<void>;
  /** The file's PostgreSQL database (another instance may be started on it); undefined on PGlite. */
  databaseUrl: string | undefined;
  /**
   * Another app on the same database, as a second instance would be: its own counters and
   * listeners (module-level caches are shared in one process; platform/changes.test.ts spawns a
   * process for those).
   */
  twin(): Promise<FastifyInstance>;
}

/**
 * The hook timeout of a file that starts from the demo: the first such file of a run seeds it (about
 * three minutes on a busy 2-core machine, dump included) and the others wait for that.
 */
export const DEMO_SETUP_TIMEOUT = 600_000;

export interface TestAppOptions {
  /**
   * Starts from the whole demo (demo/seed.ts) instead of an empty programme: seeded once per test
   * run and copied for the file (test/demoSnapshot.ts), which may change its copy at will.
   */
  demo?: boolean;
}

function testConfig(env: Record<string, string>, url: string | undefined) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    // Test files stand local servers in for relays and gateways (platform/outbound.ts).
    OUTBOUND_ALLOW: '127.0.0.1',
    ...(url ? { DATABASE_URL: url } : { DATA_DIR: 'memory://' }),
    ...env,
  });
  if (!url) config.database = { kind: 'pglite', dataDir: 'memory://' };
  return config;
}

/** Migrated, with the baseline and the maker-checker services, as the server starts. */
async function prepare(database: Database, config: Config) {
  await database.migrate();
  await ensureBaseline(database.db, config, ADMIN.password);
  await ensureMakerCheckerServices(database.db, modules);
}

/**
 * The run's demo, seeded as a file seeded it on its own: the app built on a fresh database, then
 * seedDemo. Answers the embedded database's dump; on PostgreSQL the seeded database stays, closed.
 */
async function seedRunDemo(runId: string): Promise<Blob | undefined> {
  const base = process.env.DATABASE_URL;
  let url: string | undefined;
  if (base) {
    await createDatabase(base, demoDatabaseName(runId));
    url = databaseUrl(base, demoDatabaseName(runId));
  }
  const config = testConfig({}, url);
  const database = await openDatabase(config.database);
  try {
    await prepare(database, config);
    const app = await buildApp(config, database, { web: false });
    try {
      await app.ready();
      await seedDemo(app.db);
    } finally {
      await app.close();
    }
    if (database.kind === 'postgres') return undefined;
    return await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

/** Builds the real app on a fresh database and closes both after the file's tests. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const runId = inject('testRunId');
  const demo = options.demo ? await demoSnapshot(runId, () => seedRunDemo(runId)) : undefined;
  const fresh = await freshDatabaseUrl(options.demo ? demoDatabaseName(runId) : undefined);
  const config = testConfig(env, fresh.url);
  const database = await openDatabase(config.database, { loadDataDir: demo });
  let app: FastifyInstance | undefined;
  const twins: FastifyInstance[] = [];
  // Registered first, so the database is dropped even when building the app fails.
  afterAll(async () => {
    try {
      for (const twin of twins) await twin.close();
      await app?.close();
    } finally {
      await database.close().finally(fresh.drop);
    }
  });
  await prepare(database, config);
  app = await buildApp(config, database, { web: false });
  await app.ready();
  let built = app;

  const signIn = async (username = ADMIN.username, password = ADMIN.password) => {
    const res = await built.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username, password },
    });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    return { authorization: `Bearer ${res.json().accessToken}` };
  };

  let n = 0;
  // One argon2 hash for every test user (the same password): tests that make a user per
  // permission code (guard.test.ts) would otherwise spend most of their time hashing.
  let userHash: Promise<string> | undefined;
  const userWith = async (codes: string[]) => {
    n += 1;
    const code = `TEST_ROLE_${n}_${randomBytes(3).toString('hex')}`;
    const db = database.db;
    const [role] = await db.insert(roles).values({ code, name: code }).returning({ id: roles.id });
    const roleId = (role as { id: number }).id;
    if (codes.length) {
      const known = await db
        .select({ code: permissions.code })
        .from(permissions)
        .where(inArray(permissions.code, codes));
      if (known.length !== codes.length) throw new Error(`unknown permission in ${codes.join(', ')}`);
      await db.insert(rolePermissions).values(codes.map((permissionCode) => ({ roleId, permissionCode })));
    }
    const username = `user_${code.toLowerCase()}`;
    userHash ??= hashPassword(USER_PASSWORD);
    await db.insert(users).values({ username, fullName: username, passwordHash: await userHash, roleId });
    return signIn(username, USER_PASSWORD);
  };

  return {
    get app() {
      return built;
    },
    signIn,
    userWith,
    inject: ({ as, headers, ...opts }) =>
      built.inject({ ...opts, headers: { ...headers, ...(as ?? {}) } } as InjectOptions),
    databaseUrl: fresh.url,
    async twin() {
      const twin = await buildApp(config, database, { web: false });
      twins.push(twin);
      await twin.ready();
      return twin;
    },
    async restart() {
      await built.close();
      app = built = await buildApp(config, database, { web: false });
      await built.ready();
    },
  };
}
