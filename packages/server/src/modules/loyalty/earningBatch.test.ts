import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import type { EarningItem, EarningRow } from './earnings.queue.ts';
import { channel, programmeFixtures } from './testing.ts';

/*
 * A batch inserts its ledger entries together (migration 0058), so what reads them meanwhile — the
 * look-up of an external id, a business customer's monthly cap, the rolling tier basis, the tier a
 * customer reaches before their next earning — must still see every earlier earning of the batch.
 * The property: a batch posts exactly what its earnings posted one at a time would.
 */

let t: TestApp;
let admin: { authorization: string };
let api: ReturnType<typeof channel>;
let fx: ReturnType<typeof programmeFixtures>;
let typeId: number;
let tiers: number[];
/** The configuration the batches are decided with: the rules of the type (loyalty_post_earnings' `p_config`). */
let config: string;
let run = 0;

const CUSTOMERS = 3;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  fx = programmeFixtures(t, admin);
  tiers = [
    (await fx.tier('Blue', 0, 999)).id,
    (await fx.tier('Silver', 1000, 2999)).id,
    (await fx.tier('Gold', 3000, 1_000_000)).id,
  ];
  typeId = (await fx.type('CARD_SPEND')).id;
  // Each tier earns more (a point per unit of amount times its rank): a tier reached mid-batch
  // changes the customer's next award.
  const rules = [await fx.rule({ transactionTypeId: typeId })];
  for (const [i, tierId] of tiers.entries()) {
    rules.push(await fx.rule({ transactionTypeId: typeId, tierId, pointsPerTransaction: i + 1 }));
  }
  config = JSON.stringify({ rules: { [typeId]: rules } });
  api = channel(t, await fx.apiKey());
});

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.app.db.execute(q));

interface Earning {
  customer: number;
  twin: number;
  /** The amount, which the rules turn into points. */
  base: number;
}

interface Case {
  basis: 'LIFETIME' | 'ROLLING';
  limited: boolean;
  earnings: Earning[];
}

/** A set of customers of its own (the last a business customer), and the earnings' items for it. */
async function prepare(prefix: string, c: Case): Promise<EarningItem[]> {
  for (let i = 0; i < CUSTOMERS; i++) {
    const res = await api('PUT', `/customers/${prefix}${i}`, { fullName: `Batch ${prefix}${i}` });
    expect(res.statusCode).toBe(201);
  }
  // Lifetime points from before the rolling window (the two bases then disagree on the tier).
  await t.app.db.execute(sql`
    update customers set lifetime_points = 2500,
        segment = case when customer_number = ${`${prefix}${CUSTOMERS - 1}`} then 'BUSINESS' else segment end
      where customer_number like ${`${prefix}%`}`);
  const now = new Date().toISOString();
  return c.earnings.map((e) => ({
    // CUSTOMERS names nobody.
    customerNumber: `${prefix}${e.customer}`,
    externalId: `${prefix}x${e.twin}`,
    typeId,
    amount: e.base,
    occurredAt: now,
    expiresAt: null,
    campaignId: null,
    actorId: null,
    channel: null,
    apiKeyId: null,
    business: { earns: true, multiplier: 1.5, monthlyCap: 2000, types: [] },
    ...(c.limited ? { limit: { count: 3, points: null } } : {}),
  }));
}

/** The tier these qualifying points reach. */
const reach = (points: number) => tiers[[0, 1000, 3000].filter((min) => points >= min).length - 1];

const post = (items: EarningItem[], locked: boolean) =>
  query<EarningRow>(
    sql`select * from loyalty_post_earnings(${JSON.stringify(items)}::jsonb, ${locked}, ${config}::jsonb)`,
  );

/** What a set of customers ended with, named by their place in the set rather than by their ids. */
async function outcome(prefix: string, answers: EarningRow[]) {
  const entries = await query<{
    id: string;
    n: string;
    points: number;
    balance_after: number;
    x: string;
  }>(sql`
    select e.id::text, c.customer_number as n, e.points, e.balance_after, e.external_id as x
      from ledger_entries e join customers c on c.id = e.customer_id
      where c.customer_number like ${`${prefix}%`} order by e.id`);
  const place = new Map(entries.map((e, i) => [e.id, i]));
  const strip = (s: string | null) => s?.slice(prefix.length) ?? null;
  return {
    answers: answers.map(({ entry_id, ...a }) => ({
      ...a,
      entry: entry_id == null ? null : place.get(String(entry_id)),
    })),
    entries: entries.map(({ id: _, n, x, ...e }) => ({ ...e, n: strip(n), x: strip(x) })),
    customers: (
      await query<{ n: string; lifetime_points: number; tier_id: number | null }>(sql`
        select customer_number as n, balance, lifetime_points, tier_id, earn_count
          from customers where customer_number like ${`${prefix}%`} order by customer_number`)
    ).map((c) => ({ ...c, n: strip(c.n) })),
    tierHistory: (
      await query<{ n: string }>(sql`
        select c.customer_number as n, h.from_tier_id, h.to_tier_id, h.qualifying_points, h.reason
          from customer_tier_history h join customers c on c.id = h.customer_id
          where c.customer_number like ${`${prefix}%`} order by h.id`)
    ).map((h) => ({ ...h, n: strip(h.n) })),
  };
}

describe('loyalty_post_earnings (db/functions/)', () => {
  it('posts a batch exactly as its earnings one at a time would (property)', async () => {
    const earning = fc.record({
      customer: fc.integer({ min: 0, max: CUSTOMERS }),
      twin: fc.integer({ min: 0, max: 9 }),
      base: fc.constantFrom(100, 200, 700, 1_500),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          basis: fc.constantFrom('LIFETIME' as const, 'ROLLING' as const),
          limited: fc.boolean(),
          earnings: fc.array(earning, { minLength: 1, maxLength: 14 }),
        }),
        async (c) => {
          run += 1;
          expect((await fx.settings({ tierBasis: c.basis })).statusCode).toBe(200);
          const batch = await prepare(`B${run}-`, c);
          const single = await prepare(`S${run}-`, c);
          const together = await post(batch, false);
          const apart: EarningRow[] = [];
          for (const item of single) apart.push(...(await post([item], true)));
          const posted = await outcome(`B${run}-`, together);
          expect(posted).toEqual(await outcome(`S${run}-`, apart));
          // And a customer who earned has the tier their points reach (the policy is IMMEDIATE;
          // every entry is within the rolling window).
          for (const cu of posted.customers) {
            const own = posted.entries.filter((e) => e.n === cu.n);
            if (!own.length) continue;
            const rolling = own.reduce((sum, e) => sum + e.points, 0);
            expect(cu.tier_id).toBe(reach(c.basis === 'LIFETIME' ? cu.lifetime_points : rolling));
          }
        },
      ),
      { numRuns: 30 },
    );
    // The daily roll-up (a statement trigger) counted every entry, however many a statement added.
    const [counted] = await query<{ rolled: number; posted: number }>(sql`
      select (select coalesce(sum(entries), 0)::int from reports_ledger_daily where kind = 'EARN') as rolled,
             (select count(*)::int from ledger_entries where kind = 'EARN') as posted`);
    expect(counted?.rolled).toBe(counted?.posted);
    expect(counted?.posted).toBeGreaterThan(0);
  });
});
