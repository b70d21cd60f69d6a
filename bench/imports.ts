/**
 * `npm run bench -- --import` (issue 49): a transactions file pushed to
 * `POST /api/integration/v1/transaction-files`, validated (the push's answer) and posted by the job
 * (polled until DONE), on PostgreSQL with `--customers` customers (`BENCH-I-…`, made by SQL first)
 * and a `--lines`-line file over them. Meanwhile a few API earnings a second (`--earn-workers`
 * loops) measure the real-time path's p99, and the server's RSS is sampled (/proc, every 200 ms).
 * The floor, in the same run: the same file loaded by `COPY` (psql's `\copy`) into a staging table
 * and one set-based statement making the same ledger and balance writes (an EARN entry per line
 * with its balance after, each customer's balance and lifetime points moved once). `--file-gb N`
 * then streams a generated N GB file to the push and reports the answer and the server's RSS.
 * Method and results: docs/performance.md ("Imports").
 */
import { type ChildProcess, execFile } from 'node:child_process';
import { createReadStream, createWriteStream, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../packages/server/src/config.ts';
import { type Db, openDatabase, rowsOf } from '../packages/server/src/db/client.ts';

type Json = <T>(method: string, url: string, headers: Record<string, string>, body?: unknown) => Promise<T>;
type Request = (
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) => Promise<{ status: number; body: string }>;

export interface ImportBenchOptions {
  customers: number;
  lines: number;
  earnWorkers: number;
  fileGb: number;
  /** How long the `--file-gb` file's staging is watched (s). */
  fileWatchSeconds: number;
  /** Customers of the opening-balances (migration) file; 0: none. */
  migration: number;
}

const HEADER = 'externalId,customerNumber,transactionTypeCode,amount,occurredAt';
const number = (i: number) => `BENCH-I-${String(i).padStart(7, '0')}`;
const ms = (v: number) => `${v.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const sleep = (msec: number) => new Promise((resolve) => setTimeout(resolve, msec));

/** Adds `BENCH-I-` customers until there are `target`, 100,000 per statement. */
async function seedCustomers(db: Db, target: number) {
  const count = async () =>
    Number(
      rowsOf<{ n: string }>(
        await db.execute(sql`select count(*) as n from customers where customer_number like 'BENCH-I-%'`),
      )[0]?.n ?? 0,
    );
  for (let have = await count(); have < target; have = await count()) {
    const n = Math.min(100_000, target - have);
    await db.execute(sql`
      insert into customers (customer_number, full_name, language)
      select 'BENCH-I-' || lpad((${have} + i - 1)::text, 7, '0'), 'Import Customer ' || (${have} + i - 1),
        case when i % 3 = 0 then 'ar' else 'en' end
      from generate_series(1, ${n}) i`);
  }
  await db.execute(sql`analyze customers`);
}

/** Writes a transactions file of `lines` lines over `customers` customers (spread by a stride); answers its path. */
async function writeFile(dir: string, name: string, prefix: string, lines: number, customers: number) {
  const file = path.join(dir, name);
  const occurredAt = new Date().toISOString();
  await pipeline(
    Readable.from(
      (function* () {
        yield `${HEADER}\n`;
        for (let i = 0; i < lines; i += 10_000) {
          let chunk = '';
          for (let j = i; j < Math.min(lines, i + 10_000); j++) {
            chunk += `${prefix}-${j},${number((j * 7919) % customers)},BENCH_SPEND,${10 + (j % 500)},${occurredAt}\n`;
          }
          yield chunk;
        }
      })(),
    ),
    createWriteStream(file),
  );
  return file;
}

/** The server process's resident memory, sampled until stopped: answers the peak (bytes), and the peak so far meanwhile. */
function rssSampler(server: ChildProcess | undefined) {
  let peak = 0;
  let samples = 0;
  const read = () => {
    if (!server?.pid) return;
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1];
      peak = Math.max(peak, Number(kb ?? 0) * 1024);
      samples += 1;
    } catch {
      // The server has exited.
    }
  };
  read();
  const timer = setInterval(read, 200);
  return {
    peakSoFar: () => peak,
    stop: () => {
      clearInterval(timer);
      read();
      return { peak, samples };
    },
  };
}

/** Streams a file (or a generator's bytes) as the push's text/csv body; answers status and body. */
function push(
  base: string,
  key: string,
  body: Readable,
  /** The Content-Length; undefined: sent chunked, its size unknown to the server until the end. */
  length: number | undefined,
): Promise<{ status: number; body: string; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    body.on('data', (c: Buffer) => {
      sent += c.length;
    });
    const req = http.request(
      `${base}/api/integration/v1/transaction-files`,
      {
        method: 'POST',
        headers: {
          'x-api-key': key,
          'content-type': 'text/csv',
          ...(length === undefined ? {} : { 'content-length': String(length) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          body.destroy();
          const written = req.socket?.bytesWritten ?? sent;
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), sent: written });
        });
      },
    );
    // A refusal before the whole body is read closes the connection under the sender (EPIPE):
    // the answer still comes, so wait a moment for it.
    req.on('error', (err) =>
      sent > 0
        ? setTimeout(
            () => resolve({ status: 0, body: String(err), sent: req.socket?.bytesWritten ?? sent }),
            2_000,
          )
        : reject(err),
    );
    body.pipe(req);
  });
}

/** API earnings on `workers` loops until stopped: answers their latencies (ms) and errors. */
function earnLoad(request: Request, key: Record<string, string>, workers: number, run: string) {
  let stopped = false;
  let seq = 0;
  let errors = 0;
  const latencies: number[] = [];
  const loops = Array.from({ length: workers }, async () => {
    while (!stopped) {
      seq += 1;
      const start = performance.now();
      const res = await request('POST', '/api/integration/v1/transactions', key, {
        externalId: `bench-i-api-${run}-${seq}`,
        customerNumber: `BENCH-${String(seq % 2000).padStart(5, '0')}`,
        transactionTypeCode: 'BENCH_SPEND',
        amount: 10 + (seq % 500),
      }).catch(() => ({ status: 0 }));
      latencies.push(performance.now() - start);
      if (res.status !== 201) errors += 1;
      await sleep(20);
    }
  });
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
      return { count: sorted.length, p50: at(0.5), p99: at(0.99), errors };
    },
  };
}

/**
 * The floor: COPY of the file into a staging table, then one statement making the same writes as
 * the engine's earnings (an EARN entry per line with its balance after and expiry, 1 point per 10
 * of amount as the bench's rule; each customer's balance and lifetime points moved once).
 */
async function floor(db: Db, file: string, typeId: number) {
  await db.execute(sql`drop table if exists bench_import_staging`);
  await db.execute(sql`create unlogged table bench_import_staging (external_id text, customer_number text,
    type_code text, amount numeric(14, 2), occurred_at timestamptz, line bigint generated always as identity)`);
  const url = process.env.DATABASE_URL ?? '';
  const started = performance.now();
  await promisify(execFile)('psql', [
    url,
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    `\\copy bench_import_staging (external_id, customer_number, type_code, amount, occurred_at) from '${file}' with (format csv, header true)`,
  ]);
  const copied = performance.now();
  await db.execute(sql`
    with s as (
      select s.line, s.external_id, s.amount, s.occurred_at, c.id as customer_id, c.balance,
          greatest(1, least(1000, floor(s.amount / 10)::int)) as points
        from bench_import_staging s join customers c on c.customer_number = s.customer_number),
    ins as (
      insert into ledger_entries (customer_id, kind, points, balance_after, lot, expires_at, reference,
          external_id, channel, transaction_type_id, amount, occurred_at)
        select customer_id, 'EARN', points,
            balance + sum(points) over (partition by customer_id order by line), true,
            occurred_at + interval '24 months', 'floor', 'floor:' || external_id, null, ${typeId}, amount, occurred_at
          from s order by line
        returning customer_id, points)
    update customers c set balance = c.balance + t.p, lifetime_points = c.lifetime_points + t.p,
        last_activity_at = now(), updated_at = now()
      from (select customer_id, sum(points)::int as p from ins group by customer_id) t
      where c.id = t.customer_id`);
  const done = performance.now();
  await db.execute(sql`drop table bench_import_staging`);
  return { copyMs: copied - started, statementMs: done - copied, totalMs: done - started };
}

/**
 * An opening-balances file (the migration) for `count` new customers (`BENCH-O-<run>-…`, made by
 * SQL), uploaded by staff and posted (maker-checker off, as in a fresh database): answers nothing,
 * prints the times. Each line: a balance in two lots with their own dates, lifetime points above it.
 */
async function benchMigration(
  ctx: { base: string; staff: Record<string, string>; json: Json },
  db: Db,
  dir: string,
  count: number,
  run: string,
) {
  const prefix = `BENCH-O-${run}-`;
  await db.execute(sql`insert into customers (customer_number, full_name, language)
    select ${prefix} || lpad(i::text, 7, '0'), 'Migrated Customer ' || i, 'en' from generate_series(0, ${count - 1}) i`);
  const year = new Date().getUTCFullYear() + 1;
  const file = path.join(dir, 'opening.csv');
  await pipeline(
    Readable.from(
      (function* () {
        yield 'customerNumber,balance,lifetimePoints,tier,joinedAt,lots\n';
        for (let i = 0; i < count; i += 10_000) {
          let chunk = '';
          for (let j = i; j < Math.min(count, i + 10_000); j++) {
            const a = 100 + (j % 400);
            chunk += `${prefix}${String(j).padStart(7, '0')},${a + 50},${a + 250},,2019-05-01,${a}@${year}-06-30 50@${year}-12-31\n`;
          }
          yield chunk;
        }
      })(),
    ),
    createWriteStream(file),
  );
  const bytes = readFileSync(file);
  const boundary = `----bench${run}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nOPENING_BALANCES\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="opening.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const t0 = performance.now();
  const staged = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      `${ctx.base}/api/admin/imports`,
      {
        method: 'POST',
        headers: { ...ctx.staff, 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  if (staged.status !== 201) throw new Error(`migration upload: ${staged.status} ${staged.body}`);
  const id = (JSON.parse(staged.body) as { id: number }).id;
  // The upload is received at once; the staging job validates it.
  let result = await ctx.json<Record<string, unknown>>('GET', `/api/admin/imports/${id}`, ctx.staff);
  while (['RECEIVED', 'STAGING'].includes(String(result.status))) {
    await sleep(250);
    result = await ctx.json<Record<string, unknown>>('GET', `/api/admin/imports/${id}`, ctx.staff);
  }
  const validated = performance.now();
  if (result.status !== 'VALIDATED') throw new Error(`migration staged: ${JSON.stringify(result)}`);
  await ctx.json('POST', `/api/admin/imports/${id}/post`, ctx.staff);
  result = await ctx.json<Record<string, unknown>>('GET', `/api/admin/imports/${id}`, ctx.staff);
  if (result.status === 'VALIDATED') {
    console.log(`  migration: held for a second person's approval (maker-checker on): not measured`);
    return;
  }
  for (;;) {
    result = await ctx.json<Record<string, unknown>>('GET', `/api/admin/imports/${id}`, ctx.staff);
    if (!['QUEUED', 'POSTING', 'VALIDATED'].includes(String(result.status))) break;
    await sleep(500);
  }
  const posted = performance.now();
  console.log(
    `  migration of ${count.toLocaleString('en')} customers (${mb(bytes.length)}): ${result.status}, posted ${result.posted}, refused ${JSON.stringify(result.refused)}; validated in ${((validated - t0) / 1000).toFixed(1)} s, posted in ${((posted - validated) / 1000).toFixed(1)} s: ${((posted - t0) / 1000).toFixed(1)} s in all, ${(count / ((posted - t0) / 1000)).toFixed(0)} customers/s`,
  );
}

export async function benchImport(
  ctx: {
    json: Json;
    request: Request;
    base: string;
    staff: Record<string, string>;
    channel: Record<string, string>;
    server: ChildProcess | undefined;
  },
  opts: ImportBenchOptions,
) {
  const database = await openDatabase(loadConfig().database);
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-import-'));
  try {
    const run = Date.now().toString(36);
    if (opts.lines === 0) {
      // `--lines 0`: no transactions file, only the migration (its own new customers).
      if (opts.migration > 0) await benchMigration(ctx, database.db, dir, opts.migration, run);
      return;
    }
    let started = Date.now();
    await seedCustomers(database.db, opts.customers);
    // The database's buffer cache and checkpoint distance decide what a line costs at this size
    // (docs/performance.md "Imports").
    const [pg] = rowsOf<{ buffers: string; wal: string }>(
      await database.db.execute(sql`select current_setting('shared_buffers') as buffers,
        current_setting('max_wal_size') as wal`),
    );
    console.log(
      `\nImport: ${opts.customers.toLocaleString('en')} customers ready in ${((Date.now() - started) / 1000).toFixed(0)} s (PostgreSQL shared_buffers ${pg?.buffers}, max_wal_size ${pg?.wal})`,
    );
    const [type] = rowsOf<{ id: number }>(
      await database.db.execute(sql`select id from transaction_types where code = 'BENCH_SPEND'`),
    );
    const { key } = await ctx.json<{ key: string }>('POST', '/api/admin/api-keys', ctx.staff, {
      name: `bench import ${new Date().toISOString()}`,
      scopes: ['transactions', 'imports'],
      channel: 'POS',
    });
    started = Date.now();
    const file = await writeFile(dir, 'day.csv', `bi-${run}`, opts.lines, opts.customers);
    const size = statSync(file).size;
    console.log(
      `  file: ${opts.lines.toLocaleString('en')} lines, ${mb(size)}, written in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );

    const idle = rssSampler(ctx.server).stop().peak;
    // The API's earning latency without an import, for comparison (the machine may be loaded).
    const quiet = earnLoad(ctx.request, ctx.channel, opts.earnWorkers, `${run}q`);
    await sleep(10_000);
    const alone = await quiet.stop();
    console.log(
      `  API earnings alone (${opts.earnWorkers} loops, 20 ms apart, 10 s): ${alone.count} calls, p50 ${ms(alone.p50)}, p99 ${ms(alone.p99)}, errors ${alone.errors}`,
    );
    const rss = rssSampler(ctx.server);
    const earning = earnLoad(ctx.request, ctx.channel, opts.earnWorkers, run);
    const t0 = performance.now();
    const pushed = await push(ctx.base, key, createReadStream(file), size);
    const received = performance.now();
    if (pushed.status !== 202) throw new Error(`push: ${pushed.status} ${pushed.body}`);
    const id = (JSON.parse(pushed.body) as { id: number }).id;
    let status = '';
    let result: Record<string, unknown> = {};
    let validated = 0;
    let stagingPeak = 0;
    for (;;) {
      result = await ctx.json<Record<string, unknown>>('GET', `/api/integration/v1/transaction-files/${id}`, {
        'x-api-key': key,
      });
      status = String(result.status);
      if (!validated && !['RECEIVED', 'STAGING'].includes(status)) {
        validated = performance.now();
        stagingPeak = rss.peakSoFar();
      }
      if (!['RECEIVED', 'STAGING', 'QUEUED', 'POSTING', 'VALIDATED'].includes(status)) break;
      await sleep(250);
    }
    const posted = performance.now();
    const api = await earning.stop();
    const memory = rss.stop();
    const seconds = (posted - t0) / 1000;
    const perSecond = opts.lines / seconds;
    console.log(
      `  import ${status}: posted ${result.posted}, duplicates ${result.duplicates}, refused ${JSON.stringify(result.refused)}`,
    );
    console.log(
      `  received (202) in ${((received - t0) / 1000).toFixed(1)} s, validated (staged by the job) at ${((validated - t0) / 1000).toFixed(1)} s, posted in ${((posted - validated) / 1000).toFixed(1)} s more: ${seconds.toFixed(1)} s in all, ${perSecond.toFixed(0)} lines/s`,
    );
    console.log(
      `  server RSS peak ${mb(memory.peak)} (${mb(stagingPeak)} until validated; ${memory.samples} samples; ${mb(idle)} before the push)`,
    );
    console.log(
      `  API earnings meanwhile (${opts.earnWorkers} loops, 20 ms apart): ${api.count} calls, p50 ${ms(api.p50)}, p99 ${ms(api.p99)}, errors ${api.errors}`,
    );

    const f = await floor(database.db, file, Number(type?.id));
    const floorPerSecond = opts.lines / (f.totalMs / 1000);
    console.log(
      `  floor: COPY ${(f.copyMs / 1000).toFixed(1)} s + one statement ${(f.statementMs / 1000).toFixed(1)} s = ${floorPerSecond.toFixed(0)} lines/s; import/floor ${(perSecond / floorPerSecond).toFixed(2)}`,
    );

    if (opts.migration > 0) await benchMigration(ctx, database.db, dir, opts.migration, run);

    if (opts.fileGb > 0) {
      const bytes = Math.round(opts.fileGb * 1024 ** 3);
      // Distinct valid earnings (a customer each, spread as the day file's), ~48 bytes a line.
      const big = () =>
        Readable.from(
          (function* () {
            yield `${HEADER}\n`;
            let sent = 0;
            for (let j = 0; sent < bytes; j += 20_000) {
              let block = '';
              for (let k = j; k < j + 20_000; k++)
                block += `big-${run}-${k},${number((k * 7919) % opts.customers)},BENCH_SPEND,10,2026-01-01T00:00:00Z\n`;
              sent += block.length;
              yield block;
            }
          })(),
        );
      const sampled = rssSampler(ctx.server);
      const s0 = performance.now();
      const answer = await push(ctx.base, key, big(), undefined);
      const spooledMs = performance.now() - s0;
      console.log(
        `  a ${opts.fileGb} GB file streamed to the push (chunked): ${answer.status} after ${mb(answer.sent)} sent, ${(spooledMs / 1000).toFixed(1)} s (${mb(answer.sent / (spooledMs / 1000))}/s); ${answer.body.slice(0, 120)}`,
      );
      if (answer.status === 202) {
        // Its staging by the job: watched for --file-watch seconds (the server's RSS meanwhile).
        const bigId = (JSON.parse(answer.body) as { id: number }).id;
        const w0 = performance.now();
        let big2: Record<string, unknown> = {};
        while (performance.now() - w0 < opts.fileWatchSeconds * 1000) {
          await sleep(5_000);
          big2 = await ctx.json<Record<string, unknown>>(
            'GET',
            `/api/integration/v1/transaction-files/${bigId}`,
            {
              'x-api-key': key,
            },
          );
          if (!['RECEIVED', 'STAGING'].includes(String(big2.status))) break;
        }
        const watched = (performance.now() - w0) / 1000;
        const m = sampled.stop();
        console.log(
          `  its staging: ${big2.status}, ${big2.lines} lines staged (${big2.progress} % of the file) in ${watched.toFixed(0)} s: ${(Number(big2.lines) / watched).toFixed(0)} lines/s; server RSS peak ${mb(m.peak)} (${m.samples} samples, push and staging)`,
        );
      } else sampled.stop();
      const over = await push(
        ctx.base,
        key,
        Readable.from([`${HEADER}\n`, 'x'.repeat(1024 * 1024)]),
        5 * 1024 ** 3,
      );
      console.log(
        `  a 5 GB push declared (over the 4 GiB limit): ${over.status} after ${mb(over.sent)} sent`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
    await database.close();
  }
}
