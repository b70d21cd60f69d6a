import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { listWhere } from '../../platform/lists.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { planWithoutSeqScan } from '../../test/plans.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { customerListSpec } from './customers.service.ts';

let t: TestApp;
let admin: { authorization: string };
let api: ReturnType<typeof channel>;
const ids: Record<string, number> = {};

const get = (url: string, as = admin) => t.inject({ method: 'GET', url, as });

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 999);
  await fx.tier('Gold', 1000, 99_999);
  const spend = await fx.type('SPEND');
  await fx.rule({ transactionTypeId: spend.id, amount: 1, pointsPerTransaction: 1 });
  api = channel(t, await fx.apiKey());
  const people = [
    ['100200', 'Sara Al-Harbi', '+966500000001', 'sara@example.com', 'RETAIL'],
    ['100201', 'Omar Haddad', '+966500000002', 'omar@example.com', 'BUSINESS'],
    ['100202', 'Lina Haddad', '+966500000003', 'lina@bank.test', 'RETAIL'],
  ] as const;
  for (const [n, fullName, mobile, email, segment] of people) {
    const res = await api('PUT', `/customers/${n}`, { fullName, mobile, email, segment });
    ids[n] = res.json().id;
  }
  await api('POST', '/transactions', {
    externalId: 'E1',
    customerNumber: '100201',
    transactionTypeCode: 'SPEND',
    amount: 1500,
  });
});

describe('PUT /api/integration/v1/customers/:customerNumber', () => {
  it('creates (201) then updates (200) by number, on the lowest tier', async () => {
    const created = await api('PUT', '/customers/NEW-1', { fullName: 'New Person' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      customerNumber: 'NEW-1',
      status: 'ACTIVE',
      tierName: 'Blue',
      balance: 0,
    });
    const updated = await api('PUT', '/customers/NEW-1', { fullName: 'New Person Renamed', language: 'ar' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      id: created.json().id,
      fullName: 'New Person Renamed',
      language: 'ar',
    });
    const bad = await api('PUT', '/customers/NEW-1', { fullName: '', email: 'not-mail' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/admin/customers', () => {
  it('searches by number, name, mobile and e-mail, case-insensitively', async () => {
    const numbers = async (q: string) =>
      (await get(`/api/admin/customers?q=${encodeURIComponent(q)}`))
        .json()
        .items.map((c: { customerNumber: string }) => c.customerNumber)
        .sort();
    expect(await numbers('haddad')).toEqual(['100201', '100202']);
    expect(await numbers('100200')).toEqual(['100200']);
    expect(await numbers('500000003')).toEqual(['100202']);
    expect(await numbers('BANK.TEST')).toEqual(['100202']);
  });

  it('searches through the trigram index on the search expression, not a scan', async () => {
    const search = sql`select id from customers where ${listWhere(customerListSpec, { q: 'haddad' })}`;
    expect(await planWithoutSeqScan(t.app.db, search)).toContain('customers_search_trgm_idx');
  });

  it('filters by tier, status and segment, sorts and pages', async () => {
    const byName = await get('/api/admin/customers?sort=fullName:asc&pageSize=1');
    expect(byName.json()).toMatchObject({ page: 1, pageSize: 1, totalCapped: false });
    expect(byName.json().items[0]).toMatchObject({ fullName: 'Lina Haddad' });
    const gold = await get('/api/admin/customers?q=100201');
    expect(gold.json().items[0]).toMatchObject({ customerNumber: '100201', tierName: 'Gold', balance: 1500 });
    const business = await get('/api/admin/customers?segment=BUSINESS');
    expect(business.json().items.map((c: { customerNumber: string }) => c.customerNumber)).toEqual([
      '100201',
    ]);
    const tierId = gold.json().items[0].tierId;
    expect((await get(`/api/admin/customers?tierId=${tierId}`)).json().total).toBe(1);
    expect((await get('/api/admin/customers?status=BLOCKED')).json().total).toBe(0);
    expect((await get('/api/admin/customers?sort=password:asc')).statusCode).toBe(400);
    expect((await get('/api/admin/customers?sort=balance:desc')).statusCode).toBe(400);
  });

  it('needs customer.read', async () => {
    expect((await get('/api/admin/customers', await t.userWith([]))).statusCode).toBe(403);
  });
});

describe('GET /api/admin/customers/:id and its ledger', () => {
  it('answers the profile with tier progress and the next expiring points', async () => {
    const res = await get(`/api/admin/customers/${ids['100200']}`);
    expect(res.json()).toMatchObject({
      customerNumber: '100200',
      tierProgress: {
        basis: 'LIFETIME',
        qualifyingPoints: 0,
        currentTierName: 'Blue',
        nextTierName: 'Gold',
        pointsToNextTier: 1000,
      },
      expiringPoints: null,
    });
    const rich = await get(`/api/admin/customers/${ids['100201']}`);
    expect(rich.json().expiringPoints).toMatchObject({ points: 1500 });
    expect(rich.json().tierProgress).toMatchObject({
      currentTierName: 'Gold',
      nextTierName: null,
      pointsToNextTier: null,
    });
    expect((await get('/api/admin/customers/999999')).statusCode).toBe(404);
  });

  it('pages the ledger, newest first, and marks reversed entries', async () => {
    await api('POST', '/transactions', {
      externalId: 'E2',
      customerNumber: '100201',
      transactionTypeCode: 'SPEND',
      amount: 10,
    });
    await api('POST', '/transactions/E2/reversal');
    const page = await get(`/api/admin/customers/${ids['100201']}/ledger?pageSize=2`);
    expect(page.json().total).toBe(3);
    expect(page.json().items.map((e: { kind: string; points: number }) => [e.kind, e.points])).toEqual([
      ['REVERSAL', -10],
      ['EARN', 10],
    ]);
    expect(page.json().items[1]).toMatchObject({
      reversed: true,
      externalId: 'E2',
      transactionTypeCode: 'SPEND',
      // The type's name, for the screen to show in the reader's language.
      transactionTypeName: 'SPEND name',
    });
    const earns = await get(`/api/admin/customers/${ids['100201']}/ledger?kind=EARN`);
    expect(earns.json().total).toBe(2);
  });
});

describe('POST /api/admin/customers/:id/adjustments', () => {
  it('credits and debits points with a reason, audited with before and after', async () => {
    const id = ids['100202'];
    const credit = await t.inject({
      method: 'POST',
      url: `/api/admin/customers/${id}/adjustments`,
      payload: { points: 300, reason: 'Goodwill for a branch complaint' },
      as: admin,
    });
    expect(credit.statusCode).toBe(201);
    expect(credit.json()).toMatchObject({ balance: 300, tierName: 'Blue' });
    const debit = await t.inject({
      method: 'POST',
      url: `/api/admin/customers/${id}/adjustments`,
      payload: { points: -100, reason: 'Duplicate credit' },
      as: admin,
    });
    expect(debit.json()).toMatchObject({ balance: 200 });
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.command, 'customer.adjustPoints'));
    expect(entry).toMatchObject({ outcome: 'SUCCESS', before: { balance: 0 } });
  });

  it('refuses a debit beyond the balance, a zero adjustment and a missing reason', async () => {
    const id = ids['100202'];
    const over = await t.inject({
      method: 'POST',
      url: `/api/admin/customers/${id}/adjustments`,
      payload: { points: -201, reason: 'too much' },
      as: admin,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('INSUFFICIENT_POINTS');
    const bad = await t.inject({
      method: 'POST',
      url: `/api/admin/customers/${id}/adjustments`,
      payload: { points: 0, reason: ' ' },
      as: admin,
    });
    expect(bad.json().errors).toEqual([
      { path: 'points', message: 'adjustmentNotZero' },
      { path: 'reason', message: 'fillAllFields' },
    ]);
  });

  it('never lets concurrent debits take the balance below zero', async () => {
    const id = ids['100200'];
    await t.inject({
      method: 'POST',
      url: `/api/admin/customers/${id}/adjustments`,
      payload: { points: 50, reason: 'seed' },
      as: admin,
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.inject({
          method: 'POST',
          url: `/api/admin/customers/${id}/adjustments`,
          payload: { points: -10, reason: 'race' },
          as: admin,
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect((await get(`/api/admin/customers/${id}`)).json().balance).toBe(0);
  });

  it('needs customer.adjustPoints', async () => {
    const reader = await t.userWith(['customer.read']);
    const res = await t.inject({
      method: 'POST',
      url: `/api/admin/customers/${ids['100202']}/adjustments`,
      payload: { points: 5, reason: 'x' },
      as: reader,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('block, unblock and staff reversal', () => {
  it('blocks and unblocks with a reason, refusing a repeat', async () => {
    const id = ids['100202'];
    const block = () =>
      t.inject({
        method: 'POST',
        url: `/api/admin/customers/${id}/block`,
        payload: { reason: 'Lost card' },
        as: admin,
      });
    expect((await block()).json().status).toBe('BLOCKED');
    expect((await block()).statusCode).toBe(409);
    const unblock = await t.inject({
      method: 'POST',
      url: `/api/admin/customers/${id}/unblock`,
      payload: { reason: 'Card replaced' },
      as: admin,
    });
    expect(unblock.json().status).toBe('ACTIVE');
    const noReason = await t.inject({
      method: 'POST',
      url: `/api/admin/customers/${id}/block`,
      payload: {},
      as: admin,
    });
    expect(noReason.statusCode).toBe(400);
  });

  it('reverses a channel transaction from the ledger, once', async () => {
    const earned = await api('POST', '/transactions', {
      externalId: 'E3',
      customerNumber: '100201',
      transactionTypeCode: 'SPEND',
      amount: 40,
    });
    const entryId = earned.json().entryId;
    const reverse = () =>
      t.inject({
        method: 'POST',
        url: `/api/admin/ledger-entries/${entryId}/reversal`,
        payload: { reason: 'Chargeback' },
        as: admin,
      });
    const first = await reverse();
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ pointsReversed: 40, replayed: false });
    expect((await reverse()).json()).toMatchObject({ replayed: true });
  });
});
