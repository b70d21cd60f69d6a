import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { permissions, rolePermissions, roles, users } from '../db/schema/index.ts';
import { ensureBaseline } from '../db/seed.ts';
import { ensureMakerCheckerServices } from '../modules/approvals/index.ts';
import { modules } from '../modules/index.ts';
import { hashPassword } from '../platform/auth/passwords.ts';

export const ADMIN = { username: 'admin', password: 'Test#Admin-Password-1' };
/** The password of every user made by `userWith`. */
export const USER_PASSWORD = 'Test#User-Password-1';

/**
 * A fresh database for one test file: in-memory PGlite, or — when DATABASE_URL is set — a new
 * PostgreSQL database created for the file and dropped after it.
 */
export async function freshDatabaseUrl(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => {} };
  const name = `test_${inject('testRunId')}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
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

/** Builds the real app on a fresh database and closes both after the file's tests. */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const fresh = await freshDatabaseUrl();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    // Test files stand local servers in for relays and gateways (platform/outbound.ts).
    OUTBOUND_ALLOW: '127.0.0.1',
    ...(fresh.url ? { DATABASE_URL: fresh.url } : { DATA_DIR: 'memory://' }),
    ...env,
  });
  if (!fresh.url) config.database = { kind: 'pglite', dataDir: 'memory://' };
  const database = await openDatabase(config.database);
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
  await database.migrate();
  await ensureBaseline(database.db, config, ADMIN.password);
  await ensureMakerCheckerServices(database.db, modules);
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
