import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, DEMO_ADMIN, loadConfig } from './config.ts';
import { type Db, openDatabase } from './db/client.ts';
import { users } from './db/schema/index.ts';
import { ensureBaseline, FirstStartError } from './db/seed.ts';
import { hashPassword } from './platform/auth/passwords.ts';
import { DEVELOPMENT_SECRET_KEY } from './platform/secrets.ts';
import { ADMIN, buildTestApp } from './test/app.ts';

/** Production needs an SMTP server; its address is all these tests need. */
const SMTP_URL = 'smtp://mail.bank.example:587';
/** An exposed server needs keys to seal secrets with. */
const SECRET_KEYS = randomBytes(32).toString('base64');

describe('loadConfig', () => {
  it('defaults to embedded PGlite in ./data on port 3000', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.database).toMatchObject({ kind: 'pglite' });
    expect((c.database as { dataDir: string }).dataDir).toMatch(/\/data$/);
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db', poolSize: 10 });
  });

  it('stops with a message naming each bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: 'short' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    }
  });
});

describe('first start', () => {
  it('on PostgreSQL without ADMIN_PASSWORD stops with a clear error', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await database.migrate();
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h/db' });
    await expect(ensureBaseline(database.db, config, 'unused-demo-password')).rejects.toThrow(
      FirstStartError,
    );
    await database.close();
  });
});

describe('the demo default is a demo', () => {
  it('listens on loopback unless HOST is set, and only then goes without a Secure cookie', () => {
    const local = loadConfig({});
    expect(local).toMatchObject({ host: '127.0.0.1', exposed: false, cookieSecure: false });
    expect(loadConfig({ HOST: 'localhost' })).toMatchObject({ exposed: false, cookieSecure: false });
    expect(loadConfig({ HOST: '::1' }).exposed).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', SECRET_KEYS, SMTP_URL })).toMatchObject({
      exposed: true,
      cookieSecure: true,
    });
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEYS, SMTP_URL })).toMatchObject({
      exposed: true,
      cookieSecure: true,
    });
    // Turned off explicitly (plain HTTP behind nothing), or on explicitly for a local HTTPS setup.
    expect(loadConfig({ HOST: '0.0.0.0', SECRET_KEYS, SMTP_URL, COOKIE_SECURE: 'false' }).cookieSecure).toBe(
      false,
    );
    expect(loadConfig({ COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
  });

  it('requires keys to seal secrets with on an exposed server, and checks them', () => {
    for (const env of [
      { NODE_ENV: 'production', SMTP_URL },
      { HOST: '0.0.0.0', SMTP_URL },
    ]) {
      expect(() => loadConfig(env)).toThrow(/SECRET_KEYS: is required/);
    }
    const other = randomBytes(32).toString('base64');
    expect(
      loadConfig({ HOST: '0.0.0.0', SMTP_URL, SECRET_KEYS: `${SECRET_KEYS}, ${other}` }).secretKeys,
    ).toEqual([SECRET_KEYS, other]);
    expect(() => loadConfig({ SECRET_KEYS: 'c2hvcnQ=' })).toThrow(
      /SECRET_KEYS: must be base64 keys of 32 bytes/,
    );
    expect(loadConfig({}).secretKeys).toEqual([DEVELOPMENT_SECRET_KEY]);
  });

  it('measures requests unless METRICS=off, and takes a scraper token of 32 characters or more', () => {
    expect(loadConfig({}).metrics).toBe(true);
    expect(loadConfig({ METRICS: 'off' }).metrics).toBe(false);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
  });

  it('lets the heap grow 50 % past what survived a full collection unless HEAP_GROWING_PERCENT says otherwise', () => {
    expect(loadConfig({}).heapGrowingPercent).toBe(50);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: '-5' })).toThrow(/HEAP_GROWING_PERCENT/);
  });

  it('reads OUTBOUND_ALLOW, and stops on an entry that is no host, address or range', () => {
    const { outboundAllow } = loadConfig({ OUTBOUND_ALLOW: '10.8.0.0/16, relay.bank.internal,127.0.0.1' });
    expect(outboundAllow.hosts).toEqual(['relay.bank.internal']);
    expect(outboundAllow.ranges.map(([a, bits]) => `${a.toString()}/${bits}`)).toEqual([
      '10.8.0.0/16',
      '127.0.0.1/32',
    ]);
    expect(() => loadConfig({ OUTBOUND_ALLOW: '10.8.0.0/16, http://relay' })).toThrow(
      /OUTBOUND_ALLOW: "http:\/\/relay" is not a host name, an IP address or a CIDR range/,
    );
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY lists, so a client cannot choose its address', async () => {
    const config = loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8', SECRET_KEYS, SMTP_URL });
    expect(config).toMatchObject({ trustProxy: ['127.0.0.1', '10.0.0.0/8'], exposed: true });
    const ipSeen = async (trustProxy: boolean | string[]) => {
      const app = Fastify({ trustProxy });
      app.get('/', (req) => req.ip);
      // The client wrote the first entry itself; the proxy appended the address it saw.
      const res = await app.inject({ url: '/', headers: { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' } });
      await app.close();
      return res.body;
    };
    expect(await ipSeen(config.trustProxy)).toBe('203.0.113.9');
    expect(await ipSeen(loadConfig({ TRUST_PROXY: 'true', SECRET_KEYS, SMTP_URL }).trustProxy)).toBe(
      '198.51.100.7',
    );
    expect(() => loadConfig({ TRUST_PROXY: '127.0.0.1,proxy.bank', SECRET_KEYS, SMTP_URL })).toThrow(
      /TRUST_PROXY: "proxy.bank" is not true, false, an address or a CIDR range/,
    );
  });

  it('counts a server behind a trusted reverse proxy as exposed (TRUST_PROXY=true)', () => {
    expect(loadConfig({ TRUST_PROXY: 'true', SECRET_KEYS, SMTP_URL })).toMatchObject({
      host: '127.0.0.1',
      trustProxy: true,
      exposed: true,
      cookieSecure: true,
      apiDocs: 'signed-in',
    });
    expect(() => loadConfig({ TRUST_PROXY: 'true', SMTP_URL })).toThrow(
      /SECRET_KEYS: is required with TRUST_PROXY=true/,
    );
    expect(() =>
      loadConfig({ TRUST_PROXY: 'true', SECRET_KEYS, SMTP_URL, ADMIN_PASSWORD: DEMO_ADMIN.password }),
    ).toThrow(/ADMIN_PASSWORD: is the documented demo password/);
    expect(loadConfig({ TRUST_PROXY: 'false' }).exposed).toBe(false);
  });

  it('requires SMTP on an exposed server: links and lock notices are not written to the log there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SECRET_KEYS })).toThrow(
      /SMTP_URL: is required with NODE_ENV=production/,
    );
    // Not only in production: a development server listening beyond loopback, or behind a proxy.
    expect(() => loadConfig({ HOST: '0.0.0.0', SECRET_KEYS })).toThrow(ConfigError);
    expect(() => loadConfig({ HOST: '0.0.0.0', SECRET_KEYS })).toThrow(
      /SMTP_URL: is required when listening on 0.0.0.0/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'true', SECRET_KEYS })).toThrow(
      /SMTP_URL: is required with TRUST_PROXY=true/,
    );
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEYS, SMTP_URL }).mail.smtpUrl).toBe(SMTP_URL);
    expect(loadConfig({ HOST: '0.0.0.0', SECRET_KEYS, SMTP_URL }).mail.smtpUrl).toBe(SMTP_URL);
    expect(loadConfig({}).mail.smtpUrl).toBeUndefined();
  });

  it('refuses the documented demo password in production or beyond loopback', () => {
    for (const env of [
      { NODE_ENV: 'production', SECRET_KEYS, SMTP_URL, ADMIN_PASSWORD: DEMO_ADMIN.password },
      { HOST: '0.0.0.0', SECRET_KEYS, SMTP_URL, ADMIN_PASSWORD: DEMO_ADMIN.password },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/ADMIN_PASSWORD: is the documented demo password/);
    }
    expect(() =>
      loadConfig({ HOST: '0.0.0.0', SECRET_KEYS, SMTP_URL, ADMIN_PASSWORD: DEMO_ADMIN.password }),
    ).toThrow(/when listening on 0.0.0.0 \(HOST is not a loopback address\)/);
    expect(loadConfig({ ADMIN_PASSWORD: DEMO_ADMIN.password }).admin.password).toBe(DEMO_ADMIN.password);
  });

  const embedded = async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await database.migrate();
    return database;
  };
  const adminRow = async (db: Db) =>
    (await db.select().from(users).where(eq(users.username, DEMO_ADMIN.username)))[0];

  it('refuses to create the demo administrator on a first start in production or beyond loopback', async () => {
    const database = await embedded();
    try {
      for (const env of [
        { NODE_ENV: 'production', SECRET_KEYS, SMTP_URL },
        { HOST: '0.0.0.0', SECRET_KEYS, SMTP_URL },
      ]) {
        await expect(ensureBaseline(database.db, loadConfig(env), DEMO_ADMIN.password)).rejects.toThrow(
          /documented demo password, which is refused/,
        );
      }
      expect(await adminRow(database.db)).toBeUndefined();
    } finally {
      await database.close();
    }
  });

  it('makes the demo administrator change the password at the first sign-in', async () => {
    const database = await embedded();
    try {
      await ensureBaseline(database.db, loadConfig({}), DEMO_ADMIN.password);
      expect(await adminRow(database.db)).toMatchObject({
        mustChangePassword: true,
        mustChangeReason: 'FIRST_SIGN_IN',
      });
      // A database whose administrator still has the demo password will not start exposed…
      await expect(
        ensureBaseline(
          database.db,
          loadConfig({ NODE_ENV: 'production', SECRET_KEYS, SMTP_URL }),
          DEMO_ADMIN.password,
        ),
      ).rejects.toThrow(/still has the documented demo password/);
      // …and, made before this rule (no forced change), is told to change it at the next start.
      await database.db.update(users).set({ mustChangePassword: false, mustChangeReason: null });
      await ensureBaseline(database.db, loadConfig({}), DEMO_ADMIN.password);
      expect((await adminRow(database.db))?.mustChangePassword).toBe(true);
      // A password chosen with ADMIN_PASSWORD is not forced to change.
      await database.db.update(users).set({ passwordHash: await hashPassword('Chosen#Admin-Password-1') });
      await database.db.update(users).set({ mustChangePassword: false, mustChangeReason: null });
      await ensureBaseline(
        database.db,
        loadConfig({ NODE_ENV: 'production', SECRET_KEYS, SMTP_URL }),
        DEMO_ADMIN.password,
      );
      expect((await adminRow(database.db))?.mustChangePassword).toBe(false);
    } finally {
      await database.close();
    }
  });

  it('refuses an exposed start while any account still has the demo password, whatever ADMIN_USERNAME says', async () => {
    const database = await embedded();
    try {
      // A data folder made by the demo…
      await ensureBaseline(database.db, loadConfig({}), DEMO_ADMIN.password);
      // …started exposed with another administrator's name: `admin` still opens with the README's password.
      const ops = { ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'Chosen#Ops-Password-1' };
      const exposed = loadConfig({ ...ops, HOST: '0.0.0.0', SECRET_KEYS, SMTP_URL });
      await expect(ensureBaseline(database.db, exposed, DEMO_ADMIN.password)).rejects.toThrow(
        /The account admin still has the documented demo password, which is refused when listening on 0.0.0.0/,
      );
      // Any account waiting for its first sign-in is checked, not only the one named `admin`.
      const [adminUser] = await database.db
        .select({ roleId: users.roleId })
        .from(users)
        .where(eq(users.username, DEMO_ADMIN.username));
      await database.db.insert(users).values({
        username: 'trainee',
        fullName: 'Trainee',
        passwordHash: await hashPassword(DEMO_ADMIN.password),
        roleId: adminUser?.roleId as number,
        mustChangePassword: true,
        mustChangeReason: 'FIRST_SIGN_IN',
      });
      await database.db
        .update(users)
        .set({ passwordHash: await hashPassword('Chosen#Admin-Password-1') })
        .where(eq(users.username, DEMO_ADMIN.username));
      await expect(
        ensureBaseline(database.db, loadConfig({ ...ops, TRUST_PROXY: 'true', SECRET_KEYS, SMTP_URL }), ''),
      ).rejects.toThrow(
        /The account trainee still has the documented demo password, .* with TRUST_PROXY=true/,
      );
      // A local start lets it run, with the change forced at the next sign-in.
      await database.db
        .update(users)
        .set({
          passwordHash: await hashPassword(DEMO_ADMIN.password),
          mustChangePassword: false,
          mustChangeReason: null,
        })
        .where(eq(users.username, DEMO_ADMIN.username));
      await ensureBaseline(database.db, loadConfig(ops), '');
      expect(await adminRow(database.db)).toMatchObject({
        mustChangePassword: true,
        mustChangeReason: 'FIRST_SIGN_IN',
      });
      // Once changed, the exposed start goes ahead.
      await database.db
        .update(users)
        .set({ passwordHash: await hashPassword('Chosen#Admin-Password-1') })
        .where(eq(users.username, DEMO_ADMIN.username));
      await database.db
        .update(users)
        .set({ passwordHash: await hashPassword('Chosen#Trainee-Password-1') })
        .where(eq(users.username, 'trainee'));
      await expect(ensureBaseline(database.db, exposed, '')).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  });
});

describe('the refresh cookie', () => {
  const cookieOf = async (env: Record<string, string>) => {
    const t = await buildTestApp(env);
    const res = await t.inject({ method: 'POST', url: '/api/admin/auth/login', payload: ADMIN });
    return res.cookies.find((c) => c.name === 'la_refresh');
  };
  let exposed: Awaited<ReturnType<typeof cookieOf>>;
  let local: Awaited<ReturnType<typeof cookieOf>>;
  beforeAll(async () => {
    // NODE_ENV is 'test' here: neither production nor development decides it, HOST does.
    exposed = await cookieOf({ HOST: '0.0.0.0', SECRET_KEYS, SMTP_URL });
    local = await cookieOf({});
  });

  it('is Secure by default, and goes without only on a loopback HOST outside production', () => {
    expect(exposed).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: true });
    expect(local).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(local?.secure).toBeUndefined();
  });
});
