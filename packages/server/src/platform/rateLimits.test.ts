import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { rowsOf } from '../db/client.ts';
import { programmeFixtures } from '../modules/loyalty/testing.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';

// Limits small enough to reach; every app of this file is an instance on one database.
let t: TestApp;
let other: FastifyInstance;
let admin: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp({
    LOGIN_RATE_LIMIT_PER_MINUTE: '4',
    INTEGRATION_RATE_LIMIT_PER_MINUTE: '5',
    INTEGRATION_BAD_KEY_LIMIT_PER_MINUTE: '3',
  });
  admin = await t.signIn();
  if (process.env.DATABASE_URL) other = await t.twin();
});

/** Counters are per minute of the clock: start a case well inside one. */
async function awayFromMinuteEnd() {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 50));
}

describe('rate limits', () => {
  it('hold a key to 6,000 calls a minute unless configured (issue 48)', () => {
    const env = { NODE_ENV: 'test', DATA_DIR: 'memory://' };
    expect(loadConfig(env).integrationRateLimits.perKey).toBe(6_000);
    expect(
      loadConfig({ ...env, INTEGRATION_RATE_LIMIT_PER_MINUTE: '100000000' }).integrationRateLimits.perKey,
    ).toBe(100_000_000);
  });

  it('refuses an API key over its limit', async () => {
    await awayFromMinuteEnd();
    const key = await programmeFixtures(t, admin).apiKey();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/integration/v1/customers/ONE${i}`,
        headers: key,
        payload: { fullName: `One ${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s < 300)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

// Shared counters live in PostgreSQL; the embedded database admits one process, whose memory counts.
describe.runIf(process.env.DATABASE_URL)('rate limits shared by every instance', () => {
  it('counts sign-in attempts made on either instance together', async () => {
    await awayFromMinuteEnd();
    const attempt = (app: FastifyInstance, n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        remoteAddress: '10.0.0.7', // not the administrator's address, whose sign-in counted too
        payload: { username: `nobody-${n}`, password: 'Wrong#Password-123' },
      });
    // Two here and two there: four of four. Alone, each instance would have counted two.
    expect((await attempt(t.app, 1)).statusCode).toBe(401);
    expect((await attempt(other, 2)).statusCode).toBe(401);
    expect((await attempt(t.app, 3)).statusCode).toBe(401);
    expect((await attempt(other, 4)).statusCode).toBe(401);
    const refused = await attempt(t.app, 5);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
  });

  it('starts a sign-in window at its first attempt, not at a minute of the clock', async () => {
    const attempt = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        remoteAddress: '10.0.0.8',
        payload: { username: `nobody-${n}`, password: 'Wrong#Password-123' },
      });
    const address = sql`key like '% 10.0.0.8'`;
    const hits = async () =>
      rowsOf<{ hits: number }>(
        await t.app.db.execute(sql`select hits from rate_limit_counters where ${address}`),
      );
    const codes = [];
    for (let n = 1; n <= 5; n++) codes.push((await attempt(n)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429]);
    // One row for the address, whatever minute of the clock it is: a burst cannot straddle two.
    expect(await hits()).toEqual([{ hits: 5 }]);
    // Once its minute is over, the next attempt opens a new one.
    await t.app.db.execute(
      sql`update rate_limit_counters set window_ends_at = now() - interval '1 second' where ${address}`,
    );
    expect((await attempt(6)).statusCode).toBe(401);
    expect(await hits()).toEqual([{ hits: 1 }]);
  });

  it('holds an API key to its limit across instances', async () => {
    await awayFromMinuteEnd();
    const key = await programmeFixtures(t, admin).apiKey();
    const call = (app: FastifyInstance, n: number) =>
      app.inject({
        method: 'PUT',
        url: `/api/integration/v1/customers/RL${n}`,
        headers: key,
        payload: { fullName: `Limited ${n}` },
      });
    const statuses: number[] = [];
    for (const [i, app] of [t.app, t.app, t.app, other, other, other, t.app].entries()) {
      statuses.push((await call(app, i)).statusCode);
      // Each instance adds its hits to the shared count (done every 100 ms on its own).
      await t.app.integrationLimits.sync();
      await other.integrationLimits.sync();
    }
    expect(statuses.filter((s) => s < 300)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('refuses an address that presented too many unknown keys before looking the next one up', async () => {
    await awayFromMinuteEnd();
    const guess = (app: FastifyInstance, n: number) =>
      app.inject({
        method: 'GET',
        url: '/api/integration/v1/customers/C1/balance',
        headers: { 'x-api-key': `lk_guess_${n}` },
      });
    expect((await guess(t.app, 1)).statusCode).toBe(401);
    expect((await guess(other, 2)).statusCode).toBe(401);
    await t.app.integrationLimits.sync();
    await other.integrationLimits.sync();
    expect((await guess(t.app, 3)).statusCode).toBe(401);
    await t.app.integrationLimits.sync();
    await other.integrationLimits.sync();
    const refused = await guess(other, 4);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
  });
});
