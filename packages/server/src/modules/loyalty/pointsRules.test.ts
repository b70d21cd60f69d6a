import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { programmeFixtures } from './testing.ts';

let t: TestApp;
let admin: { authorization: string };
let fx: ReturnType<typeof programmeFixtures>;
let spendId: number;
let goldId: number;

const rule = (fields: object = {}) => ({
  transactionTypeId: spendId,
  tierId: null,
  amount: 100,
  condition: 'GTE',
  pointsPerTransaction: 10,
  minPoints: 0,
  maxPoints: 100,
  validFrom: '2026-01-01',
  validUntil: '2026-12-31',
  priority: 5,
  ...fields,
});
const createRule = (body: object, as = admin) =>
  t.inject({ method: 'POST', url: '/api/admin/points-rules', payload: body, as });

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 999);
  goldId = (await fx.tier('Gold', 1000, 99_999)).id;
  spendId = (await fx.type('SPEND')).id;
});

describe('/api/admin/transaction-types', () => {
  it('creates with an upper-case unique code, and lists, filters, updates and deletes', async () => {
    const created = await fx.post('/api/admin/transaction-types', {
      name: 'Bill payment',
      description: 'Utility bills paid online',
      type: 'EARN',
      code: 'bill_pay',
    });
    expect(created).toMatchObject({ code: 'BILL_PAY', type: 'EARN' });
    const dup = await t.inject({
      method: 'POST',
      url: '/api/admin/transaction-types',
      payload: { name: 'Other', description: 'x', type: 'EARN', code: 'Bill_Pay' },
      as: admin,
    });
    expect(dup.statusCode).toBe(409);

    const list = await t.inject({
      method: 'GET',
      url: '/api/admin/transaction-types?q=bill&type=EARN',
      as: admin,
    });
    expect(list.json().items.map((i: { code: string }) => i.code)).toEqual(['BILL_PAY']);

    const put = await t.inject({
      method: 'PUT',
      url: `/api/admin/transaction-types/${created.id}`,
      payload: { name: 'Bills', description: 'Utility bills', type: 'ADJUST', code: 'BILL_PAY' },
      as: admin,
    });
    expect(put.json()).toMatchObject({ name: 'Bills', type: 'ADJUST' });
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/admin/transaction-types/${created.id}`, as: admin }))
        .statusCode,
    ).toBe(204);
  });

  it('answers the spec message for missing fields and a code format message', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/admin/transaction-types',
      payload: { name: '', type: 'NOPE', code: 'bad code!' },
      as: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'fillAllFields' },
        { path: 'description', message: 'fillAllFields' },
        { path: 'type', message: 'fillAllFields' },
        { path: 'code', message: 'transactionCodeFormat' },
      ]),
    );
  });

  it('refuses to delete a type that rules use, or to make it non-earning', async () => {
    const type = await fx.type('USED');
    await fx.rule({ transactionTypeId: type.id });
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/admin/transaction-types/${type.id}`,
      as: admin,
    });
    expect(del.statusCode).toBe(409);
    const put = await t.inject({
      method: 'PUT',
      url: `/api/admin/transaction-types/${type.id}`,
      payload: { name: 'x', description: 'y', type: 'REDEEM', code: 'USED' },
      as: admin,
    });
    expect(put.statusCode).toBe(409);
  });

  it('needs the permissions', async () => {
    const reader = await t.userWith(['transactionType.read']);
    expect(
      (await t.inject({ method: 'GET', url: '/api/admin/transaction-types', as: reader })).statusCode,
    ).toBe(200);
    const res = await t.inject({
      method: 'POST',
      url: '/api/admin/transaction-types',
      payload: { name: 'a', description: 'b', type: 'EARN', code: 'ZZ' },
      as: reader,
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await t.inject({ method: 'GET', url: '/api/admin/transaction-types', as: await t.userWith([]) }))
        .statusCode,
    ).toBe(403);
  });
});

describe('/api/admin/points-rules', () => {
  it('creates a rule and answers it with its type and tier names', async () => {
    const res = await createRule(rule({ tierId: goldId }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      transactionTypeCode: 'SPEND',
      tierName: 'Gold',
      amount: 100,
      condition: 'GTE',
    });
  });

  it('answers the spec messages: all fields required, valid numbers, min above max', async () => {
    const missing = await createRule({});
    expect(missing.statusCode).toBe(400);
    const messages = new Set(missing.json().errors.map((e: { message: string }) => e.message));
    expect([...messages]).toEqual(['ruleFieldsRequired']);

    const notNumbers = await createRule(rule({ pointsPerTransaction: 'ten', minPoints: 1.5, maxPoints: -1 }));
    expect(notNumbers.json().errors).toEqual([
      { path: 'pointsPerTransaction', message: 'rulePointsNumbers' },
      { path: 'minPoints', message: 'rulePointsNumbers' },
      { path: 'maxPoints', message: 'rulePointsNumbers' },
    ]);

    const minAbove = await createRule(rule({ minPoints: 50, maxPoints: 10 }));
    expect(minAbove.json().errors).toEqual([{ path: 'minPoints', message: 'ruleMinAboveMax' }]);

    const dates = await createRule(rule({ validFrom: '2026-05-01', validUntil: '2026-04-01' }));
    expect(dates.json().errors).toEqual([{ path: 'validUntil', message: 'validUntilBeforeValidFrom' }]);
  });

  it('applies only to earning types', async () => {
    const adjust = await fx.type('MANUAL', 'ADJUST');
    const res = await createRule(rule({ transactionTypeId: adjust.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'transactionTypeId', message: 'earnTypeOnly' }]);
  });

  it('updates with before and after, filters, and deletes', async () => {
    const created = (await createRule(rule({ priority: 9 }))).json();
    const put = await t.inject({
      method: 'PUT',
      url: `/api/admin/points-rules/${created.id}`,
      payload: rule({ priority: 8, status: 'INACTIVE' }),
      as: admin,
    });
    expect(put.json()).toMatchObject({ priority: 8, status: 'INACTIVE', tierName: null });
    const inactive = await t.inject({
      method: 'GET',
      url: '/api/admin/points-rules?status=INACTIVE',
      as: admin,
    });
    expect(inactive.json().items.map((r: { id: number }) => r.id)).toContain(created.id);
    const found = await t.inject({ method: 'GET', url: '/api/admin/points-rules?q=spe', as: admin });
    expect(found.json().total).toBeGreaterThan(0);
    expect(
      found.json().items.every((r: { transactionTypeCode: string }) => r.transactionTypeCode === 'SPEND'),
    ).toBe(true);
    const gold = await t.inject({ method: 'GET', url: '/api/admin/points-rules?q=gOLd', as: admin });
    expect(gold.json().items.map((r: { tierName: string }) => r.tierName)).toEqual(['Gold']);
    const none = await t.inject({ method: 'GET', url: '/api/admin/points-rules?q=zzz', as: admin });
    expect(none.json()).toMatchObject({ items: [], total: 0 });
    const sorted = await t.inject({
      method: 'GET',
      url: '/api/admin/points-rules?sort=priority:asc',
      as: admin,
    });
    const priorities = sorted.json().items.map((r: { priority: number }) => r.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/admin/points-rules/${created.id}`, as: admin }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.inject({ method: 'GET', url: `/api/admin/points-rules/${created.id}`, as: admin })).statusCode,
    ).toBe(404);
  });

  it('simulates: shows which rule fires for a tier and amount, and why the others do not', async () => {
    const type = await fx.type('SIM');
    const general = (
      await createRule(rule({ transactionTypeId: type.id, priority: 2, pointsPerTransaction: 5 }))
    ).json();
    const gold = (
      await createRule(
        rule({ transactionTypeId: type.id, priority: 2, tierId: goldId, pointsPerTransaction: 20 }),
      )
    ).json();
    const big = (
      await createRule(
        rule({ transactionTypeId: type.id, priority: 1, amount: 5000, pointsPerTransaction: 99 }),
      )
    ).json();
    const sim = (tierId: number | null, amount: number) =>
      t.inject({
        method: 'POST',
        url: '/api/admin/points-rules/simulate',
        payload: { transactionTypeId: type.id, tierId, amount, occurredAt: '2026-03-01T12:00:00Z' },
        as: admin,
      });
    const forGold = (await sim(goldId, 150)).json();
    expect(forGold).toMatchObject({ ruleId: gold.id, points: 20, tierName: 'Gold' });
    expect(
      forGold.evaluations.map((e: { ruleId: number; verdict: string }) => [e.ruleId, e.verdict]),
    ).toEqual([
      [big.id, 'CONDITION_NOT_MET'],
      [gold.id, 'FIRED'],
      [general.id, 'OUTRANKED'],
    ]);
    expect((await sim(null, 150)).json()).toMatchObject({ ruleId: general.id, points: 5 });
    expect((await sim(null, 6000)).json()).toMatchObject({ ruleId: big.id, points: 99 });
    const late = await t.inject({
      method: 'POST',
      url: '/api/admin/points-rules/simulate',
      payload: { transactionTypeId: type.id, amount: 150, occurredAt: '2027-03-01T12:00:00Z' },
      as: admin,
    });
    expect(late.json()).toMatchObject({ ruleId: null, points: 0 });
    expect(late.json().evaluations.every((e: { verdict: string }) => e.verdict === 'EXPIRED')).toBe(true);
  });

  it('needs pointsRule permissions', async () => {
    const reader = await t.userWith(['pointsRule.read']);
    expect((await createRule(rule(), reader)).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/admin/points-rules', as: reader })).statusCode).toBe(
      200,
    );
  });
});

describe('/api/admin/loyalty-settings', () => {
  it('reads and changes the engine settings', async () => {
    const got = await t.inject({ method: 'GET', url: '/api/admin/loyalty-settings', as: admin });
    expect(got.json()).toMatchObject({
      expiryMonths: 24,
      tierBasis: 'LIFETIME',
      downgradePolicy: 'IMMEDIATE',
    });
    const put = await t.inject({
      method: 'PUT',
      url: '/api/admin/loyalty-settings',
      payload: { expiryMonths: 12, tierBasis: 'ROLLING', tierWindowMonths: 6, downgradePolicy: 'PERIOD_END' },
      as: admin,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ expiryMonths: 12, tierBasis: 'ROLLING' });
    const bad = await t.inject({
      method: 'PUT',
      url: '/api/admin/loyalty-settings',
      payload: { expiryMonths: -1, tierBasis: 'X', tierWindowMonths: 0, downgradePolicy: 'IMMEDIATE' },
      as: admin,
    });
    expect(bad.statusCode).toBe(400);
  });
});
