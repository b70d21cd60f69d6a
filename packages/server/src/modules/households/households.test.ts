import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { customers, ledgerEntries } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { configItemFixtures } from '../configuration/testing.ts';
import { runExpiry } from '../loyalty/index.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';

const DAY = 86_400_000;
let t: TestApp;
let admin: { authorization: string };
let pos: ReturnType<typeof channel>;
let readOnlyKey: ReturnType<typeof channel>;
let unique = 0;

const customerIn = async (prefix: string) => {
  const n = `${prefix}-${++unique}`;
  expect((await pos('PUT', `/customers/${n}`, { fullName: `Customer ${n}` })).statusCode).toBe(201);
  return n;
};
/** Points for a customer: an earning of `points` (1 point per 1 spent) that happened `daysAgo`. */
const earn = async (n: string, points: number, daysAgo = 0) => {
  const res = await pos('POST', '/transactions', {
    externalId: `EARN-${++unique}`,
    customerNumber: n,
    transactionTypeCode: 'SPEND',
    amount: points,
    occurredAt: new Date(Date.now() - daysAgo * DAY).toISOString(),
  });
  expect(res.statusCode).toBe(201);
};
const staff = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, as = admin) =>
  t.inject({ method, url: `/api/admin${url}`, as, ...(payload ? { payload } : {}) });
const balanceOf = async (n: string) =>
  (await t.app.db.select().from(customers).where(eq(customers.customerNumber, n)))[0]?.balance;

/** A household of a new head and members, each consented through the channel: the numbers. */
async function household(size: number, prefix = 'H', consent = true) {
  const numbers: string[] = [];
  for (let i = 0; i < size; i++) numbers.push(await customerIn(prefix));
  const created = await staff('POST', '/households', { name: `Family ${prefix}`, headNumber: numbers[0] });
  expect(created.statusCode).toBe(201);
  const id = created.json().id as number;
  for (const n of numbers.slice(1)) {
    expect((await staff('POST', `/households/${id}/members`, { customerNumber: n })).statusCode).toBe(200);
  }
  if (consent)
    for (const n of numbers)
      expect((await pos('POST', `/customers/${n}/household-consent`)).statusCode).toBe(200);
  return { id, numbers };
}

const transfer = (from: string, to: string, points: number, externalId = `TR-${++unique}`) =>
  pos('POST', '/transfers', { externalId, from, to, points });

beforeAll(async () => {
  t = await buildTestApp();
});

beforeAll(async () => {
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 1_000_000);
  const spend = await fx.type('SPEND');
  await fx.rule({ transactionTypeId: spend.id, amount: 1, pointsPerTransaction: 1 });
  expect((await fx.settings({ expiryMonths: 3 })).statusCode).toBe(200);
  pos = channel(t, await fx.apiKey(['customers', 'transactions'], 'POS'));
  readOnlyKey = channel(t, await fx.apiKey(['balance'], 'POS'));
});

describe('/api/admin/households', () => {
  it('creates a household with its head, adds members up to the size limit, removes one; the head stays', async () => {
    const { id, numbers } = await household(6, 'SIZE', false);
    const got = (await staff('GET', `/households/${id}`)).json();
    expect(got.headNumber).toBe(numbers[0]);
    expect(got.members.map((m: { customerNumber: string }) => m.customerNumber)).toEqual(numbers);
    expect(got.members.every((m: { consentedAt: string | null }) => m.consentedAt === null)).toBe(true);

    const seventh = await customerIn('SIZE');
    const full = await staff('POST', `/households/${id}/members`, { customerNumber: seventh });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'LIMIT_EXCEEDED', errors: [{ message: 'households.full' }] });

    // A customer belongs to one household at most.
    const other = await staff('POST', '/households', { headNumber: numbers[1] });
    expect(other.json()).toMatchObject({
      code: 'CONFLICT',
      errors: [{ message: 'households.alreadyMember' }],
    });

    const head = await staff('DELETE', `/households/${id}/members/${numbers[0]}`);
    expect(head.json()).toMatchObject({ code: 'CONFLICT', errors: [{ message: 'households.headStays' }] });
    const removed = await staff('DELETE', `/households/${id}/members/${numbers[5]}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().members).toHaveLength(5);

    const list = (await staff('GET', `/households?customerNumber=${numbers[2]}`)).json();
    expect(list).toMatchObject({ total: 1, items: [{ id, headNumber: numbers[0], memberCount: 5 }] });
  });

  it('answers 404 for an unknown household or customer, 400 for bad input, 403 without the permission', async () => {
    expect((await staff('GET', '/households/999999')).statusCode).toBe(404);
    expect((await staff('POST', '/households', { headNumber: 'NOBODY' })).statusCode).toBe(404);
    expect((await staff('POST', '/households', { headNumber: '' })).json().code).toBe('VALIDATION_FAILED');
    const reader = await t.userWith(['household.read']);
    expect((await staff('POST', '/households', { headNumber: 'X' }, reader)).statusCode).toBe(403);
    expect((await staff('GET', '/households', undefined, reader)).statusCode).toBe(200);
  });
});

describe('POST /api/integration/v1/transfers', () => {
  it('posts two ledger entries in one transaction; the same externalId answers the first result', async () => {
    const { numbers } = await household(2, 'PAIR');
    const [a, b] = numbers as [string, string];
    await earn(a, 500);
    const first = await transfer(a, b, 200, 'PAIR-1');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ points: 200, fromBalance: 300, toBalance: 200, replayed: false });
    const again = await transfer(a, b, 200, 'PAIR-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      transferId: first.json().transferId,
      fromBalance: 300,
      replayed: true,
    });
    expect(await balanceOf(a)).toBe(300);
    expect(await balanceOf(b)).toBe(200);
    const found = (await staff('GET', `/households?customerNumber=${a}`)).json().items[0];
    const detail = (await staff('GET', `/households/${found.id}`)).json();
    expect(detail.transfers).toHaveLength(1);
    const posted = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(
        inArray(ledgerEntries.id, [detail.transfers[0].debitEntryId, detail.transfers[0].creditEntryId]),
      );
    expect(posted.map((e) => e.points).sort((x, y) => x - y)).toEqual([-200, 200]);
    expect(new Set(posted.map((e) => e.createdAt.getTime())).size).toBe(1);
    // The receiver's ledger says what it is, for a screen to name it in the reader's language.
    const ledger = (await staff('GET', `/customers/${posted[0]?.customerId}/ledger`)).json().items;
    expect(ledger[0].origin).toEqual({ type: 'TRANSFER', from: a, to: b });
  });

  it('does not count toward the tier: neither customer’s lifetime nor rolling qualifying points move', async () => {
    const { numbers } = await household(2, 'TIER');
    const [a, b] = numbers as [string, string];
    await earn(a, 700);
    expect((await transfer(a, b, 300)).statusCode).toBe(201);
    expect((await transfer(b, a, 100)).statusCode).toBe(201);
    const figures = async (n: string) => {
      const [row] = rowsOf<{ balance: number; lifetime: number; rolling: number }>(
        await t.app.db.execute(sql`
          select c.balance, c.lifetime_points as lifetime, (select coalesce(sum(e.points), 0)::int
            from ledger_entries e where e.customer_id = c.id and e.lot and e.qualifying) as rolling
          from customers c where c.customer_number = ${n}`),
      );
      return row;
    };
    expect(await figures(a)).toEqual({ balance: 500, lifetime: 700, rolling: 700 });
    expect(await figures(b)).toEqual({ balance: 200, lifetime: 0, rolling: 0 });
    // The rolling basis's own function agrees (the tier's figure when tiers count rolling points).
    await t.app.db
      .transaction(async (tx) => {
        await tx.execute(sql`update loyalty_settings set tier_basis = 'ROLLING' where id = 1`);
        const [q] = rowsOf<{ a: number; b: number }>(
          await tx.execute(sql`select
          (select loyalty_qualifying_points(c.id, c.lifetime_points) from customers c where c.customer_number = ${a}) as a,
          (select loyalty_qualifying_points(c.id, c.lifetime_points) from customers c where c.customer_number = ${b}) as b`),
        );
        expect(q).toEqual({ a: 700, b: 0 });
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error && /rollback/i.test(e.message))) throw e;
      });
  });

  it('refuses members who have not consented, customers of another household, and oneself', async () => {
    const { id, numbers } = await household(2, 'CONSENT', false);
    const [a, b] = numbers as [string, string];
    await earn(a, 100);
    const noConsent = await transfer(a, b, 10);
    expect(noConsent.json()).toMatchObject({
      code: 'NOT_ELIGIBLE',
      errors: [{ message: 'households.noConsent' }],
    });
    const stranger = await customerIn('STRANGER');
    const other = await transfer(a, stranger, 10);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      code: 'NOT_ELIGIBLE',
      errors: [{ message: 'households.notSameHousehold' }],
    });
    expect((await transfer(a, a, 10)).json()).toMatchObject({ code: 'BAD_REQUEST' });
    // Consent through the channel, once; a customer in no household cannot consent.
    expect((await pos('POST', `/customers/${a}/household-consent`)).json()).toMatchObject({
      householdId: id,
    });
    expect((await pos('POST', `/customers/${stranger}/household-consent`)).json().code).toBe('NOT_ELIGIBLE');
    expect((await transfer(a, b, 10)).json().errors).toEqual([
      { path: 'to', message: 'households.noConsent' },
    ]);
    await pos('POST', `/customers/${b}/household-consent`);
    expect((await transfer(a, b, 10)).statusCode).toBe(201);
    expect(await balanceOf(a)).toBe(90);
  });

  it('refuses a blocked sender or receiver', async () => {
    const { numbers } = await household(2, 'BLOCK');
    const [a, b] = numbers as [string, string];
    await earn(a, 100);
    const [row] = await t.app.db.select().from(customers).where(eq(customers.customerNumber, b));
    const block = await staff('POST', `/customers/${row?.id}/block`, { reason: 'Lost card' });
    expect(block.statusCode).toBe(200);
    const refused = await transfer(a, b, 10);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CUSTOMER_NOT_ACTIVE', errors: [{ path: 'to' }] });
    expect(await balanceOf(a)).toBe(100);
  });

  it('never leaves a balance below zero', async () => {
    const { numbers } = await household(2, 'ZERO');
    const [a, b] = numbers as [string, string];
    await earn(a, 50);
    const over = await transfer(a, b, 51);
    expect(over.json()).toMatchObject({
      code: 'INSUFFICIENT_POINTS',
      errors: [{ message: 'households.insufficientPoints' }],
    });
    expect((await transfer(a, b, 50)).statusCode).toBe(201);
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([0, 50]);
  });

  it('never moves points expiring within the policy’s days: they stay and expire at their date', async () => {
    const { numbers } = await household(2, 'EXPIRY');
    const [a, b] = numbers as [string, string];
    await earn(a, 100, 80); // three months after 80 days ago: expires in about 10 days
    await earn(a, 200); // expires in three months
    const tooMany = await transfer(a, b, 201);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      code: 'NOT_ELIGIBLE',
      errors: [{ message: 'households.expiringPoints' }],
    });
    const moved = await transfer(a, b, 200);
    expect(moved.statusCode).toBe(201);
    // The receiver's points expire with the lot they came from, not later.
    const expiresAt = new Date(moved.json().expiresAt).getTime();
    expect(expiresAt).toBeGreaterThan(Date.now() + 80 * DAY);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 93 * DAY);
    // In 15 days the sender's expiring 100 expire as they would have; the receiver keeps 200.
    await runExpiry(t.app.db, null, new Date(Date.now() + 15 * DAY));
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([0, 200]);
    // And the moved points expire at the receiver at their date.
    await runExpiry(t.app.db, null, new Date(expiresAt + 1000));
    expect(await balanceOf(b)).toBe(0);
  });

  it('takes the oldest transferable points first', async () => {
    const { numbers } = await household(2, 'FIFO');
    const [a, b] = numbers as [string, string];
    await earn(a, 100, 40); // expires in about 50 days: transferable
    await earn(a, 100); // expires in three months
    const moved = (await transfer(a, b, 150)).json();
    // The 100 oldest and 50 of the newer: the receiver's points expire with the oldest.
    expect(new Date(moved.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 53 * DAY);
    // At that date the sender loses nothing (the oldest lot is gone); the 50 left expire later.
    await runExpiry(t.app.db, null, new Date(Date.now() + 60 * DAY));
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([50, 0]);
  });

  it('is limited per sender per day', async () => {
    const { numbers } = await household(2, 'DAILY');
    const [a, b] = numbers as [string, string];
    await earn(a, 100);
    for (let i = 0; i < 3; i++) expect((await transfer(a, b, 1)).statusCode).toBe(201);
    const fourth = await transfer(a, b, 1);
    expect(fourth.json()).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      errors: [{ message: 'households.dailyLimit' }],
    });
    // The receiver may still send.
    expect((await transfer(b, a, 1)).statusCode).toBe(201);
  });

  it('needs a key with the transactions scope', async () => {
    const res = await readOnlyKey('POST', '/transfers', { externalId: 'X', from: 'A', to: 'B', points: 1 });
    expect(res.statusCode).toBe(403);
  });

  it('20 parallel transfers from one customer never overdraw', async () => {
    const config = configItemFixtures(t, admin);
    expect((await config.setValue('households.transfersPerDay', 100)).statusCode).toBe(200);
    const { numbers } = await household(3, 'RACE');
    const [a, b, c] = numbers as [string, string, string];
    await earn(a, 100);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => transfer(a, i % 2 ? b : c, 7, `RACE-${unique}-${i}`)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(14);
    expect(answers.filter((r) => r.statusCode !== 201).map((r) => r.json().code)).toEqual(
      Array(6).fill('INSUFFICIENT_POINTS'),
    );
    expect(await balanceOf(a)).toBe(2);
    expect(((await balanceOf(b)) ?? 0) + ((await balanceOf(c)) ?? 0)).toBe(98);
    const [negative] = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from ledger_entries where balance_after < 0`),
    );
    expect(negative?.n).toBe(0);
    expect((await config.setValue('households.transfersPerDay', 3)).statusCode).toBe(200);
  });
});

describe('POST /api/admin/households/transfers', () => {
  it('is held for a second person by default, and posts when approved', async () => {
    const { numbers } = await household(2, 'STAFF');
    const [a, b] = numbers as [string, string];
    await earn(a, 100);
    const enabled = await t.inject({
      method: 'PUT',
      url: '/api/admin/maker-checker',
      as: admin,
      payload: { enabled: true, allowSelfApproval: false, checkerPermission: 'approval.check', services: [] },
    });
    expect(enabled.statusCode).toBe(200);
    const maker = await t.userWith(['household.transfer', 'household.read']);
    const checker = await t.userWith(['household.read', 'approval.check']);
    const held = await staff(
      'POST',
      '/households/transfers',
      { from: a, to: b, points: 40, note: 'Gift' },
      maker,
    );
    expect(held.statusCode).toBe(202);
    expect(await balanceOf(a)).toBe(100);
    // A refusal reaches the maker at once (the preview runs the guards).
    const over = await staff('POST', '/households/transfers', { from: a, to: b, points: 101 }, maker);
    expect(over.json().code).toBe('INSUFFICIENT_POINTS');
    const approved = await t.inject({
      method: 'POST',
      url: `/api/admin/approval-requests/${held.json().requestId}/approve`,
      as: checker,
    });
    expect(approved.statusCode).toBe(200);
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([60, 40]);
  });
});

describe('pool to the head', () => {
  it('moves every consented member’s transferable points to the head in one call, leaving out who a guard stops', async () => {
    const { id, numbers } = await household(4, 'POOL');
    const [head, a, b, c] = numbers as [string, string, string, string];
    await earn(a, 120);
    // b holds points expiring within the policy's 30 days: held back, nothing to pool.
    await earn(b, 80, 80);
    await earn(c, 30);
    await t.app.db.update(customers).set({ status: 'BLOCKED' }).where(eq(customers.customerNumber, c));

    const pooled = await pos('POST', `/customers/${head}/household-pool`, { externalId: 'POOL-1' });
    expect(pooled.statusCode, pooled.body).toBe(200);
    expect(pooled.json()).toMatchObject({
      householdId: id,
      headNumber: head,
      moved: [{ from: a, points: 120, replayed: false }],
      skipped: [
        { customerNumber: b, reason: 'households.nothingToPool' },
        { customerNumber: c, reason: 'households.notActive' },
      ],
      points: 120,
      headBalance: 120,
    });
    expect([await balanceOf(head), await balanceOf(a), await balanceOf(b), await balanceOf(c)]).toEqual([
      120, 0, 80, 30,
    ]);
    // Sent again: the transfers made answer as they were, nothing moves twice.
    const again = await pos('POST', `/customers/${head}/household-pool`, { externalId: 'POOL-1' });
    expect(again.json()).toMatchObject({ moved: [{ from: a, points: 120, replayed: true }], points: 0 });
    expect(await balanceOf(head)).toBe(120);
    // Only the head pools.
    const member = await pos('POST', `/customers/${a}/household-pool`, { externalId: 'POOL-2' });
    expect(member.json()).toMatchObject({
      code: 'NOT_ELIGIBLE',
      errors: [{ message: 'households.notHead' }],
    });
    await t.app.db.update(customers).set({ status: 'ACTIVE' }).where(eq(customers.customerNumber, c));
  });

  it('is a staff action under maker-checker', async () => {
    const { id, numbers } = await household(3, 'SPOOL');
    const [head, a, b] = numbers as [string, string, string];
    await earn(a, 40);
    await earn(b, 60);
    const maker = await t.userWith(['household.pool', 'household.read']);
    const checker = await t.userWith(['household.read', 'approval.check']);
    const held = await staff('POST', `/households/${id}/pool`, { note: 'Family trip' }, maker);
    expect(held.statusCode).toBe(202);
    expect(await balanceOf(head)).toBe(0);
    const approved = await t.inject({
      method: 'POST',
      url: `/api/admin/approval-requests/${held.json().requestId}/approve`,
      as: checker,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect([await balanceOf(head), await balanceOf(a), await balanceOf(b)]).toEqual([100, 0, 0]);
    const got = (await staff('GET', `/households/${id}`)).json();
    expect(got.transfers).toHaveLength(2);
  });
});
