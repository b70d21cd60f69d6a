import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { uploadImage } from '../rewards/testing.ts';

let t: TestApp;
let admin: { authorization: string };
let api: ReturnType<typeof channel>;
let spendId: number;
let billId: number;
let voucherId: number;

const url = '/api/admin/business-banking-settings';
const neutral = { earns: true, multiplier: 1, monthlyCap: null, countingTypeIds: [], mayRedeem: true };
const configure = async (body: object) => {
  const res = await t.inject({ method: 'PUT', url, as: admin, payload: { ...neutral, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
let n = 0;
const earn = async (customerNumber: string, amount: number, type = 'SPEND') => {
  const res = await api('POST', '/transactions', {
    externalId: `BB-${++n}`,
    customerNumber,
    transactionTypeCode: type,
    amount,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().pointsAwarded as number;
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 10_000_000);
  spendId = (await fx.type('SPEND')).id;
  billId = (await fx.type('BILL')).id;
  await fx.rule({ transactionTypeId: spendId, amount: 1, pointsPerTransaction: 1 });
  await fx.rule({ transactionTypeId: billId, amount: 1, pointsPerTransaction: 1 });
  api = channel(t, await fx.apiKey());
  await api('PUT', '/customers/BIZ', { fullName: 'Al-Faisal Trading', segment: 'BUSINESS' });
  await api('PUT', '/customers/RET', { fullName: 'Huda Al-Otaibi', segment: 'RETAIL' });
  const imageId = await uploadImage(t, admin);
  const category = await fx.post('/api/admin/reward-categories', {
    name: 'Gifts',
    description: 'x',
    imageId,
  });
  const store = await fx.post('/api/admin/stores', { name: 'Shop', imageId, categoryId: category.id });
  voucherId = (
    await fx.post('/api/admin/vouchers', {
      name: 'Coffee',
      description: 'A coffee',
      imageId,
      storeId: store.id,
      amount: 100,
      pointsRequired: 10,
      money: 15,
    })
  ).id;
});

describe('business banking settings change what business customers earn', () => {
  it('starts neutral: business customers earn as everyone', async () => {
    expect((await t.inject({ method: 'GET', url, as: admin })).json()).toMatchObject(neutral);
    expect(await earn('BIZ', 100)).toBe(100);
  });

  it('applies the multiplier to business customers only', async () => {
    await configure({ multiplier: 1.5 });
    expect(await earn('BIZ', 101)).toBe(151);
    expect(await earn('RET', 101)).toBe(101);
  });

  it('counts only the listed transaction types, and earns nothing when switched off', async () => {
    await configure({ countingTypeIds: [billId] });
    expect(await earn('BIZ', 50)).toBe(0);
    expect(await earn('BIZ', 50, 'BILL')).toBe(50);
    await configure({ earns: false });
    expect(await earn('BIZ', 50, 'BILL')).toBe(0);
    expect(await earn('RET', 50)).toBe(50);
  });

  it('stops points at the monthly cap', async () => {
    // This month so far: 100 + 151 + 0 + 50 + 0 = 301 points.
    await configure({ monthlyCap: 400 });
    expect(await earn('BIZ', 80)).toBe(80);
    expect(await earn('BIZ', 80)).toBe(19);
    expect(await earn('BIZ', 80)).toBe(0);
    const balance = (await api('GET', '/customers/BIZ/balance')).json().balance;
    expect(balance).toBe(400);
    expect(await earn('RET', 500)).toBe(500);
  });

  it('explains it in the points rules simulation, with the same figures as the engine', async () => {
    await configure({ multiplier: 2, monthlyCap: 420 });
    const sim = await t.inject({
      method: 'POST',
      url: '/api/admin/points-rules/simulate',
      as: admin,
      payload: { transactionTypeId: spendId, amount: 30, customerNumber: 'BIZ' },
    });
    expect(sim.statusCode, sim.body).toBe(200);
    expect(sim.json()).toMatchObject({
      points: 30,
      businessBanking: { basePoints: 30, multiplier: 2, monthlyCap: 420, earnedThisMonth: 400, points: 20 },
    });
    expect(await earn('BIZ', 30)).toBe(20);
    const retail = await t.inject({
      method: 'POST',
      url: '/api/admin/points-rules/simulate',
      as: admin,
      payload: { transactionTypeId: spendId, amount: 30, customerNumber: 'RET' },
    });
    expect(retail.json().businessBanking).toBeNull();
  });

  it('refuses a business customer’s redemption when they may not redeem', async () => {
    await configure({ mayRedeem: false });
    const r = await api('POST', '/redemptions', { externalId: 'BB-R1', customerNumber: 'BIZ', voucherId });
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('NOT_ELIGIBLE');
    expect(
      (await api('POST', '/redemptions', { externalId: 'BB-R2', customerNumber: 'RET', voucherId }))
        .statusCode,
    ).toBe(201);
    await configure({});
    expect(
      (await api('POST', '/redemptions', { externalId: 'BB-R3', customerNumber: 'BIZ', voucherId }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses bad input, saves nothing, and audits the change', async () => {
    const before = (await t.inject({ method: 'GET', url, as: admin })).json();
    for (const body of [
      { multiplier: 0 },
      { multiplier: 1.234 },
      { monthlyCap: 0 },
      { countingTypeIds: ['x'] },
    ]) {
      const res = await t.inject({ method: 'PUT', url, as: admin, payload: { ...neutral, ...body } });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await t.inject({ method: 'GET', url, as: admin })).json()).toEqual(before);
    const audit = (
      await t.inject({ method: 'GET', url: '/api/admin/admin-logs?targetType=businessBanking', as: admin })
    ).json();
    expect(audit.items[0]).toMatchObject({ command: 'businessBanking.update', outcome: 'SUCCESS' });
    const reader = await t.userWith(['businessBanking.read']);
    expect((await t.inject({ method: 'PUT', url, as: reader, payload: neutral })).statusCode).toBe(403);
  });
});
