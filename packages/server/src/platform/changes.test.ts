import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programmeFixtures } from '../modules/loyalty/testing.ts';
import { ADMIN, buildTestApp, type TestApp } from '../test/app.ts';
import { onChange } from './changes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

/** Resolves when `check` holds, polling; rejects after `ms`. Answers the time it took. */
async function within(ms: number, check: () => Promise<boolean> | boolean): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('change notifications', () => {
  it('reach listeners when the writing transaction commits, and never when it rolls back', async () => {
    let heard = 0;
    const stop = onChange('test-topic', () => {
      heard += 1;
    });
    try {
      await t.app.db
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_notify('loyalty_changes', 'test-topic')`);
          tx.rollback();
        })
        .catch(() => undefined);
      await t.app.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('loyalty_changes', 'test-topic')`);
        await new Promise((r) => setTimeout(r, 100));
        // Not before the commit.
        expect(heard).toBe(0);
      });
      await within(1_000, () => heard === 1);
      await new Promise((r) => setTimeout(r, 100));
      expect(heard).toBe(1);
    } finally {
      stop();
    }
  });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

// Two instances need a database both can reach: PostgreSQL (an embedded folder has one owner).
describe.runIf(process.env.DATABASE_URL)('a second instance on the same database', () => {
  let other: ChildProcess;
  let base: string;
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    other = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('../main.ts', import.meta.url))],
      {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATABASE_URL: t.databaseUrl,
          PORT: String(port),
          ADMIN_USERNAME: ADMIN.username,
          ADMIN_PASSWORD: ADMIN.password,
        },
        stdio: 'inherit',
      },
    );
    await within(
      60_000,
      async () => (await fetch(`${base}/api/health/ready`).catch(() => null))?.ok === true,
    );
  }, 90_000);
  afterAll(() => {
    other?.kill('SIGTERM');
  });

  it('sees a points rule changed and an API key revoked here within a second', async () => {
    const admin = await t.signIn();
    const fx = programmeFixtures(t, admin);
    const spend = await fx.type('SPEND');
    const rule = await fx.rule({ transactionTypeId: spend.id, amount: 1, pointsPerTransaction: 1 });
    const { id: _id, tierName: _tierName, createdAt: _c, updatedAt: _u, ...ruleFields } = rule;
    const key = await fx.apiKey();
    let n = 0;
    const earnThere = async () => {
      n += 1;
      const res = await fetch(`${base}/api/integration/v1/transactions`, {
        method: 'POST',
        headers: { ...key, 'content-type': 'application/json' },
        body: JSON.stringify({
          externalId: `X-${n}`,
          customerNumber: 'C1',
          transactionTypeCode: 'SPEND',
          amount: 10,
        }),
      });
      return { status: res.status, body: (await res.json()) as { pointsAwarded?: number } };
    };
    const created = await fetch(`${base}/api/integration/v1/customers/C1`, {
      method: 'PUT',
      headers: { ...key, 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: 'Two Instances' }),
    });
    expect(created.status).toBeLessThan(300);
    expect((await earnThere()).body.pointsAwarded).toBe(10);

    // The other instance now trusts its programme for a minute, unless told.
    const changed = await t.inject({
      method: 'PUT',
      url: `/api/admin/points-rules/${rule.id}`,
      as: admin,
      payload: { ...ruleFields, pointsPerTransaction: 3 },
    });
    expect(changed.statusCode).toBe(200);
    expect(await within(1_000, async () => (await earnThere()).body.pointsAwarded === 30)).toBeLessThan(
      1_000,
    );

    const keyId = (await t.inject({ method: 'GET', url: '/api/admin/api-keys', as: admin })).json().items[0]
      .id;
    const revoked = await t.inject({ method: 'DELETE', url: `/api/admin/api-keys/${keyId}`, as: admin });
    expect(revoked.statusCode).toBe(200);
    expect(await within(1_000, async () => (await earnThere()).status === 401)).toBeLessThan(1_000);
  });
});
