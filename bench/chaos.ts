/**
 * `npm run chaos`: three server instances behind HAProxy (round robin, health checks on
 * `/api/health/ready`: bench/server.ts) on one PostgreSQL database (DATABASE_URL's server, by
 * default the local one at 127.0.0.1:5432; a database of its own is made and dropped), and the
 * faults of docs/reliability.md:
 *   1. a change on one instance seen by the others: an API key revoked, a points rule changed;
 *      a sign-in rate limit counted across them;
 *   2. an earning load with one instance killed (SIGKILL) mid-run and restarted, the channel
 *      retrying every request that got no answer with the same externalId;
 *   3. the same load with every database connection cut mid-run (pg_terminate_backend);
 *   4. the same load with the PostgreSQL server itself stopped mid-run (`pg_ctlcluster stop`),
 *      held down `--db-down` seconds and started again: the instances must come back on their own
 *      (pools, LISTEN connection, HAProxy's checks). It needs DATABASE_URL's server to be a cluster
 *      of this machine that Debian's pg_ctlcluster manages, and root (or the cluster's owner);
 *      otherwise, or with --skip-db-restart, the case is skipped with the reason. It cuts every
 *      other user of that server for a few seconds too;
 *   after each load, a reconciliation from the ledger: every externalId posted exactly once, every
 *   balance equal to the sum of its entries.
 * Needs HAProxy (`apt-get install haproxy`; the script says so and exits 1 without it).
 * Options: --seconds 20 (each load) --concurrency 16 --db-down 3 (seconds PostgreSQL stays
 * stopped) --skip-db-restart --keep (keep the database).
 * Exits 1 when a check fails.
 */
import { type ChildProcess, execFile, spawnSync } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { networkInterfaces, tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import {
  type Balancer,
  freePort,
  json,
  request,
  requireHaproxy,
  startBalancer,
  startServer,
  stopServer,
} from './server.ts';

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '16' },
    'db-down': { type: 'string', default: '3' },
    'skip-db-restart': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const seconds = Number(opts.seconds);
const concurrency = Number(opts.concurrency);
const dbDownSeconds = Number(opts['db-down']);
const run = promisify(execFile);
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
  /** The longest time no channel had an earning answered (the outage as the channels saw it). */
  longestGapMs: number;
}

/**
 * `concurrency` channels posting earnings through the balancer for `seconds`; `fault` runs
 * alongside. A request without an answer (connection dropped, 502, 503, 500) is sent again, same
 * externalId.
 */
async function load(proxy: string, key: string, tag: string, fault: () => Promise<void>) {
  const figures: LoadFigures = { sent: 0, retried: 0, noAnswer: 0, posted: 0, refused: 0, longestGapMs: 0 };
  const ids: string[] = [];
  const endAt = Date.now() + seconds * 1000;
  let seq = 0;
  let lastAnswer = Date.now();
  const faultDone = fault();
  // Awaited once the channels are done; a failure before then must not end the process unheard
  // (it would leave PostgreSQL stopped).
  faultDone.catch(() => {});
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
          figures.longestGapMs = Math.max(figures.longestGapMs, Date.now() - lastAnswer);
          lastAnswer = Date.now();
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

/** A query on DATABASE_URL's server with a connection of its own (a restart ends long-lived ones). */
async function onServer<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: serverUrl });
  c.on('error', () => {});
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end().catch(() => {});
  }
}

/** Whether `host` names this machine: a loopback address, or one of its interfaces'. */
async function onThisMachine(host: string) {
  const mine = new Set(
    Object.values(networkInterfaces())
      .flat()
      .map((a) => a?.address),
  );
  const addresses = await lookup(host, { all: true }).catch(() => []);
  return addresses.some(({ address }) => /^127\./.test(address) || address === '::1' || mine.has(address));
}

type Restartable = { version: string; name: string; label: string } | { skip: string };

/**
 * Whether this script can stop and start DATABASE_URL's server: it is on this machine, it is a
 * cluster Debian's pg_lsclusters lists (same data directory), pg_ctlcluster is there, and this
 * process runs as root or as the cluster's owner. Otherwise why not.
 */
async function restartablePostgres(): Promise<Restartable> {
  if (opts['skip-db-restart']) return { skip: '--skip-db-restart was given' };
  const url = new URL(serverUrl);
  const host = (url.searchParams.get('host') ?? url.hostname).replace(/^\[|\]$/g, '');
  if (!(host === '' || host.startsWith('/') || (await onThisMachine(host))))
    return {
      skip: `DATABASE_URL's server (${host}) is not on this machine: it cannot be restarted from here`,
    };
  let settings: { dir: string; port: string }[];
  try {
    settings = await onServer(
      `select current_setting('data_directory') as dir, current_setting('port') as port`,
    );
  } catch (err) {
    return {
      skip: `the role of DATABASE_URL cannot read the server's data directory (${(err as Error).message}); a superuser can`,
    };
  }
  const dir = settings[0]?.dir;
  let listing: string;
  try {
    listing = (await run('pg_lsclusters', ['--no-header'])).stdout;
  } catch {
    return {
      skip: "pg_lsclusters and pg_ctlcluster (Debian's postgresql-common) are not installed: this script restarts PostgreSQL with them",
    };
  }
  // Ver Cluster Port Status Owner Data-directory Log-file
  const line = listing
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .find((f) => f[5] === dir);
  if (!line) return { skip: `the server's data directory (${dir}) is not one of pg_lsclusters' clusters` };
  const [version = '', name = '', , status, owner] = line;
  if (status !== 'online') return { skip: `pg_lsclusters shows cluster ${version}/${name} as ${status}` };
  const me = userInfo().username;
  if (process.getuid?.() !== 0 && me !== owner)
    return {
      skip: `restarting cluster ${version}/${name} needs root or its owner (${owner}); this is ${me}`,
    };
  return { version, name, label: `PostgreSQL ${version}/${name} (port ${settings[0]?.port}, ${dir})` };
}

/** `pg_ctlcluster <version> <name> stop|start`, directly (no systemd: --skip-systemctl-redirect). */
const pgCtl = (target: { version: string; name: string }, action: 'start' | 'stop') =>
  run('pg_ctlcluster', ['--skip-systemctl-redirect', target.version, target.name, action]);

/** Set while this script holds PostgreSQL stopped: started again on the way out, whatever ended the run. */
let stoppedCluster: { version: string; name: string } | undefined;
let databaseMade = false;
process.once('SIGINT', () => {
  if (stoppedCluster) {
    console.log('\nInterrupted while PostgreSQL was stopped: starting it again');
    const { version, name } = stoppedCluster;
    spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, 'start'], { stdio: 'inherit' });
  }
  if (databaseMade)
    console.log(`\nInterrupted: the database ${dbName} is left behind (drop database ${dbName})`);
  process.exit(130);
});

/** HAProxy's line without its level and pid, and without the counts after the reason. */
const haproxyLine = (line: string) =>
  line.replace(/^\[\w+\]\s+\(\d+\)\s*:\s*/, '').replace(/, check duration:.*$/, '');

/** A customer's balance on `base` with `key`: 401 once the key is revoked (as that instance knows). */
const balanceWith = (base: string, key: string) =>
  request(agent, `${base}/api/integration/v1/customers/CH-0/balance`, 'GET', { 'x-api-key': key });

/**
 * Case 4: the earning load with the PostgreSQL server stopped at ¼ of the run, held down
 * `--db-down` seconds and started again. Measures when each instance answered "not ready" and
 * ready again (polled directly), when HAProxy marked them down and up, when their LISTEN
 * connections were back; then the reconciliation and the checks that they recovered on their own.
 */
async function postgresRestart(
  target: { version: string; name: string; label: string },
  ctx: {
    balancer: Balancer;
    channelKey: string;
    instances: string[];
    children: (ChildProcess | undefined)[];
    reader: () => Promise<pg.Client>;
    revokeOn3: () => Promise<string>;
    /** Told the cluster while it is stopped (undefined once started), so that a failed run starts it. */
    onStopped: (t: { version: string; name: string } | undefined) => void;
  },
) {
  const { balancer, instances } = ctx;
  console.log(
    `\n4. Earning load with ${target.label} stopped at ¼ of the run, held down ${dbDownSeconds} s, started again`,
  );
  const others = await onServer<{ n: string }>(
    `select count(*) as n from pg_stat_activity
      where backend_type = 'client backend' and datname <> $1 and pid <> pg_backend_pid()`,
    [dbName],
  );
  if (Number(others[0]?.n))
    console.log(
      `  (${others[0]?.n} connections to other databases of this server are cut by the restart too)`,
    );
  const listeners = async () =>
    Number(
      (
        await onServer<{ n: string }>(
          `select count(*) as n from pg_stat_activity where datname = $1 and query like 'LISTEN %'`,
          [dbName],
        )
      )[0]?.n,
    );
  const listeningBefore = await listeners();
  // stopAt: pg_ctlcluster stop called; upAt: PostgreSQL accepts connections again.
  const t = { stopAt: 0, stopMs: 0, upAt: 0, startMs: 0, listenAt: undefined as number | undefined };
  const notReadyAt: (number | undefined)[] = instances.map(() => undefined);
  const readyAgainAt: (number | undefined)[] = instances.map(() => undefined);
  const restarted = await load(balancer.url, ctx.channelKey, 'restart', async () => {
    await sleep((seconds * 1000) / 4);
    // Each instance's readiness, polled directly every 100 ms from before the stop until it is ready again.
    let watching = true;
    const watchers = instances.map(async (base, i) => {
      while (watching) {
        const res = await request(agent, `${base}/api/health/ready`, 'GET', {}).catch(() => undefined);
        if (res?.status !== 200) notReadyAt[i] ??= Date.now();
        else if (notReadyAt[i] !== undefined) {
          readyAgainAt[i] = Date.now();
          return;
        }
        await sleep(100);
      }
    });
    t.stopAt = Date.now();
    ctx.onStopped(target);
    await pgCtl(target, 'stop');
    t.stopMs = Date.now() - t.stopAt;
    console.log(`  PostgreSQL stopped (pg_ctlcluster stop: ${t.stopMs} ms)`);
    await sleep(dbDownSeconds * 1000);
    const startCalled = Date.now();
    const starting = pgCtl(target, 'start');
    starting.catch(() => {});
    while (!t.upAt) {
      if (
        await onServer('select 1').then(
          () => true,
          () => false,
        )
      )
        t.upAt = Date.now();
      else await sleep(50);
    }
    await starting;
    ctx.onStopped(undefined);
    t.startMs = Date.now() - startCalled;
    console.log(`  PostgreSQL started again (pg_ctlcluster start: ${t.startMs} ms)`);
    await Promise.race([Promise.all(watchers), sleep(40_000)]);
    watching = false;
    const deadline = t.upAt + 40_000;
    while (Date.now() < deadline) {
      if ((await listeners().catch(() => 0)) >= instances.length) {
        t.listenAt = Date.now();
        break;
      }
      await sleep(100);
    }
  });
  // PostgreSQL's return: the first connection it accepted, this script's probe (every 50 ms) or an instance's.
  const upAt = Math.min(t.upAt, ...readyAgainAt.filter((at) => at !== undefined));
  const after = (at: number | undefined, from: number) => (at === undefined ? 'never' : `${at - from} ms`);
  console.log(
    `  PostgreSQL refused connections for ${((upAt - t.stopAt) / 1000).toFixed(1)} s from the stop's start`,
  );
  const haproxySaw = balancer.events.filter((e) => e.at >= t.stopAt && / is (DOWN|UP)\b/.test(e.line));
  const downs = haproxySaw.filter((e) => / is DOWN\b/.test(e.line)).map((e) => after(e.at, t.stopAt));
  const ups = haproxySaw.filter((e) => / is UP\b/.test(e.line)).map((e) => after(e.at, upAt));
  console.log(`  ${JSON.stringify(restarted.figures)}`);
  console.log(
    `  after the stop began: instances not ready ${notReadyAt.map((at) => after(at, t.stopAt)).join(', ')}; ` +
      `HAProxy marked them down ${downs.join(', ')}`,
  );
  console.log(
    `  after PostgreSQL accepted connections: instances ready ${readyAgainAt.map((at) => after(at, upAt)).join(', ')}; ` +
      `HAProxy marked them up ${ups.join(', ')}; LISTEN connections (${listeningBefore} before) all back ${after(t.listenAt, upAt)}`,
  );
  await reconcile(ctx.reader, restarted.ids, 'after the PostgreSQL restart');
  const alive = ctx.children.map((c) => c?.exitCode === null && c.signalCode === null);
  check(
    alive.every(Boolean),
    `every instance came through without being restarted (${alive.map((a) => (a ? 'running' : 'exited')).join(', ')})`,
  );
  check(
    readyAgainAt.every((at) => at !== undefined && at - upAt <= 10_000),
    `every instance ready again on its own within 10 s of PostgreSQL's return (${readyAgainAt.map((at) => after(at, upAt)).join(', ')})`,
  );
  check(
    t.listenAt !== undefined,
    `every instance listening for changes again (${after(t.listenAt, upAt)} after PostgreSQL's return)`,
  );
  const lastSaid = instances.map((_, i) => {
    const said = balancer.events.filter((e) => e.line.includes(`/instance${i + 1} is `)).at(-1);
    return said === undefined || said.line.includes(' is UP') ? 'UP' : 'DOWN';
  });
  check(
    lastSaid.every((s) => s === 'UP'),
    `HAProxy has every instance up again (${lastSaid.join(', ')})`,
  );
  const key = await ctx.revokeOn3();
  for (const [i, base] of instances.entries()) {
    const took = await within(1_000, async () => (await balanceWith(base, key)).status === 401);
    check(
      took !== undefined,
      `after the restart, instance ${i + 1} refuses the key revoked on instance 3 (after ${took ?? '> 1000'} ms)`,
    );
  }
}

async function main() {
  await requireHaproxy();
  await onServer(`create database ${dbName}`);
  databaseMade = true;
  const ports = await Promise.all(Array.from({ length: INSTANCES }, freePort));
  // The instances' output (errors while the database is down, among others): kept when the run fails.
  const logs = await mkdtemp(path.join(tmpdir(), 'loyalty-chaos-'));
  const logOf = (i: number) => path.join(logs, `instance${i + 1}.log`);
  console.log(`The instances' output: ${logs}/instance{1,2,3}.log (removed when every check passes)`);
  let finished = false;
  const env = {
    DATABASE_URL: dbUrl,
    ADMIN_PASSWORD: password,
    // Behind HAProxy on this machine: the client's address is the first X-Forwarded-For hop that
    // is not the balancer's (an exposed server, as production is).
    TRUST_PROXY: '127.0.0.1',
    LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT),
    // The earning load uses one key at full speed: the key's default limit would refuse most of it.
    INTEGRATION_RATE_LIMIT_PER_MINUTE: '100000000',
  };
  const children: (ChildProcess | undefined)[] = [];
  let proxy: Balancer | undefined;
  // Reconciliation reads through a client made afterwards: the fault cuts every connection.
  const reader = async () => {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    return c;
  };
  try {
    // The first instance migrates and creates the administrator; the others start beside it.
    children[0] = await startServer(ports[0] as number, env, logOf(0));
    children.push(...(await Promise.all(ports.slice(1).map((p, i) => startServer(p, env, logOf(i + 1))))));
    proxy = await startBalancer(ports, { onLine: (line) => console.log(`  haproxy: ${haproxyLine(line)}`) });
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
    const doomedAfterRestart = await newKey('chaos key to revoke after the PostgreSQL restart');
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
      children[1] = await startServer(ports[1] as number, env, logOf(1));
      console.log('  instance 2 ready again');
    });
    console.log(`  ${JSON.stringify(killed.figures)}`);
    await reconcile(reader, killed.ids, 'after the kill');

    console.log(`\n3. Earning load with every database connection cut mid-run`);
    let notReady = 0;
    const cut = await load(proxy.url, channel.key, 'cut', async () => {
      await sleep((seconds * 1000) / 3);
      const rows = await onServer<{ n: string }>(
        'select count(pg_terminate_backend(pid)) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      );
      console.log(`  ${rows[0]?.n} database connections terminated`);
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

    const target = await restartablePostgres();
    if ('skip' in target) console.log(`\n4. PostgreSQL restart: SKIPPED — ${target.skip}`);
    else {
      await postgresRestart(target, {
        balancer: proxy,
        channelKey: channel.key,
        instances,
        children,
        reader,
        // A change after the restart: a key every instance holds, revoked on instance 3.
        revokeOn3: async () => {
          for (const base of instances) await balanceWith(base, doomedAfterRestart.key);
          await via(instances[2] as string).call(
            'DELETE',
            `/api/admin/api-keys/${doomedAfterRestart.id}`,
            staff,
          );
          return doomedAfterRestart.key;
        },
        onStopped: (t) => {
          stoppedCluster = t;
        },
      });
    }
    finished = true;
  } finally {
    if (stoppedCluster) {
      console.log('  starting PostgreSQL again (the run stopped while it was down)');
      await pgCtl(stoppedCluster, 'start').catch((err) =>
        console.error(`  pg_ctlcluster start failed: ${err}`),
      );
      stoppedCluster = undefined;
    }
    await proxy?.close();
    agent.destroy();
    for (const child of children) if (child) await stopServer(child);
    if (!opts.keep) await onServer(`drop database if exists ${dbName} with (force)`);
    if (finished && failures.length === 0) await rm(logs, { recursive: true, force: true });
    else console.log(`The instances' output is kept in ${logs}`);
  }
  console.log(failures.length ? `\n${failures.length} check(s) failed` : '\nAll checks passed');
  process.exitCode = failures.length ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
