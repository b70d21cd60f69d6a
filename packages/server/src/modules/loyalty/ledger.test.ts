import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, ledgerEntries, scheduledJobs, tierHistory } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { EXPIRY_JOB, runTierReview } from './jobs.ts';
import { addMonths, expireCustomer, postLedgerEntry } from './ledger.service.ts';
import { channel, programmeFixtures } from './testing.ts';

let t: TestApp;
let admin: { authorization: string };
let api: ReturnType<typeof channel>;
let fx: ReturnType<typeof programmeFixtures>;
let n = 0;

const monthsAgo = (m: number) => addMonths(new Date(), -m);

async function newCustomer() {
  n += 1;
  const res = await api('PUT', `/customers/L${n}`, { fullName: `Ledger ${n}` });
  return res.json().id as number;
}
const balanceOf = async (id: number) =>
  (await t.app.db.select({ b: customers.balance }).from(customers).where(eq(customers.id, id)))[0]?.b;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 99);
  await fx.tier('Gold', 100, 99_999);
  api = channel(t, await fx.apiKey());
});

describe('postLedgerEntry', () => {
  it('refuses a debit beyond the balance with INSUFFICIENT_POINTS and changes nothing', async () => {
    const id = await newCustomer();
    await t.app.db.transaction((tx) =>
      postLedgerEntry(tx, { customerId: id, kind: 'ADJUST', points: 40, reference: 't' }),
    );
    await expect(
      t.app.db.transaction((tx) =>
        postLedgerEntry(tx, { customerId: id, kind: 'REDEEM', points: -41, reference: 't' }),
      ),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_POINTS' });
    const posted = await t.app.db.transaction((tx) =>
      postLedgerEntry(tx, { customerId: id, kind: 'REDEEM', points: -40, reference: 't' }),
    );
    expect(posted.balance).toBe(0);
    await expect(
      t.app.db.transaction((tx) =>
        postLedgerEntry(tx, { customerId: 999_999, kind: 'EARN', points: 1, reference: 't' }),
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('counts earnings, not refunds, towards lifetime points and the tier', async () => {
    const id = await newCustomer();
    const post = (kind: 'EARN' | 'REDEEM' | 'REVERSAL', points: number) =>
      t.app.db.transaction((tx) => postLedgerEntry(tx, { customerId: id, kind, points, reference: 't' }));
    await post('EARN', 120);
    await post('REDEEM', -100);
    const refund = await post('REVERSAL', 100);
    expect(refund).toMatchObject({ balance: 120, lifetimePoints: 120 });
    const history = await t.app.db.select().from(tierHistory).where(eq(tierHistory.customerId, id));
    expect(history.map((h) => [h.fromTierName, h.toTierName])).toEqual([['Blue', 'Gold']]);
  });
});

describe('points expiry', () => {
  it('expires the oldest points first, once, through the scheduled job', async () => {
    const id = await newCustomer();
    const post = (points: number, occurredAt: Date, kind: 'EARN' | 'REDEEM' = 'EARN') =>
      t.app.db.transaction((tx) =>
        postLedgerEntry(tx, { customerId: id, kind, points, reference: 't', occurredAt }),
      );
    await post(100, monthsAgo(30)); // expired 6 months ago
    await post(50, monthsAgo(20)); // expires in 4 months
    await post(-30, monthsAgo(10), 'REDEEM'); // spent from the oldest points
    expect(await t.app.jobs.tick()).toContain(EXPIRY_JOB);
    expect(await balanceOf(id)).toBe(50);
    const expired = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.customerId, id));
    expect(expired.filter((e) => e.kind === 'EXPIRE').map((e) => e.points)).toEqual([-70]);
    // The job ran and keeps its watermark; running again expires nothing more.
    await t.app.jobs.requestRun(EXPIRY_JOB);
    await t.app.jobs.tick();
    expect(await balanceOf(id)).toBe(50);
    const [job] = await t.app.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, EXPIRY_JOB));
    expect(job).toMatchObject({ lastStatus: 'OK' });
    const info = await t.inject({ method: 'GET', url: `/api/admin/customers/${id}`, as: admin });
    expect(info.json().expiringPoints).toMatchObject({ points: 50 });
  });

  it('matches a lot-by-lot FIFO model for any history (property)', async () => {
    const event = fc.record({
      monthsAgo: fc.integer({ min: 0, max: 40 }),
      points: fc.integer({ min: -80, max: 120 }).filter((p) => p !== 0),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(event, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 30 }),
        async (events, atAgo) => {
          const id = await newCustomer();
          const sorted = [...events].sort((a, b) => b.monthsAgo - a.monthsAgo);
          // The model: lots with their expiry, debits take from the oldest lot first.
          const lots: { expires: Date; left: number }[] = [];
          for (const e of sorted) {
            const at = monthsAgo(e.monthsAgo);
            const balance = lots.reduce((s, l) => s + l.left, 0);
            if (e.points > 0) lots.push({ expires: addMonths(at, 24), left: e.points });
            else {
              if (-e.points > balance) continue;
              let owed = -e.points;
              for (const l of lots) {
                const take = Math.min(l.left, owed);
                l.left -= take;
                owed -= take;
              }
            }
            await t.app.db.transaction((tx) =>
              postLedgerEntry(tx, {
                customerId: id,
                kind: e.points > 0 ? 'EARN' : 'REDEEM',
                points: e.points,
                reference: 'p',
                occurredAt: at,
              }),
            );
          }
          const at = monthsAgo(atAgo);
          const expected = lots.filter((l) => l.expires <= at).reduce((s, l) => s + l.left, 0);
          const expired = await t.app.db.transaction(async (tx) => {
            await tx.select().from(customers).where(eq(customers.id, id)).for('update');
            return expireCustomer(tx, id, at);
          });
          expect(expired).toBe(expected);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('tier review', () => {
  it('under a rolling window, moves customers whose earnings aged out down, with history', async () => {
    const id = await newCustomer();
    await t.app.db.transaction((tx) =>
      postLedgerEntry(tx, {
        customerId: id,
        kind: 'EARN',
        points: 150,
        reference: 'old',
        occurredAt: monthsAgo(8),
      }),
    );
    expect((await fx.settings({ tierBasis: 'ROLLING', tierWindowMonths: 6 })).statusCode).toBe(200);
    expect(await runTierReview(t.app.db)).toBeGreaterThanOrEqual(1);
    const [c] = await t.app.db.select().from(customers).where(eq(customers.id, id));
    const history = await t.app.db.select().from(tierHistory).where(eq(tierHistory.customerId, id));
    expect(history.at(-1)).toMatchObject({
      fromTierName: 'Gold',
      toTierName: 'Blue',
      reason: 'REVIEW',
      qualifyingPoints: 0,
    });
    expect(c?.tierId).toBe(history.at(-1)?.toTierId);
    await fx.settings({});
  });

  it('under PERIOD_END, a reversal does not downgrade at once; the review does', async () => {
    await fx.settings({ downgradePolicy: 'PERIOD_END' });
    const id = await newCustomer();
    const number = `L${n}`;
    const type = await fx.type(`SPEND${n}`);
    await fx.rule({ transactionTypeId: type.id, amount: 1, pointsPerTransaction: 1 });
    const earned = await api('POST', '/transactions', {
      externalId: `PE-${n}`,
      customerNumber: number,
      transactionTypeCode: type.code,
      amount: 150,
    });
    expect(earned.json().tier).toBe('Gold');
    const reversed = await api('POST', `/transactions/PE-${n}/reversal`);
    expect(reversed.json()).toMatchObject({ balance: 0, tier: 'Gold' });
    await runTierReview(t.app.db);
    const [c] = await t.app.db.select().from(customers).where(eq(customers.id, id));
    const info = await t.inject({ method: 'GET', url: `/api/admin/customers/${c?.id}`, as: admin });
    expect(info.json().tierName).toBe('Blue');
    await fx.settings({});
  });
});
