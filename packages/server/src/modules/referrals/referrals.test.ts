import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';

let t: TestApp;
let admin: { authorization: string };
let pos: ReturnType<typeof channel>;
let unique = 0;

const staff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = admin) =>
  t.inject({ method, url: `/api/admin${url}`, as, ...(payload ? { payload } : {}) });
const balanceOf = async (n: string) =>
  (await t.app.db.select().from(customers).where(eq(customers.customerNumber, n)))[0]?.balance;

/** A customer enrolled through the channel (201), with what the upsert is given besides a name. */
const enrol = async (prefix: string, extra: Record<string, unknown> = {}) => {
  const n = `${prefix}-${++unique}`;
  const res = await pos('PUT', `/customers/${n}`, { fullName: `Customer ${n}`, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return n;
};
const codeOf = async (n: string) => {
  const res = await pos('GET', `/customers/${n}/referral-code`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().code as string;
};
const earn = async (n: string, amount: number, externalId = `RF-EARN-${++unique}`) => {
  const res = await pos('POST', '/transactions', {
    externalId,
    customerNumber: n,
    transactionTypeCode: 'SPEND',
    amount,
  });
  expect(res.statusCode, res.body).toBe(201);
  return externalId;
};
const referralOf = async (referred: string) => {
  const list = (await staff('GET', `/referrals?customerNumber=${referred}`)).json();
  return list.items.find((r: { referredNumber: string }) => r.referredNumber === referred);
};

/** A programme that starts today and so applies to the enrolments after it (the newest wins a tie). */
const programme = async (fields: Record<string, unknown> = {}) => {
  const res = await staff('POST', '/referral-programmes', {
    nameEn: `Refer a friend ${++unique}`,
    nameAr: `ادعُ صديقاً ${unique}`,
    referrerPoints: 500,
    referredPoints: 200,
    qualifying: 'FIRST_EARNING',
    monthlyLimit: 10,
    startsOn: new Date().toISOString().slice(0, 10),
    endsOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 1_000_000);
  const spend = await fx.type('SPEND');
  await fx.rule({ transactionTypeId: spend.id, amount: 1, pointsPerTransaction: 1 });
  pos = channel(t, await fx.apiKey(['customers', 'transactions'], 'MOBILE_APP'));
});

describe('/api/admin/referral-programmes', () => {
  it('creates, lists, changes and deletes a programme; refuses bad input and callers without permission', async () => {
    const created = await programme({ qualifying: 'TRANSACTIONS', transactionCount: 3, withinDays: 14 });
    const got = (await staff('GET', `/referral-programmes/${created.id}`)).json();
    expect(got).toMatchObject({ transactionCount: 3, withinDays: 14, referrals: 0 });
    const list = (await staff('GET', '/referral-programmes?q=refer')).json();
    expect(list.items.some((p: { id: number }) => p.id === created.id)).toBe(true);

    const bad = await staff('POST', '/referral-programmes', {
      nameEn: 'Bad',
      nameAr: 'سيئ',
      referrerPoints: 0,
      referredPoints: 0,
      monthlyLimit: 1,
      startsOn: '2030-01-02',
      endsOn: '2030-01-01',
    });
    expect(bad.statusCode).toBe(400);
    const messages = bad.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(expect.arrayContaining(['referrals.endBeforeStart', 'referrals.noReward']));

    const reader = await t.userWith(['referral.read']);
    expect((await staff('GET', '/referrals', undefined, reader)).statusCode).toBe(200);
    expect((await staff('DELETE', `/referral-programmes/${created.id}`, undefined, reader)).statusCode).toBe(
      403,
    );
    expect((await staff('DELETE', `/referral-programmes/${created.id}`)).statusCode).toBe(204);
    expect((await staff('GET', `/referral-programmes/${created.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/integration/v1/customers/{n}/referral-code', () => {
  it('answers a stable 8-character code of unambiguous characters; 404 for an unknown customer', async () => {
    const n = await enrol('CODE');
    const code = await codeOf(n);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(await codeOf(n)).toBe(code);
    expect((await pos('GET', '/customers/NOBODY/referral-code')).statusCode).toBe(404);
    const balanceKey = channel(t, await programmeFixtures(t, admin).apiKey(['balance'], 'MOBILE_APP'));
    expect((await balanceKey('GET', `/customers/${n}/referral-code`)).statusCode).toBe(403);
  });
});

describe('referrals', () => {
  it('rewards both when the referred customer first earns; a reversal of that earning claws both back', async () => {
    await programme();
    const referrer = await enrol('REF');
    const code = await codeOf(referrer);
    // Typed in lower case with a hyphen: the same code.
    const friend = await enrol('FRIEND', {
      referralCode: `${code.slice(0, 4)}-${code.slice(4).toLowerCase()}`,
    });
    expect(await referralOf(friend)).toMatchObject({ status: 'PENDING', referrerNumber: referrer, code });

    const txn = await earn(friend, 100);
    expect(await referralOf(friend)).toMatchObject({
      status: 'REWARDED',
      referrerPoints: 500,
      referredPoints: 200,
      transactions: 1,
    });
    expect([await balanceOf(referrer), await balanceOf(friend)]).toEqual([500, 300]);
    // Each one's ledger says which side of which referral paid it.
    const { id } = await referralOf(friend);
    const ledgerOf = async (n: string | number, kind: string) => {
      const [c] = await t.app.db
        .select()
        .from(customers)
        .where(eq(customers.customerNumber, String(n)));
      return (await staff('GET', `/customers/${c?.id}/ledger?kind=${kind}`)).json();
    };
    for (const [n, role] of [
      [referrer, 'referrer'],
      [friend, 'referred'],
    ] as const) {
      const ledger = await ledgerOf(n, 'ADJUST');
      expect(ledger.items.map((e: { origin: unknown }) => e.origin)).toEqual([
        { type: 'REFERRAL', id, role },
      ]);
    }
    // A second earning changes nothing.
    await earn(friend, 10);
    expect(await balanceOf(referrer)).toBe(500);

    const reversed = await pos('POST', `/transactions/${txn}/reversal`);
    expect(reversed.statusCode, reversed.body).toBe(201);
    // The reversal answers the balance after the claw-back too.
    expect(reversed.json()).toMatchObject({ pointsReversed: 100, balance: 10 });
    expect(await referralOf(friend)).toMatchObject({ status: 'CLAWED_BACK', clawedBackPoints: 700 });
    expect([await balanceOf(referrer), await balanceOf(friend)]).toEqual([0, 10]);
    // Each one's ledger says which referral's claw-back took the points.
    for (const n of [referrer, friend]) {
      const ledger = await ledgerOf(n, 'REVERSAL');
      expect(ledger.items.map((e: { origin: unknown }) => e.origin)).toContainEqual({
        type: 'REFERRAL',
        id,
        role: 'clawedBack',
      });
    }
  });

  it('shows on customer info: the code, who referred the customer, and whom they referred with status', async () => {
    await programme();
    const referrer = await enrol('INFO');
    const before = await staff('GET', `/customer-referrals?customerNumber=${referrer}`);
    expect(before.statusCode, before.body).toBe(200);
    // A staff read does not make a code: the channel's first ask does.
    expect(before.json()).toEqual({ customerNumber: referrer, code: null, referredBy: null, referrals: [] });
    const code = await codeOf(referrer);
    const a = await enrol('INFO-A', { referralCode: code });
    const b = await enrol('INFO-B', { referralCode: code });
    await earn(a, 10);
    const mine = (await staff('GET', `/customer-referrals?customerNumber=${referrer}`)).json();
    expect(mine).toMatchObject({ customerNumber: referrer, code, referredBy: null });
    expect(
      mine.referrals.map((r: { referredNumber: string; status: string }) => [r.referredNumber, r.status]),
    ).toEqual([
      [b, 'PENDING'],
      [a, 'REWARDED'],
    ]);
    const theirs = (await staff('GET', `/customer-referrals?customerNumber=${a}`)).json();
    expect(theirs).toMatchObject({
      referredBy: { referrerNumber: referrer, status: 'REWARDED' },
      referrals: [],
    });
    expect((await staff('GET', '/customer-referrals?customerNumber=NOBODY-1')).statusCode).toBe(404);
  });

  it('pays once when the referred customer’s earnings arrive in parallel', async () => {
    await programme();
    const referrer = await enrol('PAR');
    const friend = await enrol('PAR', { referralCode: await codeOf(referrer) });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        pos('POST', '/transactions', {
          externalId: `RF-PAR-${unique}-${i}`,
          customerNumber: friend,
          transactionTypeCode: 'SPEND',
          amount: 10,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(await referralOf(friend)).toMatchObject({ status: 'REWARDED', transactions: 1 });
    expect([await balanceOf(referrer), await balanceOf(friend)]).toEqual([500, 300]);
  });

  it('refuses a self-referral by the same mobile, e-mail or device, and keeps the enrolment', async () => {
    await programme();
    const referrer = await enrol('SELF', {
      mobile: '+966500000101',
      email: 'Self@Example.com',
      deviceId: 'dev-1',
    });
    const code = await codeOf(referrer);
    const byMobile = await enrol('SELF', { referralCode: code, mobile: '+966500000101' });
    const byEmail = await enrol('SELF', { referralCode: code, email: 'self@example.com' });
    const byDevice = await enrol('SELF', { referralCode: code, deviceId: 'dev-1' });
    expect(await referralOf(byMobile)).toMatchObject({ status: 'REFUSED', reason: 'SAME_MOBILE' });
    expect(await referralOf(byEmail)).toMatchObject({ status: 'REFUSED', reason: 'SAME_EMAIL' });
    expect(await referralOf(byDevice)).toMatchObject({ status: 'REFUSED', reason: 'SAME_DEVICE' });
    // A second friend from the device a first friend enrolled from: the same person again.
    const first = await enrol('SELF', { referralCode: code, deviceId: 'dev-2' });
    const second = await enrol('SELF', { referralCode: code, deviceId: 'dev-2' });
    expect(await referralOf(first)).toMatchObject({ status: 'PENDING' });
    expect(await referralOf(second)).toMatchObject({ status: 'REFUSED', reason: 'SAME_DEVICE' });
    // Refused referrals pay nothing.
    await earn(byMobile, 50);
    expect(await balanceOf(referrer)).toBe(0);
    expect(await balanceOf(byMobile)).toBe(50);
    // One's own code, and an unknown code, are bad input.
    const own = await pos('PUT', `/customers/${referrer}`, { fullName: 'Me', referralCode: code });
    expect(own.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ message: 'referrals.ownCode' }],
    });
    const unknown = await pos('PUT', '/customers/NEW-UNKNOWN', { fullName: 'New', referralCode: 'ZZZZZZZZ' });
    expect(unknown.json()).toMatchObject({ errors: [{ message: 'referrals.unknownCode' }] });
  });

  it('refuses a customer who existed before the code was given', async () => {
    await programme();
    const referrer = await enrol('OLD');
    const existing = await enrol('OLD');
    const again = await pos('PUT', `/customers/${existing}`, {
      fullName: 'Old customer',
      referralCode: await codeOf(referrer),
    });
    expect(again.statusCode).toBe(200);
    expect(await referralOf(existing)).toMatchObject({ status: 'REFUSED', reason: 'EXISTING_CUSTOMER' });
  });

  it('holds a referrer to the programme’s monthly limit', async () => {
    await programme({ monthlyLimit: 2 });
    const referrer = await enrol('LIMIT');
    const code = await codeOf(referrer);
    const friends = [];
    for (let i = 0; i < 3; i++) friends.push(await enrol('LIMIT', { referralCode: code }));
    const statuses = await Promise.all(friends.map(async (f) => (await referralOf(f)).status));
    expect(statuses).toEqual(['PENDING', 'PENDING', 'REFUSED']);
    expect(await referralOf(friends[2] as string)).toMatchObject({ reason: 'MONTHLY_LIMIT' });
  });

  it('qualifies on N transactions within D days; a reversal before then takes one back', async () => {
    const p = await programme({ qualifying: 'TRANSACTIONS', transactionCount: 3, withinDays: 10 });
    const referrer = await enrol('NIND');
    const friend = await enrol('NIND', { referralCode: await codeOf(referrer) });
    const pending = await referralOf(friend);
    expect(pending).toMatchObject({ status: 'PENDING', programmeId: p.id });
    expect(Date.parse(pending.qualifiesBy) - Date.now()).toBeGreaterThan(9.9 * 86_400_000);
    const first = await earn(friend, 10);
    await earn(friend, 10);
    expect(await referralOf(friend)).toMatchObject({ status: 'PENDING', transactions: 2 });
    expect((await pos('POST', `/transactions/${first}/reversal`)).statusCode).toBe(201);
    expect(await referralOf(friend)).toMatchObject({ status: 'PENDING', transactions: 1 });
    await earn(friend, 10);
    expect(await balanceOf(referrer)).toBe(0);
    await earn(friend, 10);
    expect(await referralOf(friend)).toMatchObject({ status: 'REWARDED', transactions: 3 });
    expect([await balanceOf(referrer), await balanceOf(friend)]).toEqual([500, 230]);

    // After the window an earning ends the referral unpaid.
    const late = await enrol('NIND', { referralCode: await codeOf(referrer) });
    await t.app.db.execute(sql`update referrals set qualifies_by = now() - interval '1 day'
      where referred_id = (select id from customers where customer_number = ${late})`);
    await earn(late, 10);
    expect(await referralOf(late)).toMatchObject({ status: 'REFUSED', reason: 'WINDOW_ENDED' });
  });

  it('reports the cost per acquired customer by programme and month', async () => {
    const p = await programme({ referrerPoints: 300, referredPoints: 100 });
    const referrer = await enrol('COST');
    const code = await codeOf(referrer);
    for (let i = 0; i < 2; i++) await earn(await enrol('COST', { referralCode: code }), 5);
    const cost = (await staff('GET', '/referrals/cost')).json();
    expect(cost.items.find((i: { programmeId: number }) => i.programmeId === p.id)).toMatchObject({
      acquired: 2,
      points: 800,
      costPerCustomer: 400,
      month: new Date().toISOString().slice(0, 7),
    });
    const exported = await staff('GET', `/referrals/export?format=csv&programmeId=${p.id}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.body.split('\n').filter(Boolean)).toHaveLength(3);
  });
});
