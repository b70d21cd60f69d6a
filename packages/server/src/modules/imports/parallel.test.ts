import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { IMPORT_POST_JOB, postQueuedImports } from './imports.service.ts';
import { importKindHandlers } from './kinds/registry.ts';
import { limits } from './limits.ts';
import { form, gateImportPosting, postApproved, staged } from './testing.ts';

/*
 * Parallel posting (decisions/imports.md "Posting"): two workers post a file's earnings, each its
 * share of the customers. A customer's earnings post in file order (its tier moves mid-file and
 * changes the next award), a reversal among its earning's customer's lines, after the earning and
 * before that customer's lines after it, and a stop
 * mid-import followed by a restart posts nothing twice: the same books as the file posted in order
 * by one worker, on twin customers.
 */

let t: TestApp;
let maker: { authorization: string };
let checker: { authorization: string };
const CUSTOMERS = 5;
const HEADER = 'externalId,customerNumber,transactionTypeCode,amount,occurredAt,reversalOf';
const at = '2026-11-01T10:00:00Z';

beforeAll(async () => {
  t = await buildTestApp();
});

beforeAll(async () => {
  const admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  const blue = await fx.tier('Blue', 0, 99);
  const silver = await fx.tier('Silver', 100, 1_000_000);
  const spend = await fx.type('SPEND');
  await fx.rule({ transactionTypeId: spend.id, amount: 1, pointsPerTransaction: 1 });
  await fx.rule({ transactionTypeId: spend.id, tierId: blue.id, amount: 1, pointsPerTransaction: 1 });
  await fx.rule({ transactionTypeId: spend.id, tierId: silver.id, amount: 1, pointsPerTransaction: 3 });
  const pos = channel(t, await fx.apiKey(['customers'], 'POS'));
  for (const prefix of ['PA', 'PB']) {
    for (let c = 0; c < CUSTOMERS; c++) {
      const n = `${prefix}${c}`;
      expect((await pos('PUT', `/customers/${n}`, { fullName: `Customer ${n}` })).statusCode).toBe(201);
    }
  }
  await gateImportPosting(t, admin);
  checker = await t.userWith(['import.read', 'approval.check']);
  maker = await t.userWith(['import.read', 'import.create', 'import.post']);
});

/** 40 earnings over the customers (each crossing into Silver mid-file), reversals mid-file. */
function file(prefix: string) {
  const lines: string[] = [];
  for (let i = 0; i < 40; i++) {
    lines.push(`${prefix}x${i},${prefix}${(i * 3) % CUSTOMERS},SPEND,${10 + ((i * 7) % 30)},${at},`);
    if (i === 17) lines.push(`,,,,,${prefix}x2`);
    if (i === 29) lines.push(`,,,,,${prefix}x21`, `,,,,,${prefix}x25`);
  }
  return `${HEADER}\n${lines.join('\n')}\n`;
}

async function upload(prefix: string) {
  const res = await staged(
    t,
    await t.inject({
      method: 'POST',
      url: '/api/admin/imports',
      as: maker,
      ...form(file(prefix), { channel: 'POS' }, `${prefix}.csv`),
    }),
    maker,
  );
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ status: 'VALIDATED', lines: 43, invalidLines: 0 });
  return res.json().id as number;
}

const query = async <T>(q: SQL) => rowsOf<T>(await t.app.db.execute(q));
const statusOf = async (id: number) =>
  (
    await query<{ status: string; posted: number; duplicates: number; progress: number }>(
      sql`select status, posted, duplicates, progress from imports where id = ${id}`,
    )
  )[0];

async function runToEnd(id: number) {
  for (let tries = 0; tries < 5; tries++) {
    await t.app.jobs.settled();
    await t.app.jobs.requestRun(IMPORT_POST_JOB);
    await t.app.jobs.tick(IMPORT_POST_JOB);
    await t.app.jobs.settled();
    if ((await statusOf(id))?.status === 'DONE') break;
  }
  return statusOf(id);
}

/** A set of twins' ledger and customers, named without their prefix, each customer's entries in posting order. */
async function books(prefix: string) {
  const strip = (s: string | null) => s?.slice(prefix.length) ?? null;
  const entries = await query<{ n: string; x: string | null; reverses: string | null }>(sql`
    select c.customer_number as n, e.kind, e.points, e.balance_after, e.rule_id, e.external_id as x,
        r.external_id as reverses
      from ledger_entries e join customers c on c.id = e.customer_id
        left join ledger_entries r on r.id = e.reversal_of
      where c.customer_number like ${`${prefix}%`} order by c.customer_number, e.id`);
  const customers = await query<{ n: string }>(sql`
    select customer_number as n, balance, lifetime_points, tier_id from customers
      where customer_number like ${`${prefix}%`} order by customer_number`);
  return {
    entries: entries.map((e) => ({ ...e, n: strip(e.n), x: strip(e.x), reverses: strip(e.reverses) })),
    customers: customers.map((c) => ({ ...c, n: strip(c.n) })),
  };
}

describe('posting with two workers', () => {
  it("keeps each customer's earnings in file order and, stopped and restarted, posts nothing twice", async () => {
    const { batchSize, postWorkers } = limits;
    const post = importKindHandlers.TRANSACTIONS.post;
    const batches: { line: number; data: Record<string, string> }[][] = [];
    let parallelId = 0;
    try {
      limits.batchSize = 3;
      // In order, one worker: the books to match.
      limits.postWorkers = 1;
      const inOrder = await upload('PB');
      await postApproved(t, inOrder, maker, checker);
      expect(await runToEnd(inOrder)).toMatchObject({ status: 'DONE', posted: 43, duplicates: 0 });

      // Two workers, stopped after four batches (as a server stopping would), then restarted.
      limits.postWorkers = 2;
      const parallel = await upload('PA');
      parallelId = parallel;
      await postApproved(t, parallel, maker, checker);
      const stop = new AbortController();
      importKindHandlers.TRANSACTIONS.post = async (tx, imp, lines) => {
        batches.push(lines);
        if (batches.length === 4) stop.abort();
        return post(tx, imp, lines);
      };
      await postQueuedImports(t.app.db, stop.signal);
      const stopped = await statusOf(parallel);
      expect(stopped?.status).toBe('POSTING');
      expect(stopped?.posted).toBeGreaterThan(0);
      expect(stopped?.posted).toBeLessThan(43);
      await t.restart();
      // The new server took IMPORT_POST_WORKERS (2 by default): two, whatever it is.
      limits.postWorkers = 2;
      expect(await runToEnd(parallel)).toMatchObject({
        status: 'DONE',
        posted: 43,
        duplicates: 0,
        progress: 100,
      });
    } finally {
      importKindHandlers.TRANSACTIONS.post = post;
      limits.batchSize = batchSize;
      limits.postWorkers = postWorkers;
    }
    // The workers' batches: each of one share of the customers (a reversal its earning's customer's),
    // in file order; a reversal, posted after the batch's earnings, ends its batch when a later line
    // of its customer follows it.
    let reversalsPosted = 0;
    for (const b of batches) {
      const keys = await query<{ line: number; n: string }>(sql`select line, post_key as n from import_lines
        where import_id = ${parallelId} and line = any (${`{${b.map((l) => l.line).join(',')}}`}::int[])
        order by line`);
      expect(keys.map((k) => k.line)).toEqual(b.map((l) => l.line));
      const customers = [...new Set(keys.map((k) => k.n))];
      const split = await query<{ share: number }>(sql`select distinct (hashtext(n) & 2147483647) % 2 as share
        from unnest(${`{${customers.join(',')}}`}::text[]) n`);
      expect(split).toHaveLength(1);
      b.forEach((l, i) => {
        if (!l.data.reversalOf) return;
        reversalsPosted += 1;
        expect(keys.slice(i + 1).some((k) => k.n === keys[i]?.n)).toBe(false);
      });
    }
    expect(reversalsPosted).toBeGreaterThan(0);
    const parallel = await books('PA');
    expect(parallel).toEqual(await books('PB'));
    // Every line once: 40 earnings and 3 reversals, each customer crossing into Silver (3 points a riyal).
    expect(parallel.entries).toHaveLength(43);
    for (let c = 0; c < CUSTOMERS; c++) {
      const rules = parallel.entries
        .filter((e) => e.n === String(c) && e.x)
        .map((e) => (e as { rule_id?: number }).rule_id);
      expect(new Set(rules).size).toBe(2);
    }
    expect(
      new Set(parallel.entries.map((e) => `${(e as { kind?: string }).kind}:${e.x}:${e.reverses}`)).size,
    ).toBe(43);
  });
});
