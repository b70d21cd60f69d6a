/**
 * `npm run bench -- --messaging` (issue 11): the service queue and the outbound send at scale.
 *   1. the queue's list, filters and search over `--conversations` conversations (1,000,000),
 *      p50/p95 of sequential requests through HTTP, as staff use it;
 *   2. a send to every active customer (`--audience` of them, 100,000): how long until it is
 *      accepted, and until every delivery is written, with the progress seen meanwhile.
 * What is missing is made directly in the database first (SQL, in batches): customers
 * `BENCH-M-…` and conversations spread over every customer, in all four statuses. Method and
 * results: docs/performance.md.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../packages/server/src/config.ts';
import { type Db, openDatabase, rowsOf } from '../packages/server/src/db/client.ts';

type Json = <T>(method: string, url: string, headers: Record<string, string>, body?: unknown) => Promise<T>;
type Timed = (url: string) => Promise<number>;

const count = async (db: Db, table: 'customers' | 'conversations') =>
  Number(rowsOf<{ n: string }>(await db.execute(sql.raw(`select count(*) as n from ${table}`)))[0]?.n ?? 0);

/** Adds customers until there are `target`, 50,000 per statement. */
async function seedCustomers(db: Db, target: number) {
  for (let have = await count(db, 'customers'); have < target; have = await count(db, 'customers')) {
    const n = Math.min(50_000, target - have);
    await db.execute(sql`
      insert into customers (customer_number, full_name, language)
      select 'BENCH-M-' || lpad((${have} + i)::text, 7, '0'), 'Bench Customer ' || (${have} + i),
        case when i % 3 = 0 then 'ar' else 'en' end
      from generate_series(1, ${n}) i`);
  }
}

const words = [
  'points',
  'voucher',
  'card',
  'statement',
  'tier',
  'expiry',
  'branch',
  'transfer',
  'bonus',
  'refund',
];

/** Adds conversations until there are `target`, 100,000 per statement, over every customer. */
async function seedConversations(db: Db, target: number) {
  const statuses = `array['NEW','ASSIGNED','REPLIED','CLOSED']`;
  const topics = `array[${words.map((w) => `'${w}'`).join(',')}]`;
  for (let have = await count(db, 'conversations'); have < target; have = await count(db, 'conversations')) {
    const n = Math.min(100_000, target - have);
    await db.execute(sql`
      with c as (select id, customer_number, full_name, row_number() over (order by id) as k,
          count(*) over () as total from customers)
      insert into conversations (customer_id, channel, subject, preview, status, search_text, created_at,
        last_message_at)
      select c.id, 'APP', 'Question about ' || t.topic, 'My ' || t.topic || ' question number ' || (${have} + i),
        (${sql.raw(statuses)})[1 + (i % 4)],
        lower(c.customer_number || ' ' || c.full_name || ' question about ' || t.topic),
        now() - make_interval(mins => i), now() - make_interval(mins => i)
      from generate_series(1, ${n}) i
        join c on c.k = 1 + ((${have} + i) % (select count(*) from customers))
        cross join lateral (select (${sql.raw(topics)})[1 + (i % ${words.length})] as topic) t`);
  }
}

export async function benchMessaging(
  json: Json,
  timed: Timed,
  staff: Record<string, string>,
  opts: { conversations: number; audience: number; samples: number },
) {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const started = Date.now();
    await seedCustomers(database.db, opts.audience);
    await seedConversations(database.db, opts.conversations);
    await database.db.execute(sql`analyze customers; analyze conversations`);
    console.log(`\nSeeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await database.close();
  }

  const pct = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  console.log(
    `\nThe queue over ${opts.conversations} conversations (${opts.samples} sequential requests each)`,
  );
  const scenarios: [string, (i: number) => string][] = [
    ['queue, newest first', (i) => `/api/admin/messages?page=${1 + (i % 20)}&pageSize=20`],
    ['status NEW', (i) => `/api/admin/messages?status=NEW&page=${1 + (i % 5)}&pageSize=20`],
    ['my queue', () => '/api/admin/messages?mine=true&pageSize=20'],
    ['search a word', (i) => `/api/admin/messages?q=${words[i % words.length]}&pageSize=20`],
    [
      'search a customer number',
      (i) =>
        `/api/admin/messages?q=BENCH-M-${String((i * 7919) % opts.audience).padStart(7, '0')}&pageSize=20`,
    ],
  ];
  for (const [label, url] of scenarios) {
    const times: number[] = [];
    for (let i = 0; i < opts.samples; i++) times.push(await timed(url(i)));
    times.sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(26)} p50 ${pct(times, 50).toFixed(1)} ms   p95 ${pct(times, 95).toFixed(1)} ms`,
    );
  }

  // The send: accepted (202) at once, then written by its job; progress read as the screen does.
  const t0 = performance.now();
  const send = await json<{ id: number; total: number }>('POST', '/api/admin/outbound-messages', staff, {
    audience: { kind: 'FILTER', statuses: ['ACTIVE'] },
    channels: ['APP'],
    subjectEn: 'Your points',
    subjectAr: 'نقاطك',
    bodyEn: 'Dear {{customer.name}}, you have {{customer.balance}} points.',
    bodyAr: 'عزيزي {{customer.name}}، لديك {{customer.balance}} نقطة.',
  });
  const accepted = performance.now() - t0;
  console.log(`\nSend to ${send.total} customers: accepted in ${(accepted / 1000).toFixed(2)} s`);
  const progress: string[] = [];
  for (;;) {
    const s = await json<{ status: string; processed: number; total: number }>(
      'GET',
      `/api/admin/outbound-messages/${send.id}`,
      staff,
    );
    progress.push(`${((performance.now() - t0) / 1000).toFixed(0)} s: ${s.processed}/${s.total}`);
    if (s.status !== 'QUEUED' && s.status !== 'SENDING') {
      console.log(
        `  every delivery written in ${((performance.now() - t0) / 1000).toFixed(1)} s (${s.status}); progress seen: ${progress.join(', ')}`,
      );
      break;
    }
    if (performance.now() - t0 > 600_000) throw new Error('the send did not finish in 10 minutes');
    await new Promise((r) => setTimeout(r, 2_000));
  }
}
