import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { businessRules } from '../configuration/index.ts';
import {
  currentConfiguration,
  decideEarning,
  type EarningCampaign,
  type EarningConfiguration,
  type EarningFacts,
} from './engine.ts';
import { programme } from './programme.ts';
import { channel, programmeFixtures } from './testing.ts';
import { postTransaction } from './transactions.service.ts';

/*
 * The earning decision (loyalty_decide_earning, engine.ts) is the code that posts: deciding an
 * earning and then posting it answer the same points, rule and bonus; a candidate configuration
 * changes only what it changes, and deciding writes nothing.
 */

let t: TestApp;
let admin: { authorization: string };
let spendTypeId: number;
let transferTypeId: number;
let spendRuleId: number;
let silverRuleId: number;
const HOUR = 3_600_000;

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.app.db.execute(q));
const customerId = async (n: string) =>
  (await query<{ id: number }>(sql`select id from customers where customer_number = ${n}`))[0]?.id as number;
/** What deciding must never move: the ledger, balances, campaigns' budgets and reach. */
const footprint = () =>
  query(sql`select (select count(*) from ledger_entries)::int as entries,
    (select coalesce(sum(balance), 0) from customers)::int as balances,
    (select coalesce(sum(spent), 0) from campaigns)::int as spent,
    (select count(*) from campaign_customers)::int as reached`);

const admin$ = (method: 'POST' | 'PUT', url: string, payload?: object) =>
  t.inject({ method, url: `/api/admin${url}`, as: admin, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 999);
  const silver = (await fx.tier('Silver', 1000, 1_000_000)).id;
  spendTypeId = (await fx.type('CARD_SPEND')).id;
  transferTypeId = (await fx.type('TRANSFER')).id;
  // 1 point per 10 spent; Silver 2 per 10; a transfer 5 points from 100.
  spendRuleId = (await fx.rule({ transactionTypeId: spendTypeId, amount: 10, pointsPerTransaction: 1 })).id;
  silverRuleId = (
    await fx.rule({ transactionTypeId: spendTypeId, tierId: silver, amount: 10, pointsPerTransaction: 2 })
  ).id;
  await fx.rule({
    transactionTypeId: transferTypeId,
    amount: 100,
    condition: 'GTE',
    pointsPerTransaction: 5,
  });
  const api = channel(t, await fx.apiKey());
  for (const n of ['D1', 'D2', 'D3', 'D4']) {
    expect((await api('PUT', `/customers/${n}`, { fullName: `Customer ${n}` })).statusCode).toBe(201);
  }
  await t.app.db.execute(sql`update customers set segment = 'BUSINESS' where customer_number = 'D4'`);
  // Business customers earn 1.5 times, within 100 points a month.
  const business = await admin$('PUT', '/business-banking-settings', {
    earns: true,
    multiplier: 1.5,
    monthlyCap: 100,
    countingTypeIds: [],
    mayRedeem: true,
  });
  expect(business.statusCode, business.body).toBe(200);
  // A live campaign: 3 points more per card earning of D1 and D3, at most 7 per customer.
  const created = await admin$('POST', '/campaigns', {
    nameEn: 'Three more',
    nameAr: 'ثلاث نقاط',
    descriptionEn: 'Three more points',
    descriptionAr: 'ثلاث نقاط أخرى',
    startsAt: new Date(Date.now() - HOUR).toISOString(),
    endsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
    transactionTypeIds: [spendTypeId],
    customerNumbers: ['D1', 'D3'],
    bonusKind: 'FIXED',
    bonusValue: 3,
    customerCap: 7,
    budget: 1_000,
  });
  expect(created.statusCode, created.body).toBe(201);
  expect((await admin$('POST', `/campaigns/${created.json().id}/activate`)).statusCode).toBe(200);
});

const today = async () =>
  currentConfiguration(t.app.db, await programme(t.app.db), { business: await businessRules(t.app.db) });

describe('the earning decision (loyalty_decide_earning)', () => {
  it('decides what posting then posts: points, rule, bonus and campaign, earning after earning', async () => {
    const earnings: [string, number, string][] = [
      ['D1', 123, 'CARD_SPEND'],
      ['D2', 10_000, 'CARD_SPEND'], // 1,000 points: Silver, whose own rule fires next
      ['D2', 55, 'CARD_SPEND'],
      ['D1', 200, 'CARD_SPEND'],
      ['D1', 300, 'CARD_SPEND'], // the campaign's cap: 1 point left
      ['D3', 150, 'TRANSFER'],
      ['D4', 400, 'CARD_SPEND'], // business: 60
      ['D4', 600, 'CARD_SPEND'], // business: 90, of 40 left this month
    ];
    let i = 0;
    for (const [n, amount, code] of earnings) {
      i += 1;
      const occurredAt = new Date();
      const facts: EarningFacts = {
        typeId: code === 'CARD_SPEND' ? spendTypeId : transferTypeId,
        amount,
        occurredAt,
      };
      const before = await footprint();
      const decided = await decideEarning(
        t.app.db,
        { customerId: await customerId(n) },
        facts,
        await today(),
      );
      expect(await footprint()).toEqual(before);
      const posted = await postTransaction(
        t.app.db,
        {
          externalId: `DEC-${i}`,
          customerNumber: n,
          transactionTypeCode: code,
          amount,
          occurredAt: occurredAt.toISOString(),
        },
        undefined,
        { business: await businessRules(t.app.db) },
      );
      expect(decided.outcome).toBe('POSTED');
      expect({
        points: (decided.points ?? 0) + decided.bonusPoints,
        ruleId: decided.ruleId,
        bonusPoints: decided.bonusPoints,
        campaignId: decided.shares[0]?.id ?? null,
      }).toEqual({
        points: posted.pointsAwarded,
        ruleId: posted.ruleId,
        bonusPoints: posted.bonusPoints,
        campaignId: posted.campaignId,
      });
    }
    const [d1, d2] = await query<{ points: number; bonus_points: number; rule_id: number }>(sql`
      select e.points, e.bonus_points, e.rule_id from ledger_entries e where e.external_id in ('DEC-5', 'DEC-3')
        order by e.external_id desc`);
    // The campaign's cap and the Silver rule did decide something (the comparison above is not vacuous).
    expect(d1).toMatchObject({ points: 31, bonus_points: 1 });
    expect(d2).toMatchObject({ points: 10, rule_id: silverRuleId });
  });

  it('with a candidate configuration, changes only what the candidate changes, and writes nothing', async () => {
    const current = await today();
    const before = await footprint();
    const doubled = new Map(current.rules);
    doubled.set(
      spendTypeId,
      (current.rules.get(spendTypeId) ?? []).map((r) =>
        r.id === spendRuleId ? { ...r, pointsPerTransaction: 2 * r.pointsPerTransaction } : r,
      ),
    );
    const draft: EarningCampaign = {
      id: 1_000_000,
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() + HOUR).toISOString(),
      days: [],
      hourFrom: null,
      hourTo: null,
      types: [transferTypeId],
      customers: ['D2'],
      tiers: [],
      segments: [],
      criteria: [],
      kind: 'FIXED',
      value: 11,
      per: null,
      cap: null,
      stackable: true,
      budgetLeft: 50,
    };
    const candidates: Record<string, EarningConfiguration> = {
      today: current,
      doubled: { ...current, rules: doubled },
      draft: { ...current, campaigns: [...current.campaigns, draft] },
    };
    const decide = async (n: string, typeId: number, amount: number) =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(candidates).map(async ([name, config]) => {
            const d = await decideEarning(
              t.app.db,
              { customerId: await customerId(n) },
              { typeId, amount, occurredAt: new Date() },
              config,
            );
            return [name, { points: d.points, ruleId: d.ruleId, bonus: d.bonusPoints }];
          }),
        ),
      );
    // Blue's card spend: the doubled rule doubles it; the draft (transfers of D2) changes nothing.
    expect(await decide('D3', spendTypeId, 100)).toEqual({
      today: { points: 10, ruleId: spendRuleId, bonus: 3 },
      doubled: { points: 20, ruleId: spendRuleId, bonus: 3 },
      draft: { points: 10, ruleId: spendRuleId, bonus: 3 },
    });
    // Silver's own rule fires: the doubled all-tiers rule changes nothing for D2.
    const silver = await decide('D2', spendTypeId, 100);
    expect(silver.doubled).toEqual(silver.today);
    // D2's transfer: only the draft campaign adds to it.
    expect(await decide('D2', transferTypeId, 100)).toEqual({
      today: { points: 5, ruleId: expect.any(Number), bonus: 0 },
      doubled: { points: 5, ruleId: expect.any(Number), bonus: 0 },
      draft: { points: 5, ruleId: expect.any(Number), bonus: 11 },
    });
    expect((await decide('D1', transferTypeId, 100)).draft.bonus).toBe(0);
    expect(await footprint()).toEqual(before);
  });

  it('decides a whole history in one statement (set-wise), as it was posted', async () => {
    const current = await today();
    const rules = JSON.stringify(Object.fromEntries(current.rules));
    // Today's rules without the gates or campaigns: each EARN entry's base points again (the
    // customers' tiers have not changed since, bar D2's first earning, which made it Silver).
    const replayed = await query<{ x: string; posted: number; decided: number }>(sql`
      select e.external_id as x, e.points - e.bonus_points as posted, d.points as decided
        from ledger_entries e
          join customers c on c.id = e.customer_id,
          loyalty_decide_earning(c, e.transaction_type_id, e.amount, e.occurred_at,
            ${rules}::jsonb -> e.transaction_type_id::text) d
        where e.kind = 'EARN' and e.external_id like 'DEC-%' and c.segment <> 'BUSINESS'
        order by e.id`);
    expect(replayed.length).toBe(6);
    for (const r of replayed) {
      if (r.x === 'DEC-2') expect(r.decided).toBe(2 * r.posted);
      else expect(r.decided, r.x).toBe(r.posted);
    }
  });
});
