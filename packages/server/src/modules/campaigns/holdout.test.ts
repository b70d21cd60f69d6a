import quantile from '@stdlib/stats-base-dists-t-quantile';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { currentConfiguration, type EarningItem, postEarningBatch, programme } from '../loyalty/index.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';

let t: TestApp;
let admin: { authorization: string };
let api: ReturnType<typeof channel>;
let spendTypeId: number;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const dayOf = (ms: number) => iso(ms).slice(0, 10);
const today = Math.floor(Date.now() / DAY) * DAY;

const admin$ = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.inject({ method, url: `/api/admin${url}`, as: admin, ...(payload ? { payload } : {}) });

const terms = (over: Record<string, unknown>) => ({
  nameEn: `Holdout ${Math.random().toString(36).slice(2, 8)}`,
  nameAr: 'حملة بمجموعة ضابطة',
  startsAt: iso(Date.now() - HOUR),
  endsAt: iso(Date.now() + DAY),
  transactionTypeIds: [spendTypeId],
  bonusKind: 'FIXED',
  bonusValue: 5,
  budget: 1_000_000,
  ...over,
});

async function live(over: Record<string, unknown>) {
  const created = await admin$('POST', '/campaigns', terms(over));
  expect(created.statusCode, created.body).toBe(201);
  const activated = await admin$('POST', `/campaigns/${created.json().id}/activate`);
  expect(activated.statusCode, activated.body).toBe(200);
  return activated.json() as { id: number; holdoutPct: number; holdoutSeed: number };
}

/** Customer number → whether the campaign holds the customer out. */
async function split(numbers: string[], seed: number, pct: number) {
  const rows = rowsOf<{ n: string; held: boolean }>(
    await t.app.db.execute(sql`select customer_number as n, loyalty_campaign_holdout(id, ${seed}, ${pct}) as held
      from customers where customer_number in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))`),
  );
  return new Map(rows.map((r) => [r.n, r.held]));
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 1_000_000);
  spendTypeId = (await fx.type('CARD_SPEND')).id;
  await fx.rule({ transactionTypeId: spendTypeId, amount: 10, pointsPerTransaction: 1 });
  api = channel(t, await fx.apiKey());
}, 180_000);

describe('loyalty_campaign_holdout', () => {
  it('is stable, near its share, none at 0 %, and differs between seeds', async () => {
    const count = async (seed: number, pct: number) =>
      Number(
        rowsOf<{ n: string }>(
          await t.app.db.execute(sql`select count(*) filter (where loyalty_campaign_holdout(g, ${seed}, ${pct})) as n
            from generate_series(1, 2000) g`),
        )[0]?.n,
      );
    const tenth = await count(4242, 10);
    expect(tenth).toBeGreaterThanOrEqual(140);
    expect(tenth).toBeLessThanOrEqual(260);
    expect(await count(4242, 10)).toBe(tenth);
    expect(await count(4242, 0)).toBe(0);
    const half = await count(99, 50);
    expect(half).toBeGreaterThanOrEqual(940);
    expect(half).toBeLessThanOrEqual(1060);
    const [{ same } = { same: 0 }] = rowsOf<{ same: string }>(
      await t.app.db.execute(sql`select count(*) as same from generate_series(1, 2000) g
        where loyalty_campaign_holdout(g, 1, 10) and loyalty_campaign_holdout(g, 2, 10)`),
    );
    // Independent seeds: about 10 % of 10 % in both, not the same customers.
    expect(Number(same)).toBeLessThan(60);
  });
});

describe('a campaign with a holdout', () => {
  it('refuses a share above 50 % and keeps 0 % when none is given', async () => {
    const res = await admin$('POST', '/campaigns', terms({ holdoutPct: 51 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'holdoutPct', message: 'holdoutOutOfRange' });
    const plain = await admin$('POST', '/campaigns', terms({}));
    expect(plain.json()).toMatchObject({ holdoutPct: 0 });
    expect(Number.isInteger(plain.json().holdoutSeed)).toBe(true);
  });

  it('never awards a holdout customer, awards a treated one, and fixes its share once it reached customers', async () => {
    const numbers = Array.from({ length: 16 }, (_, i) => `HK${i + 1}`);
    for (const n of numbers) {
      expect((await api('PUT', `/customers/${n}`, { fullName: `Customer ${n}` })).statusCode).toBe(201);
    }
    const k = await live({ holdoutPct: 50, customerNumbers: numbers });
    expect(k.holdoutPct).toBe(50);
    const held = await split(numbers, k.holdoutSeed, 50);
    const out = numbers.find((n) => held.get(n));
    const treated = numbers.find((n) => held.get(n) === false);
    if (!out || !treated) throw new Error('16 customers at 50 % split both ways but for 2 in 65,536');
    const earn = (id: string, n: string) =>
      api('POST', '/transactions', {
        externalId: id,
        customerNumber: n,
        transactionTypeCode: 'CARD_SPEND',
        amount: 100,
      });
    const a = await earn('HO-1', out);
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json()).toMatchObject({ pointsAwarded: 10, bonusPoints: 0 });
    const b = await earn('HO-2', treated);
    expect(b.json()).toMatchObject({ pointsAwarded: 15, bonusPoints: 5, campaignId: k.id });
    // Stable: the same customer again, still out.
    expect((await earn('HO-3', out)).json()).toMatchObject({ bonusPoints: 0 });

    expect((await admin$('POST', `/campaigns/${k.id}/pause`)).statusCode).toBe(200);
    const moved = await admin$(
      'PUT',
      `/campaigns/${k.id}`,
      terms({ holdoutPct: 10, customerNumbers: numbers }),
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toContainEqual({ path: 'holdoutPct', message: 'holdoutLocked' });
    const kept = await admin$(
      'PUT',
      `/campaigns/${k.id}`,
      terms({ holdoutPct: 50, customerNumbers: numbers }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().holdoutSeed).toBe(k.holdoutSeed);
  });
});

/**
 * Generated customers over 3 past days of a campaign: each group's base spends alternate below and
 * above 100 a day (each group's base mean exactly 100, whatever its size); treated customers spend
 * `effect` more each over the 3 days. Answers the campaign, its groups' per-customer totals and
 * the performance report.
 */
async function planted(prefix: string, effect: number) {
  const numbers = Array.from({ length: 240 }, (_, i) => `${prefix}${i + 1}`);
  await t.app.db.execute(sql`insert into customers (customer_number, full_name)
    select n, 'Generated ' || n from jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb) n`);
  const k = await live({ holdoutPct: 25, customerNumbers: numbers, startsAt: iso(today - 3 * DAY) });
  const held = await split(numbers, k.holdoutSeed, 25);
  const totals = { treated: [] as number[], holdout: [] as number[] };
  const items: EarningItem[] = [];
  for (const group of ['treated', 'holdout'] as const) {
    const members = numbers.filter((n) => held.get(n) === (group === 'holdout'));
    members.forEach((n, i) => {
      const swing = i === members.length - 1 && members.length % 2 ? 0 : i % 2 ? 20 : -20;
      let total = 0;
      for (let d = 3; d >= 1; d--) {
        const amount = 100 + swing + (group === 'treated' ? effect / 3 : 0);
        total += amount;
        items.push({
          customerNumber: n,
          externalId: `${n}-${d}`,
          typeId: spendTypeId,
          amount,
          occurredAt: iso(today - d * DAY + 12 * HOUR),
          expiresAt: null,
          campaignId: null,
          actorId: null,
          channel: null,
          apiKeyId: null,
        });
      }
      totals[group].push(total);
    });
  }
  await t.app.db.transaction(async (tx) => {
    const config = await currentConfiguration(tx, await programme(tx));
    const rows = await postEarningBatch(tx, items, config);
    expect(rows.every((r) => r.outcome === 'POSTED')).toBe(true);
  });
  const res = await admin$(
    'GET',
    `/campaigns/performance?from=${dayOf(today - 3 * DAY)}&to=${dayOf(today)}&campaignId=${k.id}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  const [result] = res.json().holdout;
  return { k, totals, result };
}

const moments = (xs: number[]) => {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return { n: xs.length, mean, variance: xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1) };
};

describe('treated against holdout on the performance report', () => {
  it('finds a planted effect inside its 95 % Welch interval, and distinguishable', async () => {
    const effect = 45;
    const { k, totals, result } = await planted('FX', effect);
    const a = moments(totals.treated);
    const b = moments(totals.holdout);
    // The reference, computed the slow way from the generated spends.
    const se = Math.sqrt(a.variance / a.n + b.variance / b.n);
    const df =
      (a.variance / a.n + b.variance / b.n) ** 2 /
      ((a.variance / a.n) ** 2 / (a.n - 1) + (b.variance / b.n) ** 2 / (b.n - 1));
    const half = quantile(0.975, df) * se;
    expect(result).toMatchObject({
      campaignId: k.id,
      holdoutPct: 25,
      from: dayOf(today - 3 * DAY),
      distinguishable: true,
      treated: { customers: a.n, activeCustomers: a.n, activeRate: 1, transactions: 3 * a.n },
      holdout: { customers: b.n, activeCustomers: b.n, transactions: 3 * b.n, pointsPerCustomer: 30 },
      bonusPoints: 3 * 5 * a.n,
    });
    expect(result.difference).toBeCloseTo(effect, 1);
    expect(result.low).toBeCloseTo(a.mean - b.mean - half, 1);
    expect(result.high).toBeCloseTo(a.mean - b.mean + half, 1);
    expect(result.low).toBeLessThan(effect);
    expect(result.high).toBeGreaterThan(effect);
    expect(result.low).toBeGreaterThan(0);
    expect(result.incrementalSpendPerPoint).toBeCloseTo((effect * a.n) / (15 * a.n), 2);
    expect(result.treated.spend).toBeCloseTo(
      totals.treated.reduce((s, x) => s + x, 0),
      1,
    );
    // The chart: both groups' spend per customer on each of the campaign's days.
    expect(result.daily).toHaveLength(4);
    expect(result.daily[0].treated).toBeCloseTo(100 + effect / 3, 0);
    expect(result.daily[0].holdout).toBeCloseTo(100, 0);
    expect(result.daily[3]).toMatchObject({ day: dayOf(today), treated: 0, holdout: 0 });
  });

  it('reports a campaign without effect as not distinguishable from zero', async () => {
    const { result } = await planted('FN', 0);
    expect(result.difference).toBe(0);
    expect(result.low).toBeLessThan(0);
    expect(result.high).toBeGreaterThan(0);
    expect(result.distinguishable).toBe(false);
    expect(result.incrementalSpendPerPoint).toBe(0);
  });
});
