/**
 * `npm run bench`: starts the server on the configured database (DATABASE_URL, or embedded
 * PGlite in DATA_DIR / ./data) and measures, through HTTP like a channel and a staff member would:
 *   1. earn transactions per second through the integration API at a fixed concurrency (p50/p99);
 *   2. p50/p95 of the customer list and search APIs over the data already there
 *      (seed it first: `npm run seed:demo -- --customers 1000000`);
 *   3. the floor: the same writes as raw SQL at the same concurrency (bench/floor.ts), and the
 *      ratio of the API's earns/s to it.
 * Options: --concurrency 32 --seconds 15 --samples 300 --url http://host:port (use a running server).
 * Method and results: docs/performance.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measureFloor } from './floor.ts';

const { values: opts } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '15' },
    samples: { type: 'string', default: '300' },
    url: { type: 'string' },
  },
});
const concurrency = Number(opts.concurrency);
const seconds = Number(opts.seconds);
const samples = Number(opts.samples);
const root = path.resolve(import.meta.dirname, '..');
const username = process.env.ADMIN_USERNAME ?? 'admin';
// The server runs as in production, which refuses the documented demo password.
const password = process.env.ADMIN_PASSWORD ?? 'Bench#Admin-Password-1';

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency * 2 });
let base = opts.url ?? '';

interface Answer {
  status: number;
  body: string;
}
function request(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
async function json<T>(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<T> {
  const res = await request(method, url, headers, body);
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.body}`);
  return JSON.parse(res.body) as T;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number)
    : NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function startServer(): Promise<ChildProcess> {
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production requires SMTP; the benchmark sends no mail, so an address nobody answers will do.
      SMTP_URL: 'smtp://127.0.0.1:9',
      // Production requires sealing keys; the benchmark's database keeps its keys between runs.
      SECRET_KEYS: 'YmVuY2htYXJrIHNlYWxpbmcga2V5LCBub3QgYSBzZWM=',
      COOKIE_SECURE: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: password,
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await request('GET', '/api/health', {})).status === 200) return child;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function setUp() {
  const { accessToken } = await json<{ accessToken: string }>(
    'POST',
    '/api/admin/auth/login',
    {},
    { username, password },
  );
  const staff = { authorization: `Bearer ${accessToken}` };
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
  return { staff, channel, numbers };
}

/** Machine-wide CPU time so far (Linux /proc/stat): busy and total, in clock ticks. */
function cpuTicks(): { busy: number; total: number } | undefined {
  try {
    const fields =
      readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const total = fields.reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** Runs `worker` on `concurrency` loops for `seconds` (after a 2 s warm-up); answers latencies and errors. */
async function load(worker: () => Promise<boolean>, workers: number, secs: number) {
  const latencies: number[] = [];
  let errors = 0;
  let measuring = false;
  const warmUntil = Date.now() + 2_000;
  const endAt = warmUntil + secs * 1000;
  let cpuAtStart: ReturnType<typeof cpuTicks>;
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
  const busy =
    cpuAtStart && cpuAtEnd
      ? (cpuAtEnd.busy - cpuAtStart.busy) / (cpuAtEnd.total - cpuAtStart.total || 1)
      : undefined;
  const clientMs = (client.user + client.system) / 1000;
  return { latencies: latencies.sort((a, b) => a - b), errors, busy, clientMs };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function main() {
  const child = opts.url ? undefined : await startServer();
  let earnsPerSecond = 0;
  try {
    const { staff, channel, numbers } = await setUp();
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
    const earned = await load(earn, concurrency, seconds);
    earnsPerSecond = earned.latencies.length / seconds;
    console.log(
      `\nEarn through POST /api/integration/v1/transactions (concurrency ${concurrency}, ${seconds} s)`,
    );
    console.log(
      `  ${(earned.latencies.length / seconds).toFixed(0)} earns/s   p50 ${ms(percentile(earned.latencies, 50))}   p99 ${ms(percentile(earned.latencies, 99))}   errors ${earned.errors}`,
    );
    if (earned.busy !== undefined) {
      const cores = availableParallelism();
      const perEarn = (earned.busy * cores * seconds * 1000) / (earned.latencies.length || 1);
      console.log(
        `  machine CPU busy ${(earned.busy * 100).toFixed(0)} % of ${cores} cores: ${perEarn.toFixed(2)} ms of CPU per earn, ${(earned.clientMs / (earned.latencies.length || 1)).toFixed(2)} ms of it in this client`,
      );
    }

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
    if (child) await stopServer(child);
    agent.destroy();
  }
  // The floor runs with the server stopped (an embedded data folder admits one process).
  try {
    const floor = await measureFloor(concurrency, seconds);
    console.log(`\nFloor: the same writes as one raw SQL statement per earning (${floor.method})`);
    console.log(
      `  ${floor.postingsPerSecond.toFixed(0)} postings/s   API / floor = ${(earnsPerSecond / floor.postingsPerSecond).toFixed(2)}`,
    );
  } catch (err) {
    console.log(`\nFloor not measured: ${(err as Error).message}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
