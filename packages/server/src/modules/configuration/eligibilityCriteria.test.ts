import type { EligibilityCheck, EligibilityCriterion } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { uploadImage } from '../rewards/testing.ts';

let t: TestApp;
let admin: { authorization: string };
let api: ReturnType<typeof channel>;
let voucherId: number;

const url = '/api/admin/eligibility-criteria';
const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  t.inject({ method, url: `${url}${path}`, as: admin, ...(payload ? { payload } : {}) });
const criterion = async (body: Partial<EligibilityCriterion>) => {
  const res = await send('POST', '', { nameEn: 'Criterion', nameAr: 'معيار', status: 'ACTIVE', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as EligibilityCriterion;
};
let n = 0;
const earn = (customerNumber: string) =>
  api('POST', '/transactions', {
    externalId: `E-${++n}`,
    customerNumber,
    transactionTypeCode: 'SPEND',
    amount: 200,
  });
const check = async (customerNumber: string) =>
  (
    await t.inject({ method: 'GET', url: `${url}/check?customerNumber=${customerNumber}`, as: admin })
  ).json() as EligibilityCheck;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 10_000_000);
  const spend = await fx.type('SPEND');
  await fx.rule({ transactionTypeId: spend.id, amount: 1, pointsPerTransaction: 1 });
  api = channel(t, await fx.apiKey());
  await api('PUT', '/customers/SA1', {
    fullName: 'Noura Al-Qahtani',
    nationality: 'sa',
    residency: 'CITIZEN',
    dateOfBirth: '1990-04-12',
    kycLevel: 3,
    products: ['CURRENT_ACCOUNT', 'CREDIT_CARD'],
  });
  await api('PUT', '/customers/YOUNG', {
    fullName: 'Young Customer',
    nationality: 'EG',
    residency: 'RESIDENT',
    dateOfBirth: new Date(Date.now() - 16 * 365.25 * 86_400_000).toISOString().slice(0, 10),
    kycLevel: 1,
    products: ['DEBIT_CARD'],
  });
  await api('PUT', '/customers/UNKNOWN', { fullName: 'No Profile' });
  for (const c of ['SA1', 'YOUNG', 'UNKNOWN']) expect((await earn(c)).statusCode).toBe(201);
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
      pointsRequired: 100,
      money: 15,
    })
  ).id;
});

describe('the integration upsert carries the customer facts criteria decide with', () => {
  it('stores nationality (upper-case), residency, date of birth, KYC level and products', async () => {
    const res = await api('PUT', '/customers/SA1', { fullName: 'Noura Al-Qahtani' });
    expect(res.json()).toMatchObject({
      nationality: 'SA',
      residency: 'CITIZEN',
      dateOfBirth: '1990-04-12',
      kycLevel: 3,
      products: ['CURRENT_ACCOUNT', 'CREDIT_CARD'],
    });
    const bad = await api('PUT', '/customers/BAD', { fullName: 'x', nationality: 'Saudi', kycLevel: 9 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['kycLevel', 'nationality']);
  });
});

describe('an earn criterion', () => {
  it('refuses an ineligible customer’s earning with NOT_ELIGIBLE naming the criterion; others earn', async () => {
    const adults = await criterion({
      nameEn: 'Adults only',
      scope: 'EARN',
      field: 'age',
      operator: 'gte',
      value: 18,
    });
    const refused = await earn('YOUNG');
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refused.json().code).toBe('NOT_ELIGIBLE');
    expect(refused.json().detail).toContain('Adults only');
    expect((await earn('SA1')).statusCode).toBe(201);
    // Unknown data fails: no date of birth on record.
    expect((await earn('UNKNOWN')).json().code).toBe('NOT_ELIGIBLE');

    // Disabled: not checked any more.
    await send('PUT', `/${adults.id}`, { ...adults, status: 'DISABLED' });
    expect((await earn('YOUNG')).statusCode).toBe(201);
    await send('DELETE', `/${adults.id}`);
  });

  it('checks by priority and names the first failing criterion; lists and products work', async () => {
    const kyc = await criterion({
      nameEn: 'KYC standard',
      scope: 'EARN',
      field: 'kycLevel',
      operator: 'gte',
      value: 2,
      priority: 20,
    });
    const gcc = await criterion({
      nameEn: 'GCC nationals',
      scope: 'EARN',
      field: 'nationality',
      operator: 'in',
      value: ['sa', 'AE', 'KW'],
      priority: 10,
    });
    expect(gcc.value).toEqual(['SA', 'AE', 'KW']);
    expect((await earn('YOUNG')).json().detail).toContain('GCC nationals');
    expect((await earn('SA1')).statusCode).toBe(201);
    const card = await criterion({
      nameEn: 'Card holders',
      scope: 'EARN',
      field: 'product',
      operator: 'in',
      value: ['CREDIT_CARD'],
      priority: 30,
    });
    expect((await earn('SA1')).statusCode).toBe(201);
    for (const k of [kyc, gcc, card]) await send('DELETE', `/${k.id}`);
  });
});

describe('a redeem criterion and an enrol criterion', () => {
  it('refuses a redemption and an enrolment; nothing is kept', async () => {
    const first = await api('POST', '/redemptions', {
      externalId: 'ER-0',
      customerNumber: 'UNKNOWN',
      voucherId,
    });
    expect(first.statusCode).toBe(201);
    const redeem = await criterion({
      nameEn: 'Residents',
      scope: 'REDEEM',
      field: 'residency',
      operator: 'notIn',
      value: ['NON_RESIDENT'],
    });
    // A repeat of a redemption made before the criterion answers it, as any repeat does.
    const repeat = await api('POST', '/redemptions', {
      externalId: 'ER-0',
      customerNumber: 'UNKNOWN',
      voucherId,
    });
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json().redemptionId).toBe(first.json().redemptionId);
    const r = await api('POST', '/redemptions', { externalId: 'ER-1', customerNumber: 'UNKNOWN', voucherId });
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('NOT_ELIGIBLE');
    expect(
      (await api('POST', '/redemptions', { externalId: 'ER-2', customerNumber: 'SA1', voucherId }))
        .statusCode,
    ).toBe(201);

    const enrol = await criterion({
      nameEn: 'Retail only',
      scope: 'ENROL',
      field: 'segment',
      operator: 'in',
      value: ['RETAIL'],
    });
    const refused = await api('PUT', '/customers/BIZ1', { fullName: 'Trading Co.', segment: 'BUSINESS' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('Retail only');
    expect((await api('GET', '/customers/BIZ1/balance')).statusCode).toBe(404);
    // An existing customer's update is not an enrolment.
    expect((await api('PUT', '/customers/SA1', { fullName: 'Noura Al-Qahtani' })).statusCode).toBe(200);
    await send('DELETE', `/${redeem.id}`);
    await send('DELETE', `/${enrol.id}`);
  });
});

describe('GET /api/admin/eligibility-criteria/check', () => {
  it('explains which criteria a customer passes, with the facts', async () => {
    const adults = await criterion({
      nameEn: 'Adults',
      scope: 'EARN',
      field: 'age',
      operator: 'gte',
      value: 18,
    });
    const days = await criterion({
      nameEn: 'Member a week',
      scope: 'REDEEM',
      field: 'daysSinceJoining',
      operator: 'gte',
      value: 7,
    });
    const young = await check('YOUNG');
    expect(young.facts).toMatchObject({
      nationality: 'EG',
      residency: 'RESIDENT',
      kycLevel: 1,
      daysSinceJoining: 0,
    });
    expect([15, 16]).toContain(young.facts.age); // about sixteen years ago
    expect(young.results.map((r) => [r.nameEn, r.passes])).toEqual([
      ['Adults', false],
      ['Member a week', false],
    ]);
    expect(young.eligible).toEqual({ ENROL: true, EARN: false, REDEEM: false });
    expect((await check('SA1')).eligible.EARN).toBe(true);
    const missing = await t.inject({ method: 'GET', url: `${url}/check?customerNumber=NOPE`, as: admin });
    expect(missing.statusCode).toBe(404);
    await send('DELETE', `/${adults.id}`);
    await send('DELETE', `/${days.id}`);
  });
});

describe('the evaluator (loyalty_criterion_passes, loyalty_criteria_failure)', () => {
  // Every field and operator, on the three customers of the fixtures; unknown facts fail.
  const cases: [
    field: string,
    operator: string,
    value: number | string[],
    SA1: boolean,
    YOUNG: boolean,
    UNKNOWN: boolean,
  ][] = [
    ['age', 'gte', 18, true, false, false],
    ['age', 'lte', 18, false, true, false],
    ['kycLevel', 'eq', 3, true, false, false],
    ['kycLevel', 'neq', 3, false, true, false],
    ['daysSinceJoining', 'gte', 0, true, true, true],
    ['daysSinceJoining', 'gte', 1, false, false, false],
    ['nationality', 'in', ['SA', 'AE'], true, false, false],
    ['nationality', 'notIn', ['SA', 'AE'], false, true, false],
    ['residency', 'in', ['RESIDENT'], false, true, false],
    ['segment', 'in', ['RETAIL'], true, true, true],
    ['segment', 'notIn', ['RETAIL'], false, false, false],
    ['status', 'in', ['ACTIVE', 'BLOCKED'], true, true, true],
    ['product', 'in', ['CREDIT_CARD', 'MORTGAGE'], true, false, false],
    ['product', 'notIn', ['CREDIT_CARD', 'MORTGAGE'], false, true, true],
    ['product', 'in', ['DEBIT_CARD'], false, true, false],
  ];
  const passes = async (customerNumber: string, criterion: object) =>
    rowsOf<{ passes: boolean }>(
      await t.app.db.execute(sql`select loyalty_criterion_passes(c, ${JSON.stringify(criterion)}::jsonb) as passes
        from customers c where customer_number = ${customerNumber}`),
    )[0]?.passes;

  it.each(cases)('%s %s %j', async (field, operator, value, ...expected) => {
    const criterion = { id: 1, field, operator, value };
    const got = [];
    for (const customer of ['SA1', 'YOUNG', 'UNKNOWN']) got.push(await passes(customer, criterion));
    expect(got).toEqual(expected);
  });

  it('names the first criterion failed, in the order given, or none', async () => {
    const failure = async (criteria: object[]) =>
      rowsOf<{ failed: number | null }>(
        await t.app.db.execute(sql`select loyalty_criteria_failure(c, ${JSON.stringify(criteria)}::jsonb) as failed
          from customers c where customer_number = 'YOUNG'`),
      )[0]?.failed;
    const adult = { id: 7, field: 'age', operator: 'gte', value: 18 };
    const resident = { id: 8, field: 'residency', operator: 'in', value: ['RESIDENT'] };
    const citizen = { id: 9, field: 'residency', operator: 'in', value: ['CITIZEN'] };
    expect(await failure([])).toBeNull();
    expect(await failure([resident])).toBeNull();
    expect(await failure([resident, adult, citizen])).toBe(7);
    expect(await failure([citizen, adult])).toBe(9);
  });
});

describe('bad input', () => {
  it('refuses a criterion whose operator or value does not suit its field, or an unknown field; nothing saved', async () => {
    const before = (await t.inject({ method: 'GET', url, as: admin })).json().total;
    const cases: [object, string][] = [
      [{ scope: 'EARN', field: 'shoeSize', operator: 'gte', value: 1 }, 'field'],
      [{ scope: 'EARN', field: 'age', operator: 'in', value: 18 }, 'operator'],
      [{ scope: 'EARN', field: 'age', operator: 'gte', value: ['18'] }, 'value'],
      [{ scope: 'EARN', field: 'nationality', operator: 'in', value: [] }, 'value'],
      [{ scope: 'LOGIN', field: 'age', operator: 'gte', value: 18 }, 'scope'],
    ];
    for (const [body, path] of cases) {
      const res = await send('POST', '', { nameEn: 'x', nameAr: 'س', status: 'ACTIVE', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect((await t.inject({ method: 'GET', url, as: admin })).json().total).toBe(before);
  });

  it('is audited', async () => {
    const k = await criterion({
      nameEn: 'Audited',
      scope: 'EARN',
      field: 'status',
      operator: 'in',
      value: ['ACTIVE'],
    });
    const audit = (
      await t.inject({
        method: 'GET',
        url: `/api/admin/admin-logs?targetType=eligibilityCriterion&targetId=${k.id}`,
        as: admin,
      })
    ).json().items;
    expect(audit[0]).toMatchObject({ command: 'eligibilityCriterion.create', outcome: 'SUCCESS' });
    await send('DELETE', `/${k.id}`);
  });
});
