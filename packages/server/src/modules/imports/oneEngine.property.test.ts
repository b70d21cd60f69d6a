import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { IMPORT_POST_JOB, postImportBatch } from './imports.service.ts';
import { limits } from './limits.ts';

/*
 * One engine (issue 49): a generated set of earnings and reversals posted as a file equals the same
 * posted through the integration API, on twin customers (ledger, balances, tiers, tier history,
 * campaign awards). The file is posted in small batches, and the server restarts after a generated
 * number of them: the new server resumes, and nothing posts twice.
 */

let t: TestApp;
let admin: { authorization: string };
let key: Record<string, string>;
let api: ReturnType<typeof channel>;
let run = 0;

const CUSTOMERS = 3;
/** Posting batches of a few lines, so a file of a dozen spans several and the restart falls mid-file. */
const BATCH = 3;
const HOUR = 3_600_000;
/** Now: inside the campaign's window. */
const at = new Date().toISOString();
const HEADER = 'externalId,customerNumber,transactionTypeCode,amount,occurredAt,reversalOf';

beforeAll(async () => {
  t = await buildTestApp();
});

beforeAll(async () => {
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  const tiers = [
    (await fx.tier('Blue', 0, 999)).id,
    (await fx.tier('Silver', 1000, 2999)).id,
    (await fx.tier('Gold', 3000, 1_000_000)).id,
  ];
  const spend = await fx.type('CARD_SPEND');
  // Each tier earns more: a tier reached (or lost by a reversal) mid-file changes the next award.
  await fx.rule({ transactionTypeId: spend.id, amount: 10, pointsPerTransaction: 1 });
  for (const [i, tierId] of tiers.entries()) {
    await fx.rule({ transactionTypeId: spend.id, tierId, amount: 10, pointsPerTransaction: i + 1 });
  }
  // A live campaign for everyone (no holdout: twins must not fall on either side of it).
  const created = await t.inject({
    method: 'POST',
    url: '/api/admin/campaigns',
    as: admin,
    payload: {
      nameEn: 'Double card spend',
      nameAr: 'ضعف نقاط الإنفاق بالبطاقة',
      descriptionEn: 'Card spend earns double',
      descriptionAr: 'الإنفاق بالبطاقة يكسب الضعف',
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
      transactionTypeIds: [spend.id],
      bonusKind: 'MULTIPLIER',
      bonusValue: 1,
      budget: 100_000_000,
      holdoutPct: 0,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const activated = await t.inject({
    method: 'POST',
    url: `/api/admin/campaigns/${created.json().id}/activate`,
    as: admin,
  });
  expect(activated.statusCode, activated.body).toBe(200);
  key = await fx.apiKey(['customers', 'transactions', 'imports'], 'POS');
  api = channel(t, key);
});

/** A line: an earning (`twin` is its externalId among the set's few) or the reversal of one. */
type Line =
  | { kind: 'earn'; customer: number; twin: number; amount: number }
  | { kind: 'reverse'; twin: number };

const query = async <T>(q: SQL) => rowsOf<T>(await t.app.db.execute(q));

/**
 * The lines a file's validation keeps (the same externalId or reversal twice: the second refused;
 * a reversal of no earlier kept earning: refused), as the API would answer the others: nothing posted.
 */
function kept(lines: Line[]): Line[] {
  const seen = new Set<string>();
  const earned = new Set<number>();
  return lines.filter((l) => {
    const k = `${l.kind}${l.twin}`;
    if (seen.has(k)) return false;
    seen.add(k);
    if (l.kind === 'earn') earned.add(l.twin);
    return l.kind === 'earn' || earned.has(l.twin);
  });
}

/** Through the API, in the file's order (a reversal after the lines before it, before the lines after it). */
async function postThroughApi(prefix: string, lines: Line[]) {
  for (const l of kept(lines)) {
    const res =
      l.kind === 'earn'
        ? await api('POST', '/transactions', {
            externalId: `${prefix}x${l.twin}`,
            customerNumber: `${prefix}${l.customer}`,
            transactionTypeCode: 'CARD_SPEND',
            amount: l.amount,
            occurredAt: at,
          })
        : await api('POST', `/transactions/${prefix}x${l.twin}/reversal`);
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
}

/** As a file (every line, the bad ones refused by validation), restarting after `stopAfter` batches. */
async function postAsFile(prefix: string, lines: Line[], stopAfter: number) {
  const body = `${HEADER}\n${lines
    .map((l) =>
      l.kind === 'earn'
        ? `${prefix}x${l.twin},${prefix}${l.customer},CARD_SPEND,${l.amount},${at},`
        : `,,,,,${prefix}x${l.twin}`,
    )
    .join('\n')}\n`;
  const res = await t.inject({
    method: 'POST',
    url: '/api/integration/v1/transaction-files?postValid=true',
    headers: { ...key, 'content-type': 'text/csv' },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json().id as number;
  // The push kicked the job: let that run find nothing more to do than the batches we post here.
  await t.app.jobs.settled();
  for (let i = 0; i < stopAfter; i++) await postImportBatch(t.app.db);
  await t.restart();
  for (let tries = 0; tries < 10; tries++) {
    await t.app.jobs.requestRun(IMPORT_POST_JOB);
    await t.app.jobs.tick(IMPORT_POST_JOB);
    await t.app.jobs.settled();
    const [imp] = await query<{ status: string }>(sql`select status from imports where id = ${id}`);
    if (imp?.status === 'DONE') break;
  }
  const [imp] = await query<{ status: string; posted: number; duplicates: number }>(
    sql`select status, posted, duplicates from imports where id = ${id}`,
  );
  return imp;
}

/** What a set of customers ended with, named by their place in the set rather than by ids. */
async function books(prefix: string) {
  const like = `${prefix}%`;
  const strip = (s: string | null) => s?.slice(prefix.length) ?? null;
  const entries = await query<{ n: string; kind: string; x: string | null; reverses: string | null }>(sql`
    select c.customer_number as n, e.kind, e.points, e.balance_after, e.lot, e.amount::text, e.expires_at,
        e.rule_id, e.bonus_points, e.external_id as x, r.external_id as reverses
      from ledger_entries e join customers c on c.id = e.customer_id
        left join ledger_entries r on r.id = e.reversal_of
      where c.customer_number like ${like} order by c.customer_number, e.id`);
  const customers = await query<{ n: string }>(sql`
    select customer_number as n, balance, lifetime_points, tier_id, earn_count
      from customers where customer_number like ${like} order by customer_number`);
  const tierHistory = await query<{ n: string }>(sql`
    select c.customer_number as n, h.from_tier_id, h.to_tier_id, h.qualifying_points, h.reason
      from customer_tier_history h join customers c on c.id = h.customer_id
      where c.customer_number like ${like} order by c.customer_number, h.id`);
  const awards = await query<{ n: string }>(sql`
    select c.customer_number as n, a.campaign_id, count(*)::int as awards, sum(a.points)::int as points
      from campaign_awards a join customers c on c.id = a.customer_id
      where c.customer_number like ${like} group by 1, 2 order by 1, 2`);
  return {
    entries: entries.map((e) => ({ ...e, n: strip(e.n), x: strip(e.x), reverses: strip(e.reverses) })),
    customers: customers.map((c) => ({ ...c, n: strip(c.n) })),
    tierHistory: tierHistory.map((h) => ({ ...h, n: strip(h.n) })),
    awards: awards.map((a) => ({ ...a, n: strip(a.n) })),
  };
}

describe('a file and the API', () => {
  it('post the same ledger, balances, tiers and campaign awards; a restart mid-file posts nothing twice', async () => {
    const line: fc.Arbitrary<Line> = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant('earn' as const),
          customer: fc.integer({ min: 0, max: CUSTOMERS - 1 }),
          twin: fc.integer({ min: 0, max: 4 }),
          amount: fc.constantFrom(95, 1_000, 4_550.5, 12_000),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({ kind: fc.constant('reverse' as const), twin: fc.integer({ min: 0, max: 4 }) }),
      },
    );
    // The property is not empty: some runs award the campaign's bonus and post reversals.
    let awarded = 0;
    let reversed = 0;
    const size = limits.batchSize;
    limits.batchSize = BATCH;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(line, { minLength: 1, maxLength: 12 }),
          fc.integer({ min: 0, max: 4 }),
          async (lines, stopAfter) => {
            run += 1;
            const [a, f] = [`PA${run}-`, `PF${run}-`];
            for (const prefix of [a, f]) {
              for (let i = 0; i < CUSTOMERS; i++) {
                const res = await api('PUT', `/customers/${prefix}${i}`, { fullName: `Twin ${prefix}${i}` });
                expect(res.statusCode).toBe(201);
              }
            }
            await postThroughApi(a, lines);
            const imp = await postAsFile(f, lines, stopAfter);
            const valid = kept(lines);
            expect(imp).toMatchObject({ status: 'DONE', duplicates: 0 });
            expect(imp?.posted).toBeLessThanOrEqual(valid.length);
            const file = await books(f);
            expect(file).toEqual(await books(a));
            awarded += file.awards.length;
            reversed += file.entries.filter((e) => e.kind === 'REVERSAL').length;
          },
        ),
        {
          numRuns: 6,
          // One case that surely crosses a tier, awards the bonus and reverses mid-file after a restart.
          examples: [
            [
              [
                { kind: 'earn', customer: 0, twin: 0, amount: 12_000 },
                { kind: 'earn', customer: 1, twin: 1, amount: 1_000 },
                { kind: 'earn', customer: 0, twin: 2, amount: 4_550.5 },
                { kind: 'reverse', twin: 0 },
                { kind: 'earn', customer: 0, twin: 3, amount: 95 },
                { kind: 'reverse', twin: 4 },
              ],
              1,
            ],
          ],
        },
      );
    } finally {
      limits.batchSize = size;
    }
    expect({ awarded: awarded > 0, reversed: reversed > 0 }).toEqual({ awarded: true, reversed: true });
  }, 120_000);
});
