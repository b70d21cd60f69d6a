/**
 * Two earning batches in flight at once drawing on one campaign whose budget cannot hold both
 * (migrations 0050, 0057): each batch reads the budget without a lock and takes it at its end; the
 * batch that ends second finds the campaign overdrawn (SQLSTATE LY001), and the earnings queue
 * posts that batch's earnings again one by one with the campaign locked (earnings.queue.ts).
 *
 * Deterministic, not timed: the test holds the locks the batches need and lets go of them in turn.
 *  1. A "plug" customer's row and the campaign's row are locked by two transactions of the test.
 *  2. Two earnings of the plug customer fill both batches the queue may have in flight (2); they
 *     wait for the plug's row. Six campaign earnings arrive meanwhile and wait in the queue.
 *  3. The plug is released: each plug batch's end takes the next three waiting earnings (batch
 *     size 3), so two campaign batches start side by side; both read the whole budget, pay every
 *     earning and wait at their end for the campaign's row.
 *  4. The campaign is released: one batch takes its budget, the other fails with LY001 and is
 *     posted again earning by earning, the last awards clipped to what the first one left.
 * PostgreSQL only: PGlite has one connection, so one batch's statement always ends before the next.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { campaigns, customers, ledgerEntries } from '../../db/schema/index.ts';
import { tunableNow } from '../../platform/settings/values.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { configItemFixtures } from '../configuration/testing.ts';
import { postEarning, reportEarningFallbacks } from '../loyalty/index.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';

// The same function, counted: an earning handed to postEarning is in the queue (post is synchronous).
vi.mock('../loyalty/earnings.queue.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../loyalty/earnings.queue.ts')>();
  return { ...actual, postEarning: vi.fn(actual.postEarning) };
});

const PLUG = 'RACE-PLUG';
const RACERS = ['RACE-1', 'RACE-2', 'RACE-3', 'RACE-4', 'RACE-5', 'RACE-6'];
const BUDGET = 45;
const BONUS = 10;
/** 100 spent, 1 point per 10. */
const BASE = 10;

describe.runIf(process.env.DATABASE_URL)('two earning batches racing for one campaign budget (LY001)', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let api: ReturnType<typeof channel>;
  let spendTypeId: number;
  let query: MockInstance<(this: pg.Pool, ...args: unknown[]) => unknown>;

  const admin$ = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.inject({ method, url: `/api/admin${url}`, as: admin, ...(payload ? { payload } : {}) });

  const setTunable = async (key: string, value: number) => {
    const res = await configItemFixtures(t, admin).setValue(key, value);
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => tunableNow(t.app.db, key)).toBe(value);
  };

  const earn = (externalId: string, customerNumber: string) =>
    api('POST', '/transactions', {
      externalId,
      customerNumber,
      transactionTypeCode: 'CARD_SPEND',
      amount: 100,
    });

  /** Sessions of this file's database waiting for a lock in an earning batch's statement. */
  const batchesWaiting = async () =>
    Number(
      rowsOf<{ n: string }>(
        await t.app.db.execute(sql`select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
            and query like '%loyalty_post_earnings%'`),
      )[0]?.n,
    );

  /** A transaction of the test holding `lock` until `release` is called. */
  const hold = async (lock: ReturnType<typeof sql>) => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => {};
    const didLock = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const done = t.app.db.transaction(async (tx) => {
      await tx.execute(lock);
      locked();
      await released;
    });
    await Promise.race([didLock, done]);
    return async () => {
      release();
      await done;
    };
  };

  /** The statements the queue sent to the pool by name, with the external ids each carried and how each ended. */
  const sent = (name: string) =>
    query.mock.calls.flatMap((args, i) => {
      const config = args[0] as { name?: string; values?: unknown[] } | undefined;
      if (config?.name !== name) return [];
      const items = JSON.parse(String(config.values?.[0])) as { externalId: string }[];
      return [{ ids: items.map((it) => it.externalId), settled: query.mock.settledResults[i] }];
    });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.signIn();
    const fx = programmeFixtures(t, admin);
    await fx.tier('Blue', 0, 1_000_000);
    spendTypeId = (await fx.type('CARD_SPEND')).id;
    await fx.rule({ transactionTypeId: spendTypeId, amount: 10, pointsPerTransaction: 1 });
    api = channel(t, await fx.apiKey());
    for (const number of [PLUG, ...RACERS]) {
      const res = await api('PUT', `/customers/${number}`, { fullName: `Customer ${number}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    query = vi.spyOn(pg.Pool.prototype, 'query') as unknown as typeof query;
  }, 60_000);

  afterAll(() => {
    vi.restoreAllMocks();
  });

  it('posts every earning once, the losing batch again one by one, and pays no more than the budget', async () => {
    const warned: object[] = [];
    reportEarningFallbacks(t.app.db, { warn: (details) => warned.push(details) });
    // Two batches may be on their way at once, three earnings each.
    await setTunable('loyalty.earningBatchesInFlight', 2);
    await setTunable('loyalty.earningBatchSize', 3);
    const created = await admin$('POST', '/campaigns', {
      nameEn: 'Race for the budget',
      nameAr: 'سباق على الميزانية',
      descriptionEn: 'Ten points more per card spend',
      descriptionAr: 'عشر نقاط إضافية لكل إنفاق بالبطاقة',
      startsAt: new Date(Date.now() - 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      transactionTypeIds: [spendTypeId],
      customerNumbers: RACERS,
      bonusKind: 'FIXED',
      bonusValue: BONUS,
      // 3 × 10 fits, 6 × 10 does not.
      budget: BUDGET,
    });
    expect(created.statusCode, created.body).toBe(201);
    const k = (await admin$('POST', `/campaigns/${created.json().id}/activate`)).json() as { id: number };
    const counted = vi.mocked(postEarning);
    counted.mockClear();
    query.mockClear();

    // 1. The campaign's row and the plug customer's row, locked.
    const releaseCampaign = await hold(sql`select id from campaigns where id = ${k.id} for update`);
    const releasePlug = await hold(sql`select id from customers where customer_number = ${PLUG} for update`);

    // 2. Both batches in flight are the plug's, waiting for its row; the campaign earnings queue up.
    const plugs = [earn('RACE-PLUG-1', PLUG), earn('RACE-PLUG-2', PLUG)];
    await expect.poll(batchesWaiting, { timeout: 10_000 }).toBe(2);
    const racing = RACERS.map((number) => earn(`RACE-EARN-${number}`, number));
    await expect.poll(() => counted.mock.calls.length, { timeout: 10_000 }).toBe(2 + RACERS.length);
    expect(
      sent('loyalty_post_earnings')
        .flatMap((s) => s.ids)
        .sort(),
    ).toEqual(['RACE-PLUG-1', 'RACE-PLUG-2']);

    // 3. The plug released: two batches of three campaign earnings, both waiting for the campaign's row.
    await releasePlug();
    for (const res of await Promise.all(plugs)) expect(res.statusCode, res.body).toBe(201);
    await expect.poll(batchesWaiting, { timeout: 10_000 }).toBe(2);
    const batches = sent('loyalty_post_earnings').slice(2);
    expect(batches.map((b) => b.ids.length)).toEqual([3, 3]);
    expect(batches.flatMap((b) => b.ids).sort()).toEqual(RACERS.map((n) => `RACE-EARN-${n}`));

    // 4. The campaign released: one batch ends, the other fails with LY001 and is posted again.
    await releaseCampaign();
    const answers = await Promise.all(racing);
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);

    const ended = batches.map((b) => b.settled);
    expect(ended.map((s) => s?.type).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = batches.find((b) => b.settled?.type === 'rejected');
    const won = batches.find((b) => b.settled?.type === 'fulfilled');
    expect((lost?.settled?.value as { code?: string } | undefined)?.code).toBe('LY001');
    // The fallback: the losing batch's earnings, one statement each with the campaign locked, in
    // the batch's (customer number) order; nothing else was posted again.
    const retried = sent('loyalty_post_earning_locked');
    expect(retried.map((r) => r.ids)).toEqual(lost?.ids.map((id) => [id]));
    expect(retried.map((r) => r.settled?.type)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(sent('loyalty_post_earnings')).toHaveLength(4);
    expect(warned).toEqual([expect.objectContaining({ code: 'LY001', earnings: 3 })]);

    // Every earning once, with its base points; the winner's paid in full, the loser's clipped to
    // what the winner left (15: 10, then 5, then nothing).
    const entries = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(
        inArray(ledgerEntries.externalId, [
          ...RACERS.map((n) => `RACE-EARN-${n}`),
          'RACE-PLUG-1',
          'RACE-PLUG-2',
        ]),
      );
    expect(entries).toHaveLength(RACERS.length + 2);
    const byId = new Map(entries.map((e) => [e.externalId, e]));
    const bonusOf = (id: string) => byId.get(id)?.bonusPoints;
    expect(won?.ids.map(bonusOf)).toEqual([BONUS, BONUS, BONUS]);
    expect(lost?.ids.map(bonusOf)).toEqual([BONUS, BUDGET - 4 * BONUS, 0]);
    for (const e of entries) {
      expect(e).toMatchObject({ kind: 'EARN', points: BASE + e.bonusPoints });
      expect(e.campaignId).toBe(e.bonusPoints > 0 ? k.id : null);
    }
    // The channel was answered what the ledger holds.
    RACERS.forEach((number, i) => {
      const entry = byId.get(`RACE-EARN-${number}`);
      expect(answers[i]?.json()).toMatchObject({
        entryId: entry?.id,
        pointsAwarded: entry?.points,
        bonusPoints: entry?.bonusPoints,
      });
    });

    // The budget: spent to the last point, never over, and equal to what the ledger and the awards hold.
    const bonusTotal = entries.reduce((s, e) => s + e.bonusPoints, 0);
    const [row] = await t.app.db.select().from(campaigns).where(eq(campaigns.id, k.id));
    expect(bonusTotal).toBe(BUDGET);
    expect(row).toMatchObject({
      budget: BUDGET,
      spent: bonusTotal,
      status: 'ENDED',
      endedReason: 'BUDGET',
      customersReached: RACERS.length - 1,
    });
    const [awards] = rowsOf<{ s: string | null; n: string }>(
      await t.app.db.execute(
        sql`select sum(points) as s, count(*) as n from campaign_awards where campaign_id = ${k.id}`,
      ),
    );
    expect({ sum: Number(awards?.s), count: Number(awards?.n) }).toEqual({
      sum: BUDGET,
      count: RACERS.length - 1,
    });

    // Each balance is the sum of its ledger (the rolled-back batch left nothing behind).
    const balances = rowsOf<{ customer_number: string; balance: number; ledger: string }>(
      await t.app.db.execute(sql`select c.customer_number, c.balance, coalesce(sum(e.points), 0) as ledger
        from customers c left join ledger_entries e on e.customer_id = c.id
        where c.customer_number in (${sql.join(
          [PLUG, ...RACERS].map((n) => sql`${n}`),
          sql`, `,
        )})
        group by c.customer_number, c.balance order by c.customer_number`),
    );
    expect(balances).toHaveLength(RACERS.length + 1);
    for (const b of balances) expect(b.balance, b.customer_number).toBe(Number(b.ledger));
    const [plug] = await t.app.db.select().from(customers).where(eq(customers.customerNumber, PLUG));
    expect(plug?.balance).toBe(2 * BASE);
  });
});
