import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { auditLog, customerPermissions, customers, ledgerEntries } from '../../db/schema/index.ts';
import type { AppError } from '../../platform/errors.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { reportEarningFallbacks } from './earnings.queue.ts';
import { channel, programmeFixtures } from './testing.ts';
import { postTransaction } from './transactions.service.ts';

let t: TestApp;
let admin: { authorization: string };
let fx: ReturnType<typeof programmeFixtures>;
let api: ReturnType<typeof channel>;
let spendRuleId: number;

const earn = (externalId: string, customerNumber: string, amount: number, extra: object = {}) =>
  api('POST', '/transactions', {
    externalId,
    customerNumber,
    transactionTypeCode: 'card_spend',
    amount,
    ...extra,
  });

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 999);
  await fx.tier('Silver', 1000, 4999);
  await fx.tier('Gold', 5000, 1_000_000);
  const spend = await fx.type('CARD_SPEND');
  await fx.type('GOODWILL', 'ADJUST');
  // 1 point per 10 spent, between 1 and 500 points.
  spendRuleId = (
    await fx.rule({
      transactionTypeId: spend.id,
      amount: 10,
      pointsPerTransaction: 1,
      minPoints: 1,
      maxPoints: 500,
    })
  ).id;
  api = channel(t, await fx.apiKey());
  for (const n of ['C1', 'C2', 'C3', 'C4']) {
    expect((await api('PUT', `/customers/${n}`, { fullName: `Customer ${n}` })).statusCode).toBe(201);
  }
});

describe('POST /api/integration/v1/transactions', () => {
  it('awards the points of the rule that fires and answers balance, tier and rule', async () => {
    const res = await earn('T-1', 'C1', 1234.5);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      pointsAwarded: 123,
      balance: 123,
      tier: 'Blue',
      ruleId: spendRuleId,
      replayed: false,
    });
  });

  it('is idempotent by externalId: a repeat answers the first result and posts nothing', async () => {
    const again = await earn('T-1', 'C1', 1234.5);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ pointsAwarded: 123, balance: 123, replayed: true });
    const other = await earn('T-1', 'C1', 99);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('CONFLICT');
  });

  it('posts the same externalId sent in parallel exactly once', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => earn('T-PAR', 'C2', 100)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const entries = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.externalId, 'T-PAR'));
    expect(entries).toHaveLength(1);
  });

  it('keeps the balance exact under concurrent postings for one customer', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => earn(`T-C3-${i}`, 'C3', 50)));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const [c] = await t.app.db.select().from(customers).where(eq(customers.customerNumber, 'C3'));
    expect(c?.balance).toBe(100);
    const balances = results.map((r) => r.json().balance).sort((a, b) => a - b);
    expect(balances).toEqual(Array.from({ length: 20 }, (_, i) => (i + 1) * 5));
  });

  it('upgrades the tier at once and keeps the history', async () => {
    const res = await earn('T-BIG', 'C4', 20_000);
    expect(res.json()).toMatchObject({ pointsAwarded: 500, tier: 'Blue' });
    const up = await earn('T-BIG-2', 'C4', 5000);
    expect(up.json()).toMatchObject({ balance: 1000, tier: 'Silver' });
    const [c] = await t.app.db.select().from(customers).where(eq(customers.customerNumber, 'C4'));
    const history = await t.inject({
      method: 'GET',
      url: `/api/admin/customers/${c?.id}/tier-history`,
      as: admin,
    });
    expect(history.json().items[0]).toMatchObject({
      fromTierName: 'Blue',
      toTierName: 'Silver',
      qualifyingPoints: 1000,
    });
  });

  it('answers problems for bad input, unknown customers and non-earning types', async () => {
    const bad = await api('POST', '/transactions', { externalId: '', customerNumber: 'C1', amount: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect((await earn('T-X', 'NOBODY', 10)).statusCode).toBe(404);
    const adjust = await api('POST', '/transactions', {
      externalId: 'T-ADJ',
      customerNumber: 'C1',
      transactionTypeCode: 'GOODWILL',
      amount: 10,
    });
    expect(adjust.statusCode).toBe(400);
    expect(adjust.json().errors).toEqual([{ path: 'transactionTypeCode', message: 'earnTypeOnly' }]);
  });

  it('refuses blocked customers', async () => {
    const [c] = await t.app.db.select().from(customers).where(eq(customers.customerNumber, 'C2'));
    const block = await t.inject({
      method: 'POST',
      url: `/api/admin/customers/${c?.id}/block`,
      payload: { reason: 'fraud check' },
      as: admin,
    });
    expect(block.statusCode).toBe(200);
    const res = await earn('T-BLOCKED', 'C2', 100);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CUSTOMER_NOT_ACTIVE');
    await t.inject({
      method: 'POST',
      url: `/api/admin/customers/${c?.id}/unblock`,
      payload: { reason: 'ok' },
      as: admin,
    });
    expect((await earn('T-UNBLOCKED', 'C2', 100)).statusCode).toBe(201);
  });

  it('keeps its record in the ledger (type, amount, rule), not in the staff audit trail', async () => {
    const [entry] = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.externalId, 'T-1'));
    expect(entry).toMatchObject({
      kind: 'EARN',
      amount: 1234.5,
      ruleId: spendRuleId,
      points: 123,
      reference: 'txn:T-1',
    });
    const audited = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.command, 'channel.transaction.post'));
    expect(audited).toEqual([]);
  });
});

describe('DELETE /api/admin/points-rules/:id', () => {
  it('refuses to delete a rule that awarded points: the ledger names it (409)', async () => {
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/admin/points-rules/${spendRuleId}`,
      as: admin,
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('CONFLICT');
    const [entry] = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.externalId, 'T-1'));
    expect(entry?.ruleId).toBe(spendRuleId);
  });
});

describe('earnings in a burst (earnings.queue.ts)', () => {
  const numbers = Array.from({ length: 8 }, (_, i) => `Q${i}`);
  beforeAll(async () => {
    for (const n of numbers)
      expect((await api('PUT', `/customers/${n}`, { fullName: n })).statusCode).toBe(201);
  });

  // Called in one tick, as a busy server would: four go at once, the others wait and go together.
  const post = (externalId: string, customerNumber: string, amount: number) =>
    postTransaction(t.app.db, { externalId, customerNumber, transactionTypeCode: 'CARD_SPEND', amount });

  it('groups earnings that wait for the database into shared transactions, each with its own answer', async () => {
    const burst = await Promise.all(
      Array.from({ length: 48 }, (_, i) => post(`Q-${i}`, numbers[i % 8] ?? '', 100)),
    );
    expect(burst.every((r) => r.pointsAwarded === 10 && !r.replayed)).toBe(true);
    // Six earnings of 10 points each per customer, whatever the batch they went in.
    for (const n of numbers) {
      const [c] = await t.app.db.select().from(customers).where(eq(customers.customerNumber, n));
      expect(c?.balance).toBe(60);
    }
    const transactions = rowsOf<{ n: number }>(
      await t.app.db.execute(
        sql`select count(distinct xmin::text)::int as n from ledger_entries where external_id like 'Q-%'`,
      ),
    );
    expect(transactions[0]?.n).toBeLessThan(10);
  });

  it("keeps one earning's refusal or failure its own", async () => {
    const warned: object[] = [];
    reportEarningFallbacks(t.app.db, { warn: (details) => warned.push(details) });
    await t.app.db.update(customers).set({ status: 'BLOCKED' }).where(eq(customers.customerNumber, 'Q7'));
    const answers = await Promise.allSettled([
      ...Array.from({ length: 20 }, (_, i) => post(`R-${i}`, numbers[i % 6] ?? '', 10)),
      post('R-NOBODY', 'NOBODY', 10),
      post('R-BLOCKED', 'Q7', 10),
      post('R-TWIN', 'Q0', 10),
      post('R-TWIN', 'Q1', 10),
      // Beyond what the database holds (the API refuses it sooner): the statement fails, so the
      // batch's transaction is rolled back and each of its earnings is posted again on its own.
      post('R-HUGE', 'Q2', 1e13),
    ]);
    const codes = answers.map((a) =>
      a.status === 'fulfilled' ? 'OK' : ((a.reason as AppError).code ?? 'DATABASE'),
    );
    expect(codes).toEqual([
      ...Array(20).fill('OK'),
      'NOT_FOUND',
      'CUSTOMER_NOT_ACTIVE',
      'OK',
      'CONFLICT',
      expect.not.stringMatching(/^OK$/),
    ]);
    const twins = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.externalId, 'R-TWIN'));
    expect(twins).toHaveLength(1);
    const posted = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.externalId} like 'R-%'`);
    expect(posted).toHaveLength(21);
    // The failed batch is in the server's log: its error's code, not its query (customers' numbers).
    expect(warned).toContainEqual(expect.objectContaining({ code: '22003', earnings: expect.any(Number) }));
    expect(JSON.stringify(warned)).not.toContain('Q2');
  });
});

describe('customer-app features', () => {
  it('refuses postings while the earn feature is disabled (403 FEATURE_DISABLED)', async () => {
    const earnFeature = eq(customerPermissions.code, 'earn');
    // Written behind the server's back, then announced as a write announces it (platform/changes.ts).
    const announce = () => t.app.db.execute(sql`select pg_notify('loyalty_changes', 'configuration')`);
    await t.app.db.update(customerPermissions).set({ status: 'DISABLED' }).where(earnFeature);
    await announce();
    await new Promise((r) => setTimeout(r, 200));
    const refused = await earn('T-FEATURE', 'C4', 100);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FEATURE_DISABLED');
    await t.app.db.update(customerPermissions).set({ status: 'ACTIVE' }).where(earnFeature);
    await announce();
    await new Promise((r) => setTimeout(r, 200));
    expect((await earn('T-FEATURE', 'C4', 100)).statusCode).toBe(201);
  });
});

describe('POST /api/integration/v1/transactions/:externalId/reversal', () => {
  it('takes back exactly the points of the original, once', async () => {
    await earn('T-REV', 'C1', 100);
    const res = await api('POST', '/transactions/T-REV/reversal');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ pointsReversed: 10, balance: 123, replayed: false });
    const again = await api('POST', '/transactions/T-REV/reversal');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ pointsReversed: 10, balance: 123, replayed: true });
    expect((await api('POST', '/transactions/NOPE/reversal')).statusCode).toBe(404);
  });
});

describe('GET /api/integration/v1/customers/:customerNumber/balance', () => {
  it('answers balance, tier and lifetime points', async () => {
    const res = await api('GET', '/customers/C1/balance');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      customerNumber: 'C1',
      balance: 123,
      lifetimePoints: 123,
      tier: 'Blue',
    });
  });
});

describe('integration API keys', () => {
  it('refuses a missing, unknown or revoked key, and a key without the scope', async () => {
    const noKey = await t.inject({ method: 'GET', url: '/api/integration/v1/customers/C1/balance' });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().code).toBe('UNAUTHENTICATED');
    expect((await channel(t, { 'x-api-key': 'lk_nope' })('GET', '/customers/C1/balance')).statusCode).toBe(
      401,
    );

    const balanceOnly = channel(t, await fx.apiKey(['balance']));
    expect((await balanceOnly('GET', '/customers/C1/balance')).statusCode).toBe(200);
    const refused = await balanceOnly('POST', '/transactions', {
      externalId: 'T-SCOPE',
      customerNumber: 'C1',
      transactionTypeCode: 'CARD_SPEND',
      amount: 10,
    });
    expect(refused.statusCode).toBe(403);

    const created = await fx.post('/api/admin/api-keys', { name: 'Revoked soon', scopes: ['balance'] });
    expect(created.key).toMatch(/^lk_/);
    const list = await t.inject({ method: 'GET', url: '/api/admin/api-keys?q=Revoked', as: admin });
    expect(list.json().items[0]).toMatchObject({ name: 'Revoked soon', prefix: created.key.slice(0, 10) });
    expect(list.json().items[0].key).toBeUndefined();
    const revoke = await t.inject({ method: 'DELETE', url: `/api/admin/api-keys/${created.id}`, as: admin });
    expect(revoke.json().status).toBe('REVOKED');
    expect((await channel(t, { 'x-api-key': created.key })('GET', '/customers/C1/balance')).statusCode).toBe(
      401,
    );
  });

  it('needs apiKey permissions', async () => {
    const reader = await t.userWith(['apiKey.read']);
    expect((await t.inject({ method: 'GET', url: '/api/admin/api-keys', as: reader })).statusCode).toBe(200);
    const res = await t.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      payload: { name: 'x', scopes: ['balance'] },
      as: reader,
    });
    expect(res.statusCode).toBe(403);
  });
});
