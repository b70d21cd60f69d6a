/**
 * The floor of earning: what the database itself does per second when each earning is only the
 * writes it must make — move the customer's balance and append the EARN entry with a unique
 * external id, in one prepared statement — at the benchmark's concurrency, on the same database.
 * `npm run bench` measures it in the same run as the API, so the ratio between them holds still
 * while the machine's load moves absolute figures (issue 24). On PostgreSQL it is pgbench's when
 * pgbench is installed (C, prepared mode: the cheapest client there is), else the `pg` driver's;
 * on the embedded database, PGlite's own, in process.
 */
import { loadConfig } from '../packages/server/src/config.ts';
import { type Database, openDatabase, runPrepared } from '../packages/server/src/db/client.ts';
import { busyShare, cpuMsPer, cpuTicks } from './machineCpu.ts';
import { installed, runWithScript } from './tools.ts';

/** One earning's writes, in one statement: $1 customer number, $2 points, $3 external id, $4 type id, $5 amount. */
const POSTING = `
  WITH moved AS (
    UPDATE customers SET balance = balance + $2, lifetime_points = lifetime_points + $2,
      last_activity_at = now(), updated_at = now()
    WHERE customer_number = $1
    RETURNING id, balance)
  INSERT INTO ledger_entries (customer_id, kind, points, balance_after, lot, expires_at, reference,
      external_id, transaction_type_id, amount, occurred_at)
    SELECT id, 'EARN', $2, balance, true, now() + interval '24 months', 'floor', $3, $4, $5, now()
    FROM moved`;

export interface Floor {
  postingsPerSecond: number;
  method: string;
  /** The machine's busy share while posting, and its CPU per posting (the client's included). */
  busy?: number;
  cpuMsPerPosting?: number;
}

const pgbenchScript = (typeId: number, run: string) => `\\set n random(0, 1999)
\\set amount random(10, 509)
${POSTING.replace('$1', `'BENCH-' || lpad(:n::text, 5, '0')`)
  .replaceAll('$2', '(:amount / 10)')
  .replace('$3', `'floor-${run}-' || gen_random_uuid()`)
  .replace('$4', String(typeId))
  .replace('$5', ':amount')
  .replace(/\s+/g, ' ')
  .trim()};
`;

async function withPgbench(url: string, typeId: number, run: string, concurrency: number, seconds: number) {
  const stdout = await runWithScript(
    'pgbench',
    { name: 'earn.sql', text: pgbenchScript(typeId, run) },
    (file) => [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(concurrency),
      '-j',
      '2',
      '-T',
      String(seconds),
      '-f',
      file,
      url,
    ],
  );
  const tps = /tps = ([\d.]+)/.exec(stdout);
  if (!tps?.[1]) throw new Error(`pgbench answered no tps:\n${stdout}`);
  return Number(tps[1]);
}

/**
 * Measures the floor on the configured database (DATABASE_URL, or the embedded one in DATA_DIR —
 * which must not be held by a running server). The benchmark's customers (BENCH-00000…01999) and
 * its BENCH_SPEND type must exist (the benchmark's set-up makes them).
 */
export async function measureFloor(concurrency: number, seconds: number): Promise<Floor> {
  const config = loadConfig();
  const run = Date.now().toString(36);
  const database = await openDatabase(config.database);
  try {
    const [type] = await runPrepared<{ id: number }>(
      database.db,
      'floor_type',
      `SELECT id FROM transaction_types WHERE code = 'BENCH_SPEND'`,
      [],
    );
    if (!type) throw new Error('no BENCH_SPEND type: run the benchmark first');
    const pgbenchUrl =
      config.database.kind === 'postgres' && (await installed('pgbench')) ? config.database.url : undefined;
    const start = cpuTicks();
    const posted = pgbenchUrl
      ? {
          perSecond: await withPgbench(pgbenchUrl, type.id, run, concurrency, seconds),
          method: 'pgbench -M prepared',
        }
      : await withDriver(database, type.id, run, concurrency, seconds);
    const busy = busyShare(start, cpuTicks());
    return {
      postingsPerSecond: posted.perSecond,
      method: posted.method,
      busy,
      cpuMsPerPosting: busy === undefined ? undefined : cpuMsPer(busy, seconds, posted.perSecond * seconds),
    };
  } finally {
    await database.close();
  }
}

/** The floor through the server's own driver: node-postgres (prepared) or PGlite in process. */
async function withDriver(
  database: Database,
  typeId: number,
  run: string,
  concurrency: number,
  seconds: number,
) {
  let seq = 0;
  let done = 0;
  const endAt = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < endAt) {
        seq += 1;
        const amount = 10 + (seq % 500);
        await runPrepared(database.db, 'floor_earn', POSTING, [
          `BENCH-${String(seq % 2000).padStart(5, '0')}`,
          Math.floor(amount / 10),
          `floor-${run}-${seq}`,
          typeId,
          amount,
        ]);
        done += 1;
      }
    }),
  );
  return {
    perSecond: done / seconds,
    method: database.kind === 'postgres' ? 'node-postgres, prepared' : 'PGlite, in process',
  };
}
