/**
 * `npm run bench`: starts the server on the configured database (DATABASE_URL, or embedded
 * PGlite in DATA_DIR / ./data) and measures, through HTTP like a channel and a staff member would:
 *   1. earn transactions per second through the integration API at a fixed concurrency (p50/p99);
 *   2. p50/p95 of the customer list and search APIs over the data already there
 *      (seed it first: `npm run seed:demo -- --customers 1000000`);
 *   3. the floor: the same writes as raw SQL at the same concurrency (bench/floor.ts), and the
 *      ratio of the API's earns/s to it.
 * Options: --concurrency 32 --seconds 15 --samples 300 --url http://host:port (use a running server),
 *   --client auto|wrk|node (the earn load's generator: wrk when installed, as the floor's is
 *   pgbench — bench/wrk.ts; else this process's node:http client),
 *   --campaigns N (N active campaigns), --gates (an earn eligibility criterion and daily limits),
 *   --endpoints N (N webhook endpoints on points.earned, on a receiver in this process),
 *   --ab challenges [--challenges 10] [--challenge-scale 1] (N active automatic challenges every
 *   bench earning moves; their step targets × the scale: at 1 every bench customer reaches a step
 *   within the run, about one earning in ten pays one; at 100 none is reached, progress alone),
 *   --ab gates|campaigns|endpoints|metrics [--phases 8] (earning only, the feature switched off and on between
 *   phases on one server and database, in the order ABBA ABBA…, so that the machine's swings and
 *   the database's growth fall on both alike; prints each phase and the on/off ratios; metrics:
 *   two servers on one PostgreSQL database, one with METRICS=off, the load sent to one at a time),
 *   --messaging [--conversations 1000000 --audience 100000] (the queue and an outbound send instead),
 *   --reports (dashboard, reports over a year, the customers export), --analytics (churn training
 *   and scoring, the analytics screens, classifying a message): bench/reports.ts,
 *   --webhooks [--events 20000 --rounds 3 --earn-rate 100 --down-minutes 10] (webhook delivery to a
 *   local receiver, and its catch-up after being down): bench/webhooks.ts,
 *   --import [--customers 100000 --lines 100000 --earn-workers 4 --file-gb 0 --file-watch 120 --migration 0] (a transactions file
 *   pushed, validated and posted, against COPY and one set-based statement, with the API's earning
 *   p99 and the server's RSS meanwhile; --migration N an opening-balances file of N customers,
 *   alone with --lines 0;
 *   --file-gb N streams an N GB file to the push): bench/imports.ts,
 *   --replay [--days 90 --replay-rule ID --seed-customers N --seed-transactions 10] (a points-rule change replayed
 *   over the period's earnings, the screens meanwhile): bench/replay.ts.
 * SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" passes Node options to the server it starts;
 * SERVER_ENTRY=packages/server/dist/main.js runs the built server (`npm run build -w @loyalty/server`).
 * Method and results: docs/performance.md.
 */
import type { ChildProcess } from 'node:child_process';
import http, { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { measureFloor } from './floor.ts';
import { benchImport } from './imports.ts';
import { busyShare, type CpuTicks, cpuMsPer, cpuTicks } from './machineCpu.ts';
import { benchMessaging } from './messaging.ts';
import { benchReplay, seedReplay } from './replay.ts';
import { benchAnalytics, benchReports } from './reports.ts';
import { freePort, json as httpJson, request as httpRequest, startServer, stopServer } from './server.ts';
import { installed } from './tools.ts';
import { benchWebhooks } from './webhooks.ts';
import { type EarnPhase, earnWithWrk } from './wrk.ts';

const { values: opts } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '15' },
    samples: { type: 'string', default: '300' },
    campaigns: { type: 'string', default: '0' },
    challenges: { type: 'string', default: '10' },
    'challenge-scale': { type: 'string', default: '1' },
    endpoints: { type: 'string', default: '0' },
    gates: { type: 'boolean', default: false },
    ab: { type: 'string' },
    phases: { type: 'string', default: '8' },
    messaging: { type: 'boolean', default: false },
    reports: { type: 'boolean', default: false },
    analytics: { type: 'boolean', default: false },
    webhooks: { type: 'boolean', default: false },
    replay: { type: 'boolean', default: false },
    days: { type: 'string', default: '90' },
    'replay-rule': { type: 'string' },
    'seed-customers': { type: 'string', default: '0' },
    'seed-transactions': { type: 'string', default: '10' },
    events: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '3' },
    'earn-rate': { type: 'string', default: '100' },
    'down-minutes': { type: 'string', default: '10' },
    conversations: { type: 'string', default: '1000000' },
    audience: { type: 'string', default: '100000' },
    import: { type: 'boolean', default: false },
    customers: { type: 'string', default: '100000' },
    lines: { type: 'string', default: '100000' },
    'earn-workers': { type: 'string', default: '4' },
    'file-gb': { type: 'string', default: '0' },
    'file-watch': { type: 'string', default: '120' },
    migration: { type: 'string', default: '0' },
    url: { type: 'string' },
    client: { type: 'string', default: 'auto' },
  },
});
const concurrency = Number(opts.concurrency);
const seconds = Number(opts.seconds);
const samples = Number(opts.samples);
const username = process.env.ADMIN_USERNAME ?? 'admin';
// The server runs as in production, which refuses the documented demo password.
const password = process.env.ADMIN_PASSWORD ?? 'Bench#Admin-Password-1';

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency * 2 });
let base = opts.url ?? '';
const request = (method: string, url: string, headers: Record<string, string>, body?: unknown) =>
  httpRequest(agent, `${base}${url}`, method, headers, body);
const json = <T>(method: string, url: string, headers: Record<string, string>, body?: unknown) =>
  httpJson<T>(agent, `${base}${url}`, method, headers, body);

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number)
    : NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Turns a benchmarked feature on or off (--ab). */
type Switch = (on: boolean) => Promise<void>;

/**
 * `--campaigns N` (issue 15): N active campaigns while earning. The first doubles every bench
 * earning (its budget is the database's limit, so it never runs out); a fifth target business
 * customers, so they reach the database as candidates and are refused there (bench customers are
 * retail); the rest target other customers' lists and are left out of each batch's configuration.
 */
async function benchCampaigns(staff: Record<string, string>, n: number): Promise<Switch> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const body = {
      nameEn: `Bench campaign ${i} ${Date.now()}`,
      nameAr: `حملة قياس ${i}`,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      bonusKind: 'MULTIPLIER',
      bonusValue: 1,
      budget: 2_147_483_647,
      stackable: true,
      ...(i === 0 ? {} : i <= n / 5 ? { segments: ['BUSINESS'] } : { customerNumbers: [`NOT-BENCH-${i}`] }),
    };
    ids.push(await createActive(staff, 'campaigns', body));
  }
  return switchAll(staff, 'campaigns', ids);
}

/** Creates a record of `/api/admin/<list>` and activates it (maker-checker must be off); answers its id. */
async function createActive(staff: Record<string, string>, list: string, body: object) {
  const created = await json<{ id: number }>('POST', `/api/admin/${list}`, staff, body);
  const active = await json<{ status?: string }>('POST', `/api/admin/${list}/${created.id}/activate`, staff);
  if (active.status !== 'ACTIVE') throw new Error(`${list}: turn maker-checker off for the bench database`);
  return created.id;
}

/** Activates (on) or pauses (off) each of `ids` in `/api/admin/<list>`. */
const switchAll =
  (staff: Record<string, string>, list: string, ids: number[]): Switch =>
  async (on) => {
    for (const id of ids) await json('POST', `/api/admin/${list}/${id}/${on ? 'activate' : 'pause'}`, staff);
  };

/**
 * `--ab challenges` (issue 53): N active automatic challenges every bench earning qualifies for,
 * one goal kind after another (transactions, amount, days, types) with two steps each, so each
 * earning records its progress in all ten. At `--challenge-scale 1` the COUNT and AMOUNT targets
 * (20 transactions, 10,000) are reached by most bench customers within a run, so steps are paid
 * (each a ledger posting and the challenge's budget row, locked to the commit): about one on-phase
 * earning in ten pays one. `--challenge-scale 100`: no step is reached, progress alone (as a
 * month's goal in a minute of a bank's traffic). Budgets the database's limit. Off: paused (no
 * live challenge, the batch's one query finds none).
 */
async function benchChallenges(staff: Record<string, string>, n: number, scale = 1): Promise<Switch> {
  const ids: number[] = [];
  // Goal kind, then the two steps' targets (10 and 100 points).
  const goals = [
    ['COUNT', 20, 50],
    ['AMOUNT', 10_000, 50_000],
    ['DAYS', 3, 5],
    ['TYPES', 2, 3],
  ] as const;
  for (let i = 0; i < n; i++) {
    ids.push(
      await createActive(staff, 'challenges', {
        nameEn: `Bench challenge ${i} ${Date.now()}`,
        nameAr: `تحدي قياس ${i}`,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 86_400_000).toISOString(),
        budget: 2_147_483_647,
        goalKind: goals[i % goals.length]?.[0],
        steps: [
          { target: (goals[i % goals.length]?.[1] ?? 1) * scale, points: 10 },
          { target: (goals[i % goals.length]?.[2] ?? 1) * scale, points: 100 },
        ],
      }),
    );
  }
  return switchAll(staff, 'challenges', ids);
}

/**
 * `--gates` (issue 13): the earn scope's gates active while earning — an eligibility criterion
 * (status in ACTIVE) and the earn service's daily limits (far above what the bench posts), both
 * checked by the earning's own statement; the customer's use of the day is counted per earning.
 */
async function benchGates(staff: Record<string, string>): Promise<Switch> {
  const criterion = {
    nameEn: 'Bench: active customers',
    nameAr: 'قياس: العملاء النشطون',
    scope: 'EARN',
    field: 'status',
    operator: 'in',
    value: ['ACTIVE'],
    status: 'ACTIVE',
  };
  const service = {
    service: 'earn',
    nameEn: 'Earn points',
    nameAr: 'كسب النقاط',
    channels: ['MOBILE_APP', 'INTERNET_BANKING', 'BRANCH', 'CALL_CENTRE', 'POS'],
    dailyCountLimit: 1_000_000,
    dailyPointsLimit: 1_000_000_000,
    status: 'ACTIVE',
  };
  // Made once per bench database, found again by later runs on it.
  const idOf = async (path: string, body: object, same: (r: Record<string, unknown>) => boolean) => {
    const page = await json<{ items: (Record<string, unknown> & { id: number })[] }>(
      'GET',
      `/api/admin/${path}?pageSize=100`,
      staff,
    );
    const found = page.items.find(same);
    if (found) return found.id;
    const res = await request('POST', `/api/admin/${path}`, staff, body);
    if (res.status !== 201)
      throw new Error(`gates: ${res.status} (turn maker-checker off for the bench database)`);
    return (JSON.parse(res.body) as { id: number }).id;
  };
  const criterionId = await idOf('eligibility-criteria', criterion, (r) => r.nameEn === criterion.nameEn);
  const serviceId = await idOf('service-definitions', service, (r) => r.service === 'earn');
  const put = async (path: string, body: object) => {
    const res = await request('PUT', path, staff, body);
    if (res.status !== 200) throw new Error(`gates: ${path} ${res.status} ${res.body}`);
  };
  const turn: Switch = async (on) => {
    await put(`/api/admin/eligibility-criteria/${criterionId}`, {
      ...criterion,
      status: on ? 'ACTIVE' : 'DISABLED',
    });
    await put(
      `/api/admin/service-definitions/${serviceId}`,
      on ? service : { ...service, dailyCountLimit: null, dailyPointsLimit: null },
    );
  };
  await turn(true);
  return turn;
}

/**
 * `--endpoints N` (issue 50): N webhook endpoints subscribed to `points.earned` while earning, on a
 * receiver in this process (node:http on 127.0.0.1, answering 204): every earning is an event for
 * each, signed and delivered. Off subscribes them to another event, so no earning writes one (the
 * run "with none"); turning off first waits until every delivery of the phases before is made, and
 * prints how long that took and whether each arrived exactly once.
 */
async function benchEndpoints(staff: Record<string, string>, n: number): Promise<Switch> {
  const seen = new Set<string>();
  let twice = 0;
  const receiver = createServer((req, res) => {
    const key = `${req.url} ${req.headers['webhook-id']}`;
    if (seen.has(key)) twice += 1;
    seen.add(key);
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiver.unref();
  const { port } = receiver.address() as AddressInfo;
  // A run stopped half-way leaves its endpoints listening, to a receiver gone: remove them.
  const left = await json<{ items: { id: number; description: string }[] }>(
    'GET',
    '/api/admin/webhook-endpoints?pageSize=100',
    staff,
  );
  for (const old of left.items.filter((e) => e.description.startsWith('Bench receiver ')))
    await request('DELETE', `/api/admin/webhook-endpoints/${old.id}`, staff);
  const endpoints = await Promise.all(
    Array.from({ length: n }, (_, i) => ({
      url: `http://127.0.0.1:${port}/bench-${i}`,
      description: `Bench receiver ${i}`,
      events: ['points.earned'],
      status: 'ACTIVE',
      // Above the earning rate: every event is delivered as it comes, not paced by the endpoint's limit.
      maxPerSecond: 10_000,
    })).map(async (body) => {
      const res = await request('POST', '/api/admin/webhook-endpoints', staff, body);
      if (res.status !== 201)
        throw new Error(`endpoints: ${res.status} ${res.body} (turn maker-checker off)`);
      return { ...body, id: (JSON.parse(res.body) as { id: number }).id };
    }),
  );
  // Events not fanned out yet (the outbox's queue in the metrics), then this run's endpoints'
  // deliveries only: a database benched before may hold others' backlogs.
  const waiting = async () => {
    const metrics = await request('GET', '/api/metrics', { authorization: `Bearer ${metricsToken}` });
    const outbox = /^loyalty_queue_waiting\{queue="webhook_events"\} (\d+)/m.exec(metrics.body)?.[1];
    if (outbox === undefined)
      throw new Error(
        `endpoints: no webhook_events queue in /api/metrics: ${metrics.status} ${metrics.body.slice(0, 300)}`,
      );
    let total = Number(outbox);
    for (const { id } of endpoints)
      for (const status of ['PENDING', 'SENDING'])
        total += (
          await json<{ total: number }>(
            'GET',
            `/api/admin/webhook-deliveries?endpointId=${id}&status=${status}&pageSize=1`,
            staff,
          )
        ).total;
    return total;
  };
  const drained = async () => {
    await signIn(staff);
    const started = Date.now();
    let left = await waiting();
    if (!left) return;
    const backlog = left;
    while (left) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      left = await waiting();
    }
    console.log(
      `  (deliveries: a backlog of ${backlog} caught up in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `received ${seen.size} distinct, ${twice} twice)`,
    );
  };
  return async (on) => {
    if (!on) await drained();
    for (const { id, ...body } of endpoints) {
      const res = await request('PUT', `/api/admin/webhook-endpoints/${id}`, staff, {
        ...body,
        events: on ? ['points.earned'] : ['tier.changed'],
      });
      if (res.status !== 200) throw new Error(`endpoints: ${res.status} ${res.body}`);
    }
  };
}

async function benchServer(env: Record<string, string> = {}): Promise<ChildProcess> {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The earn phase sends thousands of calls a second with one key: far above a key's default limit
  // (6,000 a minute), which would measure the limiter instead of the server.
  return startServer(port, {
    ADMIN_PASSWORD: password,
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    // --endpoints: the receiver is on loopback, which outbound connections refuse unless listed.
    OUTBOUND_ALLOW: '127.0.0.1',
    INTEGRATION_RATE_LIMIT_PER_MINUTE: '100000000',
    // The server runs as production does, so /api/metrics asks for the operators' token.
    METRICS_TOKEN: metricsToken,
    ...env,
  });
}

const metricsToken = 'bench-metrics-token-not-a-secret-0000';

/** Servers started besides the main one (--ab metrics), stopped with it. */
const others: ChildProcess[] = [];

/**
 * `--ab metrics`: a second server on the same PostgreSQL database with METRICS=off; turning
 * metrics on or off sends the load to the main server (metrics on) or to that one. The idle one
 * only polls its jobs.
 */
async function metricsSwitch(): Promise<Switch> {
  if (!process.env.DATABASE_URL)
    throw new Error('--ab metrics needs DATABASE_URL (two servers, one database)');
  const on = base;
  others.push(await benchServer({ METRICS: 'off' }));
  const off = base;
  base = on;
  return async (metrics) => {
    base = metrics ? on : off;
  };
}

/** Signs the bench's staff user in: a fresh access token in `staff` (a long run outlives one). */
async function signIn(staff: Record<string, string>) {
  const { accessToken } = await json<{ accessToken: string }>(
    'POST',
    '/api/admin/auth/login',
    {},
    { username, password },
  );
  staff.authorization = `Bearer ${accessToken}`;
}

async function setUp() {
  const staff: Record<string, string> = {};
  await signIn(staff);
  const types = await json<{ items: { code: string }[] }>(
    'GET',
    '/api/admin/transaction-types?q=BENCH_SPEND',
    staff,
  );
  if (!types.items.length) {
    const type = await json<{ id: number }>('POST', '/api/admin/transaction-types', staff, {
      name: 'Benchmark spend',
      description: 'Card spend posted by npm run bench',
      type: 'EARN',
      code: 'BENCH_SPEND',
    });
    await json('POST', '/api/admin/points-rules', staff, {
      transactionTypeId: type.id,
      tierId: null,
      amount: 10,
      condition: 'PER_EACH',
      pointsPerTransaction: 1,
      minPoints: 1,
      maxPoints: 1000,
      validFrom: '2000-01-01',
      validUntil: '2099-12-31',
      priority: 50,
    });
  }
  const campaigns = await benchCampaigns(staff, Number(opts.campaigns));
  const gates = opts.gates || opts.ab === 'gates' ? await benchGates(staff) : undefined;
  const endpoints = Number(opts.endpoints) ? await benchEndpoints(staff, Number(opts.endpoints)) : undefined;
  const { key } = await json<{ key: string }>('POST', '/api/admin/api-keys', staff, {
    name: `bench ${new Date().toISOString()}`,
    scopes: ['customers', 'transactions'],
  });
  const channel = { 'x-api-key': key };
  const numbers = Array.from({ length: 2000 }, (_, i) => `BENCH-${String(i).padStart(5, '0')}`);
  for (let i = 0; i < numbers.length; i += concurrency) {
    await Promise.all(
      numbers
        .slice(i, i + concurrency)
        .map((n) => json('PUT', `/api/integration/v1/customers/${n}`, channel, { fullName: `Bench ${n}` })),
    );
  }
  const turn =
    opts.ab === 'metrics'
      ? await metricsSwitch()
      : opts.ab === 'campaigns'
        ? campaigns
        : opts.ab === 'challenges'
          ? await benchChallenges(staff, Number(opts.challenges), Number(opts['challenge-scale']))
          : opts.ab === 'endpoints'
            ? endpoints
            : gates;
  return { staff, channel, numbers, turn };
}

/** Runs `worker` on `concurrency` loops for `seconds` (after a 2 s warm-up); answers the count, p50/p99 and errors. */
async function load(worker: () => Promise<boolean>, workers: number, secs: number): Promise<EarnPhase> {
  const latencies: number[] = [];
  let errors = 0;
  let measuring = false;
  const warmUntil = Date.now() + 2_000;
  const endAt = warmUntil + secs * 1000;
  let cpuAtStart: CpuTicks;
  let clientAtStart: NodeJS.CpuUsage | undefined;
  setTimeout(() => {
    cpuAtStart = cpuTicks();
    clientAtStart = process.cpuUsage();
  }, warmUntil - Date.now());
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < endAt) {
        const start = performance.now();
        const ok = await worker().catch(() => false);
        measuring ||= Date.now() >= warmUntil;
        if (!measuring) continue;
        latencies.push(performance.now() - start);
        if (!ok) errors += 1;
      }
    }),
  );
  const cpuAtEnd = cpuTicks();
  const client = process.cpuUsage(clientAtStart);
  // Share of the machine's CPU time that was busy while measuring (server, database and this client).
  const busy = busyShare(cpuAtStart, cpuAtEnd);
  const clientMs = (client.user + client.system) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    busy,
    clientMs,
  };
}

/** One request's time in ms; a failure stops the benchmark. */
async function timed(url: string, staff: Record<string, string>): Promise<number> {
  const start = performance.now();
  const res = await request('GET', url, staff);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body}`);
  return performance.now() - start;
}

/** `--messaging`: the queue and the outbound send at scale instead of earning (bench/messaging.ts). */
async function messagingOnly() {
  if (!process.env.DATABASE_URL) throw new Error('--messaging needs DATABASE_URL (PostgreSQL)');
  const child = opts.url ? undefined : await benchServer();
  try {
    const { staff } = await setUp();
    await benchMessaging(json, (url) => timed(url, staff), staff, {
      conversations: Number(opts.conversations),
      audience: Number(opts.audience),
      samples,
    });
  } finally {
    if (child) await stopServer(child);
    agent.destroy();
  }
}

/** `--import`: a transactions file pushed, validated and posted, against its floor (bench/imports.ts). */
async function importOnly() {
  if (!process.env.DATABASE_URL) throw new Error('--import needs DATABASE_URL (PostgreSQL)');
  const child = opts.url ? undefined : await benchServer();
  try {
    const { staff, channel } = await setUp();
    await benchImport(
      { json, request, base, staff, channel, server: child },
      {
        customers: Number(opts.customers),
        lines: Number(opts.lines),
        earnWorkers: Number(opts['earn-workers']),
        fileGb: Number(opts['file-gb']),
        fileWatchSeconds: Number(opts['file-watch']),
        migration: Number(opts.migration),
      },
    );
  } finally {
    if (child) await stopServer(child);
    agent.destroy();
  }
}

/**
 * `--reports` / `--analytics` / `--replay`: management's reads at scale instead of earning
 * (bench/reports.ts, bench/replay.ts).
 */
async function reportsOnly() {
  if (!process.env.DATABASE_URL)
    throw new Error('--reports, --analytics and --replay need DATABASE_URL (PostgreSQL)');
  if (opts.replay && Number(opts['seed-customers']) > 0) {
    await seedReplay(Number(opts['seed-customers']), Number(opts['seed-transactions']));
  }
  const child = opts.url ? undefined : await benchServer();
  try {
    const staff: Record<string, string> = {};
    await signIn(staff);
    const bench = { json, timed: (url: string) => timed(url, staff), staff, base, samples, server: child };
    if (opts.reports) await benchReports(bench);
    if (opts.analytics) await benchAnalytics(bench);
    if (opts.replay) await benchReplay(bench, Number(opts.days), opts['replay-rule']);
  } finally {
    if (child) await stopServer(child);
    agent.destroy();
  }
}

/**
 * `--ab`: phases of earning with the feature off (A) and on (B) in the order ABBA ABBA…; each
 * B against the A beside it in its half of the block, and the median of those ratios.
 */
async function abPhases(
  turn: Switch,
  phase: (label: string) => Promise<{ perSecond: number; perEarn: number }>,
) {
  const phases = Number(opts.phases);
  // A first phase at a cold start would be slower whatever it measures: one not counted first
  // (for metrics, on each of the two servers).
  if (opts.ab === 'metrics') {
    await turn(false);
    await phase('warm-up off ');
    await turn(true);
  }
  await phase('warm-up    ');
  const results: { on: boolean; perSecond: number; perEarn: number }[] = [];
  for (let i = 0; i < phases; i++) {
    const on = i % 4 === 1 || i % 4 === 2;
    if (on !== results.at(-1)?.on) {
      await turn(on);
      // The server's caches drop at the change's commit; the phase's own warm-up follows.
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    results.push({ on, ...(await phase(`${i + 1} ${opts.ab} ${on ? 'on ' : 'off'}  `)) });
  }
  const ratios = { perSecond: [] as number[], perEarn: [] as number[] };
  for (let i = 0; i + 1 < results.length; i += 2) {
    const [x, y] = [results[i], results[i + 1]];
    if (!x || !y || x.on === y.on) continue;
    const [off, on] = x.on ? [y, x] : [x, y];
    ratios.perSecond.push(on.perSecond / off.perSecond);
    ratios.perEarn.push(on.perEarn / off.perEarn);
  }
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  };
  const pct = (r: number) => `${r >= 1 ? '+' : ''}${((r - 1) * 100).toFixed(1)} %`;
  console.log(`\n${opts.ab} on against off, pair by pair (phases 1-2, 3-4, …):`);
  console.log(
    `  earns/s       ${ratios.perSecond.map(pct).join(', ')}   median ${pct(median(ratios.perSecond))}`,
  );
  console.log(
    `  CPU per earn  ${ratios.perEarn.map(pct).join(', ')}   median ${pct(median(ratios.perEarn))}`,
  );
}

async function main() {
  if (opts.messaging) return messagingOnly();
  if (opts.import) return importOnly();
  if (opts.reports || opts.analytics || opts.replay) return reportsOnly();
  if (opts.webhooks) {
    return benchWebhooks({
      events: Number(opts.events),
      rounds: Number(opts.rounds),
      earnRate: Number(opts['earn-rate']),
      downMinutes: Number(opts['down-minutes']),
    });
  }
  const child = opts.url ? undefined : await benchServer();
  let earned = { perSecond: 0, perEarn: NaN, clientPerEarn: NaN };
  try {
    const { staff, channel, numbers, turn } = await setUp();
    const run = Date.now().toString(36);
    let seq = 0;
    const earn = async () => {
      seq += 1;
      const res = await request('POST', '/api/integration/v1/transactions', channel, {
        externalId: `bench-${run}-${seq}`,
        customerNumber: numbers[seq % numbers.length],
        transactionTypeCode: 'BENCH_SPEND',
        amount: 10 + (seq % 500),
      });
      return res.status === 201;
    };
    const useWrk = opts.client === 'wrk' || (opts.client === 'auto' && (await installed('wrk')));
    console.log(
      `\nEarn through POST /api/integration/v1/transactions (concurrency ${concurrency}, ${seconds} s, ${useWrk ? 'wrk' : 'node:http'})`,
    );
    /** One phase of earning by the load generator. */
    const measured = (): Promise<EarnPhase> =>
      useWrk
        ? earnWithWrk(base, channel['x-api-key'], numbers.length, concurrency, seconds)
        : load(earn, concurrency, seconds);
    /** One phase of earning: its earns/s and CPU per earn, printed after `label`. */
    const phase = async (label: string) => {
      const earned = await measured();
      const perSecond = earned.count / seconds;
      const perEarn = earned.busy === undefined ? undefined : cpuMsPer(earned.busy, seconds, earned.count);
      const clientPerEarn = earned.clientMs / (earned.count || 1);
      console.log(
        `  ${label}${perSecond.toFixed(0)} earns/s   p50 ${ms(earned.p50)}   p99 ${ms(earned.p99)}   errors ${earned.errors}`,
      );
      if (perEarn !== undefined && earned.busy !== undefined) {
        console.log(
          `  ${' '.repeat(label.length)}machine CPU busy ${(earned.busy * 100).toFixed(0)} % of ${availableParallelism()} cores: ${perEarn.toFixed(2)} ms of CPU per earn, ${clientPerEarn.toFixed(2)} ms of it in the load generator`,
        );
      }
      return { perSecond, perEarn: perEarn ?? NaN, clientPerEarn };
    };
    if (opts.ab) {
      if (!turn)
        throw new Error(
          '--ab takes gates, metrics, challenges [--challenges N], campaigns with --campaigns N, or endpoints with --endpoints N',
        );
      await abPhases(turn, phase);
      return;
    }
    earned = await phase('');

    const { total, totalCapped } = await json<{ total: number; totalCapped: boolean }>(
      'GET',
      '/api/admin/customers?pageSize=1',
      staff,
    );
    console.log(
      `\nCustomer list and search over ${totalCapped ? `more than ${total}` : total} customers (${samples} sequential requests each)`,
    );
    const names = ['ahmed', 'sara', 'haddad', 'omar', 'fatima', 'khalid', 'noura', 'ali', 'yusuf', 'huda'];
    const scenarios: [string, (i: number) => string][] = [
      ['list, newest first', (i) => `/api/admin/customers?page=${1 + (i % 20)}&pageSize=20`],
      ['list by name', (i) => `/api/admin/customers?sort=fullName:asc&page=${1 + (i % 20)}&pageSize=20`],
      [
        'filter tier + status',
        (i) => `/api/admin/customers?status=ACTIVE&segment=${i % 2 ? 'RETAIL' : 'BUSINESS'}&pageSize=20`,
      ],
      ['search name', (i) => `/api/admin/customers?q=${names[i % names.length]}&pageSize=20`],
      [
        'search number',
        (i) => `/api/admin/customers?q=${String(100000 + ((i * 7919) % 900000))}&pageSize=20`,
      ],
      [
        'search mobile',
        (i) => `/api/admin/customers?q=5${String((i * 104729) % 10000000).padStart(7, '0')}&pageSize=20`,
      ],
    ];
    for (const [label, url] of scenarios) {
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const start = performance.now();
        const res = await request('GET', url(i), staff);
        times.push(performance.now() - start);
        if (res.status !== 200) throw new Error(`${url(i)}: ${res.status} ${res.body}`);
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${label.padEnd(22)} p50 ${ms(percentile(times, 50))}   p95 ${ms(percentile(times, 95))}`,
      );
    }
  } finally {
    await Promise.all([...others, ...(child ? [child] : [])].map((c) => stopServer(c)));
    agent.destroy();
  }
  if (opts.ab) return;
  // The floor runs with the server stopped (an embedded data folder admits one process).
  try {
    const floor = await measureFloor(concurrency, seconds);
    console.log(`\nFloor: the same writes as one raw SQL statement per earning (${floor.method})`);
    console.log(
      `  ${floor.postingsPerSecond.toFixed(0)} postings/s   API / floor = ${(earned.perSecond / floor.postingsPerSecond).toFixed(2)}`,
    );
    // Where the ratio comes from: the machine's CPU each side spent per write (the floor pays a
    // statement and a commit per posting on `concurrency` connections, the API one per batch).
    if (floor.busy !== undefined && floor.cpuMsPerPosting !== undefined && Number.isFinite(earned.perEarn)) {
      console.log(
        `  machine CPU busy ${(floor.busy * 100).toFixed(0)} % of ${availableParallelism()} cores: ${floor.cpuMsPerPosting.toFixed(2)} ms of CPU per posting (its client's included)`,
      );
      console.log(
        `  CPU per earn / CPU per posting = ${(earned.perEarn / floor.cpuMsPerPosting).toFixed(2)} (${((earned.perEarn - earned.clientPerEarn) / floor.cpuMsPerPosting).toFixed(2)} less the load generator's)`,
      );
    }
  } catch (err) {
    console.log(`\nFloor not measured: ${(err as Error).message}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
