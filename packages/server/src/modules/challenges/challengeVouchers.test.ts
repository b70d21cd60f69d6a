import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { redemptions, voucherCodes, vouchers } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { storeFixture, voucherFactory } from '../rewards/testing.ts';

// A catalogue voucher as a challenge step's reward (issue 53; docs/decisions/challenges.md): issued
// as a redemption of no points, counted against the budget by its value in points, an exhausted
// pool leaving the step reached unpaid with the reason, cancelled or kept on reversal.

let t: TestApp;
let admin: { authorization: string };
let api: ReturnType<typeof channel>;
let spendTypeId: number;
let voucherWith: (extra?: object) => Promise<number>;
let seq = 0;
let customerSeq = 0;
const DAY = 86_400_000;

const admin$ = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.inject({ method, url: `/api/admin${url}`, as: admin, ...(payload ? { payload } : {}) });

const earn = (customerNumber: string) =>
  api('POST', '/transactions', {
    externalId: `CV-${++seq}`,
    customerNumber,
    transactionTypeCode: 'CARD_SPEND',
    amount: 10,
  });

async function customer() {
  const number = `CV${++customerSeq}`;
  const res = await api('PUT', `/customers/${number}`, { fullName: `Voucher challenger ${customerSeq}` });
  expect(res.statusCode, res.body).toBe(201);
  return number;
}

const terms = (steps: object[], over: Record<string, unknown> = {}) => ({
  nameEn: `Voucher challenge ${Math.random().toString(36).slice(2, 8)}`,
  nameAr: 'تحدي القسيمة',
  startsAt: new Date(Date.now() - DAY).toISOString(),
  endsAt: new Date(Date.now() + DAY).toISOString(),
  goalKind: 'COUNT',
  transactionTypeIds: [spendTypeId],
  steps,
  budget: 10_000,
  ...over,
});

async function live(steps: object[], over: Record<string, unknown> = {}) {
  await t.app.db.execute(sql`update challenges set status = 'ENDED' where status = 'ACTIVE'`);
  const created = await admin$('POST', '/challenges', terms(steps, over));
  expect(created.statusCode, created.body).toBe(201);
  const activated = await admin$('POST', `/challenges/${created.json().id}/activate`);
  expect(activated.statusCode, activated.body).toBe(200);
  return activated.json() as { id: number; steps: { points: number; voucherName?: string }[] };
}

interface Mine {
  id: number;
  steps: object[];
  stepsReached: number;
  pointsPaid: number;
  unpaidSteps: { step: number; reason: string }[];
  vouchers: { step: number; voucherId: number; code: string }[];
}
const mine = async (number: string, id: number) =>
  ((await api('GET', `/customers/${number}/challenges`)).json().items as Mine[]).find((c) => c.id === id);
const spentOf = async (id: number) => (await admin$('GET', `/challenges/${id}`)).json().spent as number;
const stock = async (id: number) =>
  (
    await t.app.db
      .select({ issued: vouchers.issued, amount: vouchers.amount })
      .from(vouchers)
      .where(eq(vouchers.id, id))
  )[0];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  spendTypeId = (await fx.type('CARD_SPEND')).id;
  await fx.rule({ transactionTypeId: spendTypeId, amount: 10, pointsPerTransaction: 1 });
  api = channel(t, await fx.apiKey());
  const { imageId, storeId } = await storeFixture(t, admin, 'Cafe');
  voucherWith = voucherFactory(t, admin, {
    name: 'Coffee',
    description: 'A coffee',
    imageId,
    storeId,
    amount: 10,
    pointsRequired: 100,
    money: 5,
  });
});

describe('a voucher as a challenge step’s reward', () => {
  it('refuses an unknown voucher and a budget below the steps’ value; keeps the voucher’s value and names', async () => {
    const voucherId = await voucherWith();
    const unknown = await admin$(
      'POST',
      '/challenges',
      terms([{ target: 1, points: 0, voucherId: 999_999 }]),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ path: 'steps.0.voucherId', message: 'unknownVoucher' }]);
    const short = await admin$(
      'POST',
      '/challenges',
      terms(
        [
          { target: 1, points: 50 },
          { target: 2, points: 0, voucherId },
        ],
        { budget: 120 },
      ),
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([{ path: 'budget', message: 'budgetBelowReward' }]);
    const k = await live([
      { target: 1, points: 50 },
      { target: 2, points: 0, voucherId },
    ]);
    expect(k.steps[1]).toMatchObject({ points: 100, voucherId, voucherName: 'Coffee 1' });
  });

  it('issues the voucher at no points cost, within the budget; REVERSE cancels it', async () => {
    const voucherId = await voucherWith();
    const k = await live([
      { target: 1, points: 50 },
      { target: 2, points: 0, voucherId },
    ]);
    const n = await customer();
    await earn(n);
    expect((await earn(n)).statusCode).toBe(201);
    const got = await mine(n, k.id);
    expect(got).toMatchObject({ stepsReached: 2, pointsPaid: 50, unpaidSteps: [] });
    expect(got?.vouchers).toEqual([
      { step: 2, voucherId, code: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/) },
    ]);
    expect(await spentOf(k.id)).toBe(150);
    expect((await api('GET', `/customers/${n}/balance`)).json().balance).toBe(52);
    const [issued] = await t.app.db.select().from(redemptions).where(eq(redemptions.voucherId, voucherId));
    expect(issued).toMatchObject({
      pointsSpent: 0,
      channel: 'CHALLENGE',
      status: 'ISSUED',
      ledgerEntryId: null,
    });
    expect(await stock(voucherId)).toEqual({ issued: 1, amount: 10 });
    // The second earning reversed: the voucher goes back (the challenge says REVERSE).
    const reversed = await api('POST', `/transactions/CV-${seq}/reversal`);
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(await mine(n, k.id)).toMatchObject({ stepsReached: 1, pointsPaid: 50, vouchers: [] });
    expect(await spentOf(k.id)).toBe(50);
    expect(await stock(voucherId)).toEqual({ issued: 0, amount: 10 });
    const [cancelled] = await t.app.db.select().from(redemptions).where(eq(redemptions.voucherId, voucherId));
    expect(cancelled?.status).toBe('CANCELLED');
    // Reached again: a new voucher.
    await earn(n);
    expect((await mine(n, k.id))?.vouchers).toHaveLength(1);
    expect(await spentOf(k.id)).toBe(150);
  });

  it('an exhausted pool leaves the step reached unpaid with the reason; KEEP keeps the code on reversal', async () => {
    const voucherId = await voucherWith({ codeSource: 'SUPPLIED', amount: 0 });
    await t.app.db.insert(voucherCodes).values({ voucherId, code: `CV-POOL-${Date.now()}` });
    await t.app.db.update(vouchers).set({ amount: 1 }).where(eq(vouchers.id, voucherId));
    const k = await live([{ target: 1, points: 0, voucherId }], { onReversal: 'KEEP' });
    const a = await customer();
    const b = await customer();
    await earn(a);
    const aId = `CV-${seq}`;
    await earn(b);
    expect((await mine(a, k.id))?.vouchers).toEqual([
      { step: 1, voucherId, code: expect.stringMatching(/^CV-POOL-/) },
    ]);
    expect(await mine(b, k.id)).toMatchObject({
      stepsReached: 1,
      vouchers: [],
      unpaidSteps: [{ step: 1, reason: 'VOUCHER_CODES_EXHAUSTED' }],
    });
    expect(await spentOf(k.id)).toBe(100);
    const reversed = await api('POST', `/transactions/${aId}/reversal`);
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(await mine(a, k.id)).toMatchObject({ stepsReached: 0, vouchers: [{ step: 1, voucherId }] });
    expect(await spentOf(k.id)).toBe(100);
  });

  it('answers steps saved without a voucher (before voucher rewards, or by the demo seed) as points', async () => {
    const k = await live([{ target: 1, points: 10 }]);
    await t.app.db.execute(
      sql`update challenges set steps = '[{"target": 1, "points": 10}]' where id = ${k.id}`,
    );
    const n = await customer();
    await earn(n);
    const read = await admin$('GET', `/challenges/${k.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().steps).toEqual([{ target: 1, points: 10, voucherId: null }]);
    expect((await mine(n, k.id))?.steps).toEqual([{ target: 1, points: 10, voucherId: null }]);
    const staff = await admin$('GET', `/customer-challenges?customerNumber=${n}`);
    expect(staff.statusCode, staff.body).toBe(200);
  });

  it('REVERSE voids a partner’s code (never issued again)', async () => {
    const voucherId = await voucherWith({ codeSource: 'SUPPLIED', amount: 0 });
    await t.app.db.insert(voucherCodes).values([
      { voucherId, code: `CV-A-${Date.now()}` },
      { voucherId, code: `CV-B-${Date.now()}` },
    ]);
    await t.app.db.update(vouchers).set({ amount: 2 }).where(eq(vouchers.id, voucherId));
    const k = await live([{ target: 1, points: 0, voucherId }]);
    const n = await customer();
    await earn(n);
    const reversed = await api('POST', `/transactions/CV-${seq}/reversal`);
    expect(reversed.statusCode, reversed.body).toBe(201);
    const codes = await t.app.db
      .select({ status: voucherCodes.status })
      .from(voucherCodes)
      .where(eq(voucherCodes.voucherId, voucherId))
      .orderBy(voucherCodes.id);
    expect(codes.map((c) => c.status)).toEqual(['VOID', 'AVAILABLE']);
    expect(await stock(voucherId)).toEqual({ issued: 0, amount: 1 });
    expect(await spentOf(k.id)).toBe(0);
  });
});
