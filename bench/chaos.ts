/**
 * `npm run chaos`: three server instances behind a round-robin proxy on one PostgreSQL database
 * (DATABASE_URL's server; a database of its own is made and dropped), and the faults of
 * docs/reliability.md:
 *   1. a change on one instance seen by the others: an API key revoked, a points rule changed;
 *      a sign-in rate limit counted across them;
 *   2. an earning load with one instance killed (SIGKILL) mid-run and restarted, the channel
 *      retrying every request that got no answer with the same externalId;
 *   3. the same load with every database connection cut mid-run (pg_terminate_backend);
 *   after each load, a reconciliation from the ledger: every externalId posted exactly once, every
 *   balance equal to the sum of its entries.
 * Options: --seconds 20 (each load) --concurrency 16 --keep (keep the database).
 * Exits 1 when a check fails.
 */
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, json, request, startProxy, startServer, stopServer } from './server.ts';

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '16' },
    keep: { type: 'boolean', default: false },
  },
});
const seconds = Number(opts.seconds);
const concurrency = Number(opts.concurrency);
const password = 'Chaos#Admin-Password-1';
const LOGIN_LIMIT = 20;
const INSTANCES = 3;
const CUSTOMERS = 200;

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `chaos_${Date.now().toString(36)}`;
const dbUrl = (() => {
  const u = new URL(serverUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency * 2 });
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function within(ms: number, ok: () => Promise<boolean>): Promise<number | undefined> {
  const start = Date.now();
  while (Date.now() - start <= ms) {
    if (await ok().catch(() => false)) return Date.now() - start;
    await sleep(20);
  }
  return undefined;
}

interface LoadFigures {
  sent: number;
  retried: number;
  noAnswer: number;
  posted: number;
  refused: number;
}

/**
 * `concurrency` channels posting earnings through the proxy for `seconds`; `fault` runs alongside.
 * A request without an answer (connection dropped, 502, 503, 500) is sent again, same externalId.
 */
async function load(proxy: string, key: string, tag: string, fault: () => Promise<void>) {
  const figures: LoadFigures = { sent: 0, retried: 0, noAnswer: 0, posted: 0, refused: 0 };
  const ids: string[] = [];
  const endAt = Date.now() + seconds * 1000;
  let seq = 0;
  const faultDone = fault();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < endAt) {
        seq += 1;
        const body = {
          externalId: `${tag}-${seq}`,
          customerNumber: `CH-${seq % CUSTOMERS}`,
          transactionTypeCode: 'CHAOS_SPEND',
          amount: 1 + (seq % 50),
        };
        ids.push(body.externalId);
        for (let attempt = 0; ; attempt++) {
          if (attempt > 0) figures.retried += 1;
          if (attempt > 200) throw new Error(`${body.externalId}: no answer after 200 attempts`);
          figures.sent += 1;
          const res = await request(
            agent,
            `${proxy}/api/integration/v1/transactions`,
            'POST',
            { 'x-api-key': key },
            body,
          ).catch(() => undefined);
          if (!res || res.status === 502 || res.status >= 500) {
            figures.noAnswer += 1;
            await sleep(100);
            continue;
          }
          if (res.status < 300) figures.posted += 1;
          else figures.refused += 1;
          break;
        }
      }
    }),
  );
  await faultDone;
  return { figures, ids };
}

/** From the ledger: each externalId posted once; each balance the sum of its entries. */
async function reconcile(connect: () => Promise<pg.Client>, ids: string[], what: string) {
  const db = await connect();
  try {
    await reconcileWith(db, ids, what);
  } finally {
    await db.end();
  }
}

async function reconcileWith(db: pg.Client, ids: string[], what: string) {
  const { rows } = await db.query<{ external_id: string; n: string }>(
    `select external_id, count(*) as n from ledger_entries
      where kind = 'EARN' and external_id = any($1::text[]) group by external_id`,
    [ids],
  );
  const counts = new Map(rows.map((r) => [r.external_id, Number(r.n)]));
  const missing = ids.filter((id) => !counts.has(id)).length;
  const twice = [...counts.values()].filter((n) => n > 1).length;
  check(
    missing === 0 && twice === 0,
    `${what}: ${ids.length} externalIds, ${missing} missing, ${twice} posted twice`,
  );
  const { rows: off } = await db.query(
    `select c.customer_number from customers c
       left join lateral (select coalesce(sum(points), 0) as total from ledger_entries e where e.customer_id = c.id) s on true
       left join lateral (select balance_after from ledger_entries e where e.customer_id = c.id order by id desc limit 1) l on true
      where c.balance <> s.total or c.balance <> coalesce(l.balance_after, 0)`,
  );
  check(off.length === 0, `${what}: every balance equals the sum of its entries (${off.length} differ)`);
}

async function main() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const ports = await Promise.all(Array.from({ length: INSTANCES }, freePort));
  const env = {
    DATABASE_URL: dbUrl,
    ADMIN_PASSWORD: password,
    LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT),
  };
  const children: (ChildProcess | undefined)[] = [];
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  // Reconciliation reads through a client made afterwards: the fault cuts every connection.
  const reader = async () => {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    return c;
  };
  try {
    // The first instance migrates and creates the administrator; the others start beside it.
    children[0] = await startServer(ports[0] as number, env);
    children.push(...(await Promise.all(ports.slice(1).map((p) => startServer(p, env)))));
    proxy = await startProxy(ports);
    const via = (base: string) => ({
      call: <T>(method: string, path: string, headers: Record<string, string>, body?: unknown) =>
        json<T>(agent, `${base}${path}`, method, headers, body),
    });
    const lb = via(proxy.url);
    const { accessToken } = await lb.call<{ accessToken: string }>(
      'POST',
      '/api/admin/auth/login',
      {},
      {
        username: 'admin',
        password,
      },
    );
    const staff = { authorization: `Bearer ${accessToken}` };
    const type = await lb.call<{ id: number }>('POST', '/api/admin/transaction-types', staff, {
      name: 'Chaos spend',
      description: 'Card spend posted by npm run chaos',
      type: 'EARN',
      code: 'CHAOS_SPEND',
    });
    const ruleFields = {
      transactionTypeId: type.id,
      tierId: null,
      amount: 1,
      condition: 'PER_EACH',
      pointsPerTransaction: 1,
      minPoints: 0,
      maxPoints: 1_000_000,
      validFrom: '2000-01-01',
      validUntil: '2099-12-31',
      priority: 50,
    };
    const rule = await lb.call<{ id: number }>('POST', '/api/admin/points-rules', staff, ruleFields);
    const newKey = async (name: string) =>
      (await lb.call<{ id: number; key: string }>('POST', '/api/admin/api-keys', staff, {
        name,
        scopes: ['customers', 'transactions', 'balance'],
      })) as { id: number; key: string };
    const channel = await newKey('chaos channel');
    const doomed = await newKey('chaos key to revoke');
    for (let i = 0; i < CUSTOMERS; i += concurrency) {
      await Promise.all(
        Array.from({ length: Math.min(concurrency, CUSTOMERS - i) }, (_, j) =>
          lb.call(
            'PUT',
            `/api/integration/v1/customers/CH-${i + j}`,
            { 'x-api-key': channel.key },
            {
              fullName: `Chaos ${i + j}`,
            },
          ),
        ),
      );
    }
    const instances = ports.map((p) => `http://127.0.0.1:${p}`);

    console.log(`\n1. Changes across ${INSTANCES} instances`);
    // Every instance has the doomed key and the programme in memory…
    for (const base of instances) {
      await request(agent, `${base}/api/integration/v1/customers/CH-0/balance`, 'GET', {
        'x-api-key': doomed.key,
      });
    }
    await via(instances[0] as string).call('DELETE', `/api/admin/api-keys/${doomed.id}`, staff);
    for (const [i, base] of instances.entries()) {
      const took = await within(1_000, async () => {
        const res = await request(agent, `${base}/api/integration/v1/customers/CH-0/balance`, 'GET', {
          'x-api-key': doomed.key,
        });
        return res.status === 401;
      });
      check(
        took !== undefined,
        `instance ${i + 1} refuses the key revoked on instance 1 (after ${took ?? '> 1000'} ms)`,
      );
    }
    let n = 0;
    const earnOn = async (base: string) => {
      n += 1;
      const res = await request(
        agent,
        `${base}/api/integration/v1/transactions`,
        'POST',
        { 'x-api-key': channel.key },
        {
          externalId: `rule-${n}`,
          customerNumber: 'CH-1',
          transactionTypeCode: 'CHAOS_SPEND',
          amount: 10,
        },
      );
      return JSON.parse(res.body).pointsAwarded as number;
    };
    for (const base of instances) await earnOn(base);
    await via(instances[1] as string).call('PUT', `/api/admin/points-rules/${rule.id}`, staff, {
      ...ruleFields,
      pointsPerTransaction: 2,
    });
    for (const [i, base] of instances.entries()) {
      const took = await within(1_000, async () => (await earnOn(base)) === 20);
      check(
        took !== undefined,
        `instance ${i + 1} earns by the rule changed on instance 2 (after ${took ?? '> 1000'} ms)`,
      );
    }
    let accepted = 0;
    for (let i = 0; i < LOGIN_LIMIT + 5; i++) {
      const res = await request(
        agent,
        `${proxy.url}/api/admin/auth/login`,
        'POST',
        {},
        {
          username: `nobody-${i}`,
          password: 'Wrong#Password-123',
        },
      );
      if (res.status !== 429) accepted += 1;
    }
    // The administrator's sign-in counted too, unless it fell in the previous minute's window.
    check(
      accepted === LOGIN_LIMIT - 1 || accepted === LOGIN_LIMIT,
      `sign-in limit ${LOGIN_LIMIT}/min held across the instances: ${accepted} of ${LOGIN_LIMIT + 5} wrong passwords answered, then 429`,
    );

    console.log(
      `\n2. Earning load (${concurrency} channels, ${seconds} s) with instance 2 killed (SIGKILL) and restarted`,
    );
    const killed = await load(proxy.url, channel.key, 'kill', async () => {
      await sleep((seconds * 1000) / 4);
      await stopServer(children[1] as ChildProcess, 'SIGKILL');
      console.log(`  instance 2 killed at ${(seconds / 4).toFixed(0)} s`);
      await sleep(2_000);
      children[1] = await startServer(ports[1] as number, env);
      console.log('  instance 2 ready again');
    });
    console.log(`  ${JSON.stringify(killed.figures)}`);
    await reconcile(reader, killed.ids, 'after the kill');

    console.log(`\n3. Earning load with every database connection cut mid-run`);
    let notReady = 0;
    const cut = await load(proxy.url, channel.key, 'cut', async () => {
      await sleep((seconds * 1000) / 3);
      const { rows } = await admin.query(
        'select count(pg_terminate_backend(pid)) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      );
      console.log(`  ${rows[0].n} database connections terminated`);
      for (let i = 0; i < 25; i++) {
        for (const base of instances) {
          const res = await request(agent, `${base}/api/health/ready`, 'GET', {}).catch(() => undefined);
          if (res?.status !== 200) notReady += 1;
        }
        await sleep(40);
      }
    });
    console.log(`  ${JSON.stringify(cut.figures)}; not-ready answers right after the cut: ${notReady}`);
    await reconcile(reader, cut.ids, 'after the cut');
    const ready = await Promise.all(
      instances.map((b) => request(agent, `${b}/api/health/ready`, 'GET', {}).then((r) => r.status)),
    );
    check(
      ready.every((s) => s === 200),
      `every instance ready again (${ready.join(', ')})`,
    );
  } finally {
    proxy?.close();
    agent.destroy();
    for (const child of children) if (child) await stopServer(child);
    if (!opts.keep) await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  console.log(failures.length ? `\n${failures.length} check(s) failed` : '\nAll checks passed');
  process.exitCode = failures.length ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
