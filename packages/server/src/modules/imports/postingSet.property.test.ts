import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import type { BusinessRulesJson, DailyLimit } from '../configuration/index.ts';
import { currentConfiguration, earningItem, postEarningBatch, programme } from '../loyalty/index.ts';
import { programmeFixtures } from '../loyalty/testing.ts';

/*
 * The set-based posting of an import's batch (loyalty_post_earnings_set, decisions/imports.md
 * "Posting set-based") posts exactly what the engine's loop (loyalty_post_earnings) posts: on twin
 * customers, a generated batch through each answers the same rows and leaves the same ledger,
 * balances, daily counts, tiers and tier history, referrals. The generated customers and
 * configuration reach every case the set-based path must leave to the loop (a tier crossed, a daily
 * limit reached, business banking, a blocked or unknown customer, an external id posted before or
 * twice, a pending referral) and the ones it decides itself.
 */

let t: TestApp;
let typeId: number;
let referralProgramme: number;
let run = 0;

const CUSTOMERS = 4;
const at = new Date().toISOString();
const today = at.slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  const tiers = [
    (await fx.tier('Blue', 0, 999)).id,
    (await fx.tier('Silver', 1000, 2999)).id,
    (await fx.tier('Gold', 3000, 1_000_000)).id,
  ];
  typeId = (await fx.type('CARD_SPEND')).id;
  // Each tier earns more: a tier reached mid-batch changes the next award.
  await fx.rule({ transactionTypeId: typeId, amount: 10, pointsPerTransaction: 1 });
  for (const [i, tierId] of tiers.entries()) {
    await fx.rule({ transactionTypeId: typeId, tierId, amount: 10, pointsPerTransaction: i + 1 });
  }
  const [p] = await query<{
    id: number;
  }>(sql`insert into referral_programmes (name_en, name_ar, referrer_points,
      referred_points, qualifying, transaction_count, monthly_limit, starts_on, ends_on)
    values ('Refer', 'إحالة', 50, 20, 'TRANSACTIONS', 2, 100, '2000-01-01', '2099-12-31') returning id`);
  referralProgramme = Number(p?.id);
});

const query = async <T>(q: SQL) => rowsOf<T>(await t.app.db.execute(q));

interface Customer {
  status: 'ACTIVE' | 'BLOCKED';
  business: boolean;
  /** Lifetime points (and balance) at the start; the tier they hold (the ladder's, or another). */
  lifetime: number;
  tier: 'ladder' | 'other' | 'none';
  /** Earnings already counted today. */
  earnCount: number;
  earnPoints: number;
  /** Waits for a referral that this customer's earnings qualify. */
  referred: boolean;
}

interface Earning {
  /** CUSTOMERS: a customer who does not exist. */
  customer: number;
  twin: number;
  amount: number;
}

/** Makes the side's customers as generated (by SQL: the states under test, not their history). */
async function makeCustomers(prefix: string, customers: Customer[]) {
  for (const [i, c] of customers.entries()) {
    const tier =
      c.tier === 'none'
        ? sql`null`
        : c.tier === 'ladder'
          ? sql`(select id from tiers where min_points <= ${c.lifetime} order by min_points desc limit 1)`
          : sql`(select id from tiers where min_points > ${c.lifetime} order by min_points limit 1)`;
    await t.app.db.execute(sql`insert into customers (customer_number, full_name, language, status, segment,
        tier_id, balance, lifetime_points, earn_day, earn_count, earn_points)
      values (${`${prefix}${i}`}, ${`Twin ${prefix}${i}`}, 'en', ${c.status}, ${c.business ? 'BUSINESS' : 'RETAIL'},
        ${tier}, ${c.lifetime}, ${c.lifetime}, ${today}::date, ${c.earnCount}, ${c.earnPoints})`);
  }
  // A pending referral: the referred customer's earnings count towards it (the referrer: the first).
  for (const [i, c] of customers.entries()) {
    if (!c.referred || i === 0) continue;
    await t.app.db.execute(sql`insert into referrals (programme_id, referrer_id, referred_id, code, status, qualifies_by)
      select ${referralProgramme}, r.id, d.id, ${`${prefix}code${i}`}, 'PENDING', now() + interval '30 days'
        from customers r, customers d where r.customer_number = ${`${prefix}0`} and d.customer_number = ${`${prefix}${i}`}`);
  }
}

/** Posts `earnings` as one batch (in one transaction) for the side's customers: answers its rows. */
async function post(
  prefix: string,
  earnings: Earning[],
  gates: { limit?: DailyLimit; business?: BusinessRulesJson },
  setBased: boolean,
) {
  return t.app.db.transaction(async (tx) => {
    const prog = await programme(tx);
    const config = await currentConfiguration(tx, prog, gates);
    const items = earnings.map((e) =>
      earningItem(
        prog,
        config,
        {
          externalId: `${prefix}x${e.twin}`,
          customerNumber: `${prefix}${e.customer}`,
          transactionTypeCode: 'CARD_SPEND',
          amount: e.amount,
          occurredAt: at,
        },
        undefined,
        { channel: 'POS', id: null },
      ),
    );
    const rows = await postEarningBatch(tx, items, config, setBased);
    return rows.map(({ entry_id, ...r }) => ({ ...r, entry: entry_id === null ? null : 'some' }));
  });
}

/** What a side's customers ended with, named by their place in the set rather than by ids. */
async function books(prefix: string) {
  const like = `${prefix}%`;
  const strip = (s: string | null) => s?.slice(prefix.length) ?? null;
  const entries = await query<{ n: string; x: string | null }>(sql`
    select c.customer_number as n, e.kind, e.points, e.balance_after, e.lot, e.amount::text, e.expires_at,
        e.reference like 'txn:%' as txn, e.rule_id, e.bonus_points, e.external_id as x, e.channel,
        e.transaction_type_id, e.occurred_at, e.note is null as no_note
      from ledger_entries e join customers c on c.id = e.customer_id
      where c.customer_number like ${like} order by c.customer_number, e.id`);
  const customers = await query<{ n: string }>(sql`
    select customer_number as n, balance, lifetime_points, tier_id, earn_day::text, earn_count, earn_points,
        last_activity_at
      from customers where customer_number like ${like} order by customer_number`);
  const tierHistory = await query<{ n: string }>(sql`
    select c.customer_number as n, h.from_tier_id, h.to_tier_id, h.qualifying_points, h.reason
      from customer_tier_history h join customers c on c.id = h.customer_id
      where c.customer_number like ${like} order by c.customer_number, h.id`);
  const referrals = await query<{ n: string; earnings: number }>(sql`
    select c.customer_number as n, r.status, r.transactions, r.referrer_points, r.referred_points,
        (select count(*)::int from referral_earnings e where e.referral_id = r.id) as earnings
      from referrals r join customers c on c.id = r.referred_id
      where c.customer_number like ${like} order by 1`);
  return {
    entries: entries.map((e) => ({ ...e, n: strip(e.n), x: strip(e.x) })),
    customers: customers.map((c) => ({ ...c, n: strip(c.n) })),
    tierHistory: tierHistory.map((h) => ({ ...h, n: strip(h.n) })),
    referrals: referrals.map((r) => ({ ...r, n: strip(r.n) })),
  };
}

/** The side's customers (by their place) in the order of their entries' ids. */
const entryOrder = async (prefix: string) =>
  (
    await query<{ n: string }>(sql`select c.customer_number as n from ledger_entries e
      join customers c on c.id = e.customer_id where c.customer_number like ${`${prefix}%`} order by e.id`)
  ).map((r) => r.n.slice(prefix.length));

/** The same customers, earlier earnings and batch on two sides, one through each path: what each left. */
async function twins(
  customers: Customer[],
  earlier: Earning[],
  batch: Earning[],
  gates: Parameters<typeof post>[2],
) {
  run += 1;
  const [loop, set] = [`SL${run}-`, `SS${run}-`];
  const answers: Record<string, Awaited<ReturnType<typeof post>>> = {};
  for (const [prefix, setBased] of [
    [loop, false],
    [set, true],
  ] as const) {
    await makeCustomers(prefix, customers);
    if (earlier.length) await post(prefix, earlier, gates, false);
    answers[prefix] = await post(prefix, batch, gates, setBased);
  }
  return { loop, set, rows: { loop: answers[loop] ?? [], set: answers[set] ?? [] } };
}

describe('an import batch posted set-based', () => {
  it('answers and posts what the loop does (ledger, balances, daily counts, tiers, referrals)', async () => {
    const seen = { mixed: 0, outcomes: new Set<string>(), referrals: 0, tierMoves: 0 };
    const customer: fc.Arbitrary<Customer> = fc.record({
      // Mostly customers the set-based path decides, each case it leaves to the loop now and then.
      status: fc.constantFrom('ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'BLOCKED'),
      business: fc.constantFrom(false, false, false, true),
      lifetime: fc.constantFrom(0, 0, 500, 990, 2_990, 5_000),
      tier: fc.constantFrom('ladder', 'ladder', 'ladder', 'ladder', 'other', 'none'),
      earnCount: fc.integer({ min: 0, max: 3 }),
      earnPoints: fc.constantFrom(0, 0, 40, 95),
      referred: fc.constantFrom(false, false, false, true),
    });
    const earning: fc.Arbitrary<Earning> = fc.record({
      customer: fc.integer({ min: 0, max: CUSTOMERS }),
      twin: fc.integer({ min: 0, max: 24 }),
      amount: fc.constantFrom(5, 95, 250, 1_000, 4_550.5),
    });
    const gates = fc.record({
      limit: fc.option(fc.constantFrom({ count: 3 }, { points: 120 }, { count: 5, points: 400 }), {
        nil: undefined,
      }),
      business: fc.option(
        fc.constantFrom<BusinessRulesJson>(
          { earns: true, multiplier: 2, monthlyCap: 150, types: [] },
          { earns: false, multiplier: 1, monthlyCap: null, types: [] },
        ),
        { nil: undefined },
      ),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(customer, { minLength: CUSTOMERS, maxLength: CUSTOMERS }),
        fc.array(earning, { maxLength: 4 }),
        fc.array(earning, { minLength: 1, maxLength: 14 }),
        gates,
        async (customers, earlier, batch, g) => {
          const gate = {
            ...(g.limit && { limit: g.limit as DailyLimit }),
            ...(g.business && { business: g.business }),
          };
          const { loop, set, rows } = await twins(customers, earlier, batch, gate);
          expect(rows.set).toEqual(rows.loop);
          const posted = await books(set);
          expect(posted).toEqual(await books(loop));
          // Both paths in one batch: the exact customers' entries drawn first (entryOrder).
          if ((await entryOrder(set)).join() !== (await entryOrder(loop)).join()) seen.mixed += 1;
          for (const r of rows.set) seen.outcomes.add(r.outcome);
          seen.referrals += posted.referrals.filter((r) => r.earnings > 0).length;
          seen.tierMoves += posted.tierHistory.length;
        },
      ),
      // A fixed seed: the same 60 cases each run (deterministic), the coverage below holds for them.
      { numRuns: 60, seed: 49 },
    );
    // The property is not empty: batches mixed both paths, and the loop's cases came up.
    expect(seen.mixed).toBeGreaterThan(0);
    expect([...seen.outcomes].sort()).toEqual(
      expect.arrayContaining(['CONFLICT', 'LIMIT_EXCEEDED', 'NOT_ACTIVE', 'NOT_FOUND', 'POSTED', 'REPLAYED']),
    );
    expect(seen.referrals).toBeGreaterThan(0);
    expect(seen.tierMoves).toBeGreaterThan(0);
  }, 120_000);

  it('decides the exact customers itself and leaves the others to the loop', async () => {
    const plain: Customer = {
      status: 'ACTIVE',
      business: false,
      lifetime: 0,
      tier: 'ladder',
      earnCount: 0,
      earnPoints: 0,
      referred: false,
    };
    // Customer 0 crosses into Silver (the loop's), customer 1 earns a little (exact).
    const { loop, set, rows } = await twins(
      [{ ...plain, lifetime: 990 }, plain, plain, plain],
      [],
      [
        { customer: 0, twin: 0, amount: 250 },
        { customer: 1, twin: 1, amount: 95 },
        { customer: 0, twin: 2, amount: 95 },
      ],
      {},
    );
    expect(rows.set).toEqual(rows.loop);
    expect(await books(set)).toEqual(await books(loop));
    // The loop draws the entry ids in the batch's order (customer 0's first); the set-based path
    // draws the exact customer's first, before the loop posts the rest.
    expect(await entryOrder(loop)).toEqual(['0', '0', '1']);
    expect(await entryOrder(set)).toEqual(['1', '0', '0']);
  });
});
