import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { currentConfiguration, earningItem, postEarningBatch, programme } from '../loyalty/index.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';

let t: TestApp;
let admin: { authorization: string };
let api: ReturnType<typeof channel>;
let spendTypeId: number;
let transferTypeId: number;
let goldId: number;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
let seq = 0;
let customerSeq = 0;

const earn = (customerNumber: string, amount: number, code = 'CARD_SPEND', occurredAt?: string) =>
  api('POST', '/transactions', {
    externalId: `CH-${++seq}`,
    customerNumber,
    transactionTypeCode: code,
    amount,
    ...(occurredAt ? { occurredAt } : {}),
  });

const admin$ = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.inject({ method, url: `/api/admin${url}`, as: admin, ...(payload ? { payload } : {}) });

const terms = (over: Record<string, unknown> = {}) => ({
  nameEn: `Five card purchases ${Math.random().toString(36).slice(2, 8)}`,
  nameAr: 'خمس مشتريات بالبطاقة',
  descriptionEn: 'Five card purchases this month earn 1,000 points',
  descriptionAr: 'خمس مشتريات بالبطاقة هذا الشهر تكسب ١٠٠٠ نقطة',
  startsAt: iso(Date.now() - 30 * DAY),
  endsAt: iso(Date.now() + 30 * DAY),
  goalKind: 'COUNT',
  transactionTypeIds: [spendTypeId],
  steps: [
    { target: 3, points: 200 },
    { target: 5, points: 1000 },
  ],
  budget: 1_000_000,
  ...over,
});

async function live(over: Record<string, unknown> = {}) {
  await endAll();
  const created = await admin$('POST', '/challenges', terms(over));
  expect(created.statusCode, created.body).toBe(201);
  const activated = await admin$('POST', `/challenges/${created.json().id}/activate`);
  expect(activated.statusCode, activated.body).toBe(200);
  return activated.json() as { id: number; status: string; spent: number; nameEn: string; nameAr: string };
}

/** A customer's ledger through the staff API, as customer info reads it. */
async function ledgerOf(n: string, query: string) {
  const [c] = rowsOf<{ id: number }>(
    await t.app.db.execute(sql`select id from customers where customer_number = ${n}`),
  );
  return (await admin$('GET', `/customers/${c?.id}/ledger?${query}`)).json();
}

async function customer(over: Record<string, unknown> = {}) {
  const number = `CH${++customerSeq}`;
  const res = await api('PUT', `/customers/${number}`, { fullName: `Challenger ${customerSeq}`, ...over });
  expect(res.statusCode, res.body).toBe(201);
  return number;
}

const progressOf = async (number: string, id: number) => {
  const res = await api('GET', `/customers/${number}/challenges`);
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json().items as {
      id: number;
      progress: number;
      stepsReached: number;
      pointsPaid: number;
      joined: boolean;
    }[]
  ).find((c) => c.id === id);
};

const balance = async (number: string) =>
  (await api('GET', `/customers/${number}/balance`)).json().balance as number;
/** What the quick path has left pending on the customer's running row. */
const pendingOf = async (number: string) =>
  rowsOf<{ pending: number }>(
    await t.app.db.execute(sql`select cs.pending_count as pending from challenge_progress cs
      join customers c on c.id = cs.customer_id where c.customer_number = ${number}`),
  )[0]?.pending;
const spentOf = async (id: number) => (await admin$('GET', `/challenges/${id}`)).json().spent as number;

/** Every challenge ends so the next test's earnings move only its own. */
async function endAll() {
  await t.app.db.execute(sql`update challenges set status = 'ENDED' where status = 'ACTIVE'`);
}

/**
 * Each customer's running row (challenge_progress) agrees with their live earnings (an open
 * counter with what the quick path left pending) and with their participations' steps.
 */
async function expectRowsMatchEarnings() {
  const drift = rowsOf<{ customer_id: number }>(
    await t.app.db.execute(sql`select cs.customer_id from challenge_progress cs
      cross join lateral unnest(cs.participant_ids, cs.counts, cs.steps_reached) x (part, n, steps)
      join challenge_participants cp on cp.id = x.part join challenges k on k.id = cp.challenge_id
      cross join lateral challenges_counters(cs.customer_id, x.part, k.goal_kind) c
      where c.n <> x.n + case when x.steps < 0 then 0 when k.goal_kind = 'COUNT' then cs.pending_count
          when k.goal_kind = 'AMOUNT' then cs.pending_cents else 0 end
        or not c.seen <@ cs.seen
        or x.steps <> case when cp.completed_at is not null then -1 else cp.steps_reached end`),
  );
  expect(drift).toEqual([]);
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 999);
  goldId = (await fx.tier('Gold', 1000, 1_000_000)).id;
  spendTypeId = (await fx.type('CARD_SPEND')).id;
  transferTypeId = (await fx.type('TRANSFER')).id;
  await fx.rule({ transactionTypeId: spendTypeId, amount: 10, pointsPerTransaction: 1 });
  await fx.rule({ transactionTypeId: transferTypeId, amount: 10, pointsPerTransaction: 1 });
  api = channel(t, await fx.apiKey());
});

describe('POST /api/admin/challenges (bad input)', () => {
  it('refuses steps out of order, an amount condition without its value, a budget below the reward', async () => {
    for (const [over, path, message] of [
      [
        {
          steps: [
            { target: 5, points: 1 },
            { target: 3, points: 1 },
          ],
        },
        'steps.1.target',
        'stepsAscending',
      ],
      [{ amountCondition: 'GTE' }, 'amountValue', 'amountConditionBoth'],
      [{ budget: 100 }, 'budget', 'budgetBelowReward'],
      [{ repeat: 'PER_PERIOD' }, 'repeat', 'repeatNeedsRolling'],
    ] as const) {
      const res = await admin$('POST', '/challenges', terms(over));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().errors).toContainEqual({ path, message });
    }
  });
  it('refuses an unknown transaction type and a change to an active challenge', async () => {
    const unknown = await admin$('POST', '/challenges', terms({ transactionTypeIds: [99_999] }));
    expect(unknown.json().errors).toContainEqual({
      path: 'transactionTypeIds',
      message: 'unknownTransactionType',
    });
    const k = await live();
    const changed = await admin$('PUT', `/challenges/${k.id}`, terms());
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('CHALLENGE_STATUS');
    await endAll();
  });
});

describe('goal kinds and steps', () => {
  it('COUNT: 3 of 5 pays 200, 5 of 5 pays 1,000, each once; other types do not count', async () => {
    const k = await live();
    const n = await customer();
    for (let i = 0; i < 2; i++) expect((await earn(n, 10)).statusCode).toBe(201);
    await earn(n, 10, 'TRANSFER');
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 2, stepsReached: 0, pointsPaid: 0 });
    await earn(n, 10);
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 3, stepsReached: 1, pointsPaid: 200 });
    for (let i = 0; i < 4; i++) await earn(n, 10);
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 5, stepsReached: 2, pointsPaid: 1200 });
    // 7 card earnings + 1 transfer at 1 point each, and 1,200 from the challenge.
    expect(await balance(n)).toBe(8 + 1200);
    expect(await spentOf(k.id)).toBe(1200);
    await endAll();
  });
  it('AMOUNT with an amount condition: the sum of qualifying amounts', async () => {
    const k = await live({
      goalKind: 'AMOUNT',
      amountCondition: 'GTE',
      amountValue: 50,
      steps: [{ target: 500, points: 300 }],
    });
    const n = await customer();
    await earn(n, 40); // below the condition: not counted
    await earn(n, 250);
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 250, pointsPaid: 0 });
    await earn(n, 250);
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 500, stepsReached: 1, pointsPaid: 300 });
    await endAll();
  });
  it('DAYS: distinct UTC days; TYPES: distinct transaction types', async () => {
    const days = await live({ goalKind: 'DAYS', steps: [{ target: 2, points: 50 }] });
    const n = await customer();
    await earn(n, 10, 'CARD_SPEND', iso(Date.now() - 3 * DAY));
    await earn(n, 10, 'CARD_SPEND', iso(Date.now() - 3 * DAY + 60_000));
    expect(await progressOf(n, days.id)).toMatchObject({ progress: 1 });
    await earn(n, 10);
    expect(await progressOf(n, days.id)).toMatchObject({ progress: 2, pointsPaid: 50 });
    await endAll();
    const types = await live({
      goalKind: 'TYPES',
      transactionTypeIds: [],
      steps: [{ target: 2, points: 75 }],
    });
    const m = await customer();
    await earn(m, 10);
    await earn(m, 10);
    expect(await progressOf(m, types.id)).toMatchObject({ progress: 1 });
    await earn(m, 10, 'TRANSFER');
    expect(await progressOf(m, types.id)).toMatchObject({ progress: 2, pointsPaid: 75 });
    await endAll();
  });
});

describe('opt-in, audience, budget', () => {
  it('an opt-in challenge counts only after the customer joins (integration API), once', async () => {
    const k = await live({ enrolment: 'OPT_IN', steps: [{ target: 2, points: 100 }] });
    const n = await customer();
    await earn(n, 10);
    expect(await progressOf(n, k.id)).toMatchObject({ joined: false, progress: 0 });
    const joined = await api('POST', `/customers/${n}/challenges/${k.id}/join`);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ id: k.id, joined: true, progress: 0 });
    const again = await api('POST', `/customers/${n}/challenges/${k.id}/join`);
    expect(again.statusCode).toBe(200);
    await earn(n, 10);
    await earn(n, 10);
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 2, pointsPaid: 100 });
    const done = await api('POST', `/customers/${n}/challenges/${k.id}/join`);
    expect(done.statusCode).toBe(409);
    expect(done.json().code).toBe('CHALLENGE_NOT_AVAILABLE');
    await endAll();
  });
  it('audience: a tier and a customer list leave others out (and they cannot join)', async () => {
    const inList = await customer();
    const other = await customer();
    const k = await live({ customerNumbers: [inList], steps: [{ target: 1, points: 10 }] });
    await earn(inList, 10);
    await earn(other, 10);
    expect(await progressOf(inList, k.id)).toMatchObject({ pointsPaid: 10 });
    expect(await progressOf(other, k.id)).toBeUndefined();
    const refused = await api('POST', `/customers/${other}/challenges/${k.id}/join`);
    expect(refused.json().code).toBe('CHALLENGE_NOT_AVAILABLE');
    await endAll();
    const gold = await live({ tierIds: [goldId], steps: [{ target: 1, points: 10 }] });
    const blue = await customer();
    await earn(blue, 10);
    expect(await progressOf(blue, gold.id)).toBeUndefined();
    await endAll();
  });
  it('the budget: a step it cannot pay is reached unpaid; the challenge ends when its smallest step cannot be paid', async () => {
    const k = await live({
      steps: [
        { target: 1, points: 100 },
        { target: 2, points: 450 },
      ],
      budget: 550,
    });
    const a = await customer();
    const b = await customer();
    await earn(a, 10);
    await earn(b, 10);
    await earn(a, 10);
    expect(await progressOf(a, k.id)).toMatchObject({ stepsReached: 2, pointsPaid: 100 });
    expect(await admin$('GET', `/challenges/${k.id}`).then((r) => r.json())).toMatchObject({
      spent: 200,
      status: 'ACTIVE',
    });
    const one = await live({ steps: [{ target: 1, points: 300 }], budget: 500 });
    const c = await customer();
    const d = await customer();
    await earn(c, 10);
    await earn(d, 10);
    expect(await progressOf(c, one.id)).toMatchObject({ pointsPaid: 300 });
    expect(await progressOf(d, one.id)).toBeUndefined();
    expect(await admin$('GET', `/challenges/${one.id}`).then((r) => r.json())).toMatchObject({
      spent: 300,
      status: 'ENDED',
    });
  });
});

describe('rolling windows, opt-in beside automatic, the running row', () => {
  it('PER_PERIOD starts the next cycle once the window has passed; ONCE does not count after it', async () => {
    const rolling = { rollingDays: 2, steps: [{ target: 2, points: 50 }] };
    const k = await live({ ...rolling, repeat: 'PER_PERIOD' });
    const n = await customer();
    await earn(n, 10, 'CARD_SPEND', iso(Date.now() - 10 * DAY));
    await earn(n, 10, 'CARD_SPEND', iso(Date.now() - 9 * DAY));
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 2, pointsPaid: 50 });
    await earn(n, 10);
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 1, pointsPaid: 0 });
    await earn(n, 10);
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 2, pointsPaid: 50 });
    expect(await balance(n)).toBe(4 + 100);
    const once = await live(rolling);
    const m = await customer();
    await earn(m, 10, 'CARD_SPEND', iso(Date.now() - 10 * DAY));
    await earn(m, 10);
    expect(await progressOf(m, once.id)).toMatchObject({ progress: 1, pointsPaid: 0 });
    await expectRowsMatchEarnings();
    await endAll();
  });
  it('an opt-in challenge joined beside a running automatic one; a DAYS reversal recounts its days', async () => {
    const auto = await live({ goalKind: 'DAYS', transactionTypeIds: [], steps: [{ target: 3, points: 30 }] });
    const opted = await admin$(
      'POST',
      '/challenges',
      terms({ enrolment: 'OPT_IN', steps: [{ target: 2, points: 20 }] }),
    );
    expect(opted.statusCode, opted.body).toBe(201);
    const optIn = (await admin$('POST', `/challenges/${opted.json().id}/activate`)).json() as { id: number };
    const n = await customer();
    await earn(n, 10, 'CARD_SPEND', iso(Date.now() - 2 * DAY));
    await earn(n, 10, 'TRANSFER', iso(Date.now() - 2 * DAY));
    expect(await progressOf(n, auto.id)).toMatchObject({ progress: 1 });
    expect((await api('POST', `/customers/${n}/challenges/${optIn.id}/join`)).statusCode).toBe(200);
    await earn(n, 10);
    expect(await progressOf(n, auto.id)).toMatchObject({ progress: 2 });
    expect(await progressOf(n, optIn.id)).toMatchObject({ joined: true, progress: 1 });
    // Reversing the day's only transaction takes the day back; another on that day keeps it.
    expect((await api('POST', `/transactions/CH-${seq}/reversal`)).statusCode).toBe(201);
    expect(await progressOf(n, auto.id)).toMatchObject({ progress: 1 });
    expect(await progressOf(n, optIn.id)).toMatchObject({ progress: 0 });
    expect((await api('POST', `/transactions/CH-${seq - 1}/reversal`)).statusCode).toBe(201);
    expect(await progressOf(n, auto.id)).toMatchObject({ progress: 1 });
    // Before the join: the opt-in challenge does not count it.
    await earn(n, 10, 'CARD_SPEND', iso(Date.now() - DAY));
    await earn(n, 10);
    expect(await progressOf(n, auto.id)).toMatchObject({ progress: 3, pointsPaid: 30 });
    expect(await progressOf(n, optIn.id)).toMatchObject({ progress: 1 });
    await earn(n, 10);
    expect(await progressOf(n, optIn.id)).toMatchObject({ progress: 2, pointsPaid: 20 });
    await expectRowsMatchEarnings();
    await endAll();
  });
});

describe('reversal', () => {
  it('REVERSE: a reversed qualifying transaction takes progress and the reward back; exactly once per transaction', async () => {
    const k = await live({ steps: [{ target: 2, points: 100 }], onReversal: 'REVERSE' });
    const n = await customer();
    await earn(n, 10);
    const second = await earn(n, 10);
    const externalId = `CH-${seq}`;
    expect(second.statusCode).toBe(201);
    // The same transaction again (a channel retry) moves nothing.
    const replay = await api('POST', '/transactions', {
      externalId,
      customerNumber: n,
      transactionTypeCode: 'CARD_SPEND',
      amount: 10,
    });
    expect(replay.statusCode).toBe(200);
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 2, pointsPaid: 100 });
    expect(await balance(n)).toBe(102);
    const reversed = await api('POST', `/transactions/${externalId}/reversal`);
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 1, stepsReached: 0, pointsPaid: 0 });
    expect(await balance(n)).toBe(1);
    expect(await spentOf(k.id)).toBe(0);
    // The customer's ledger names the challenge whose reward the reversal took back.
    const ledger = await ledgerOf(n, 'kind=REVERSAL');
    expect(ledger.items.map((e: { origin: unknown }) => e.origin)).toContainEqual({
      type: 'CHALLENGE',
      id: k.id,
      step: 1,
      name: k.nameEn,
      nameAr: k.nameAr,
      takenBack: true,
    });
    // Reached again: paid again.
    await earn(n, 10);
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 2, pointsPaid: 100 });
    await endAll();
  });
  it('KEEP: progress goes back, the reward stays and is not paid twice', async () => {
    const k = await live({ steps: [{ target: 2, points: 100 }], onReversal: 'KEEP' });
    const n = await customer();
    await earn(n, 10);
    await earn(n, 10);
    const reversed = await api('POST', `/transactions/CH-${seq}/reversal`);
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 1, pointsPaid: 100 });
    await earn(n, 10);
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 2, pointsPaid: 100 });
    expect(await spentOf(k.id)).toBe(100);
    await endAll();
  });
});

describe('the quick path (an earning that cannot cross a target only adds to what is pending)', () => {
  it('pays each step at the earning that reaches it, whichever path each earning takes (property)', async () => {
    await endAll();
    // Rewards of distinct bits, so the sum paid says which steps were paid.
    const goals = [
      ['COUNT', [4, 1], [9, 2]],
      ['AMOUNT', [200, 4], [500, 8]],
      ['DAYS', [2, 16], [3, 32]],
      ['TYPES', [2, 64]],
    ] as const;
    for (const [goalKind, ...steps] of goals) {
      const created = await admin$(
        'POST',
        '/challenges',
        terms({
          goalKind,
          transactionTypeIds: [],
          steps: steps.map(([target, points]) => ({ target, points })),
        }),
      );
      expect(created.statusCode, created.body).toBe(201);
      expect((await admin$('POST', `/challenges/${created.json().id}/activate`)).statusCode).toBe(200);
    }
    // An opt-in challenge nobody joins: it never counts, and does not keep earnings off the quick path.
    const optIn = await admin$(
      'POST',
      '/challenges',
      terms({ enrolment: 'OPT_IN', transactionTypeIds: [], steps: [{ target: 1, points: 128 }] }),
    );
    expect((await admin$('POST', `/challenges/${optIn.json().id}/activate`)).statusCode).toBe(200);
    const earning = fc.record({
      amount: fc.constantFrom(10, 40, 60, 99.99, 150),
      // Mostly the same day and type, as a customer's earnings mostly are.
      daysAgo: fc.constantFrom(0, 0, 0, 1, 2),
      transfer: fc.constantFrom(false, false, true),
    });
    let quick = 0;
    const now = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.array(earning, { minLength: 1, maxLength: 14 }), async (earnings) => {
        const n = await customer();
        let count = 0;
        let cents = 0;
        const days = new Set<number>();
        const types = new Set<boolean>();
        let pendingBefore = 0;
        // Every challenge starts at the customer's first earning; an earlier one does not count.
        let joined = Number.POSITIVE_INFINITY;
        for (const e of earnings) {
          const at = now - e.daysAgo * DAY;
          const res = await earn(n, e.amount, e.transfer ? 'TRANSFER' : 'CARD_SPEND', iso(at));
          expect(res.statusCode, res.body).toBe(201);
          if (joined === Number.POSITIVE_INFINITY) joined = at;
          if (at >= joined) {
            count += 1;
            cents += Math.round(e.amount * 100);
            days.add(Math.floor(at / DAY));
            types.add(e.transfer);
          }
          const progress = { COUNT: count, AMOUNT: cents / 100, DAYS: days.size, TYPES: types.size };
          const expected = goals
            .flatMap(([kind, ...steps]) => steps.filter(([target]) => target <= progress[kind]))
            .reduce((sum, [, points]) => sum + points, 0);
          const [row] = rowsOf<{ paid: number; pending: number }>(
            await t.app.db.execute(sql`select
                (select coalesce(sum(po.points), 0)::int from challenge_payouts po
                  where po.customer_id = c.id and po.reason is null) as paid,
                coalesce((select cs.pending_count from challenge_progress cs where cs.customer_id = c.id), 0) as pending
              from customers c where c.customer_number = ${n}`),
          );
          expect(row?.paid).toBe(expected);
          if ((row?.pending ?? 0) > pendingBefore) quick += 1;
          pendingBefore = row?.pending ?? 0;
        }
      }),
      { numRuns: 25 },
    );
    // Both paths were taken (a customer's first earning, and the one after a step, take the full one).
    expect(quick).toBeGreaterThan(0);
    await expectRowsMatchEarnings();
    await endAll();
  });
  it('a target lowered while the challenge is paused is paid at the next earning that reaches it', async () => {
    const body = { steps: [{ target: 10, points: 100 }] };
    const k = await live(body);
    const n = await customer();
    for (let i = 0; i < 4; i++) await earn(n, 10);
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 4, pointsPaid: 0 });
    expect((await admin$('POST', `/challenges/${k.id}/pause`)).statusCode).toBe(200);
    const changed = await admin$(
      'PUT',
      `/challenges/${k.id}`,
      terms({ steps: [{ target: 5, points: 100 }] }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await admin$('POST', `/challenges/${k.id}/activate`)).statusCode).toBe(200);
    // The row's quick path was set for the old target (5 more to go): the change turns it off.
    await earn(n, 10);
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 5, pointsPaid: 100 });
    await expectRowsMatchEarnings();
    await endAll();
  });
  it('a pause and resume with the terms unchanged keeps the quick path; the next step is paid all the same', async () => {
    const k = await live({ steps: [{ target: 5, points: 100 }] });
    const n = await customer();
    for (let i = 0; i < 3; i++) await earn(n, 10);
    expect(await pendingOf(n)).toBe(2);
    expect((await admin$('POST', `/challenges/${k.id}/pause`)).statusCode).toBe(200);
    // Paused: the earning counts in nothing, the row is left as it was.
    await earn(n, 10);
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 3, pointsPaid: 0 });
    expect((await admin$('POST', `/challenges/${k.id}/activate`)).statusCode).toBe(200);
    await earn(n, 10);
    expect(await pendingOf(n)).toBe(3);
    await earn(n, 10);
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 5, pointsPaid: 100 });
    await expectRowsMatchEarnings();
    await endAll();
  });
  it('a reversal while earnings are pending recounts them; the step is paid when reached again', async () => {
    const k = await live({ steps: [{ target: 4, points: 100 }], onReversal: 'REVERSE' });
    const n = await customer();
    for (let i = 0; i < 3; i++) await earn(n, 10);
    expect(await pendingOf(n)).toBe(2);
    expect((await api('POST', `/transactions/CH-${seq - 1}/reversal`)).statusCode).toBe(201);
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 2, pointsPaid: 0 });
    await expectRowsMatchEarnings();
    await earn(n, 10);
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 3, pointsPaid: 0 });
    await earn(n, 10);
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 4, pointsPaid: 100 });
    expect(await balance(n)).toBe(4 + 100);
    await expectRowsMatchEarnings();
    await endAll();
  });
  it("a batch with several of one customer's earnings: each counts in order, whichever path it takes", async () => {
    await endAll();
    const ids: number[] = [];
    for (const over of [
      {
        steps: [
          { target: 5, points: 100 },
          { target: 8, points: 1000 },
        ],
      },
      { goalKind: 'AMOUNT', steps: [{ target: 75, points: 10 }] },
    ]) {
      const created = await admin$('POST', '/challenges', terms(over));
      expect(created.statusCode, created.body).toBe(201);
      expect((await admin$('POST', `/challenges/${created.json().id}/activate`)).statusCode).toBe(200);
      ids.push(created.json().id);
    }
    const n = await customer();
    const other = await customer();
    const base = Date.now() - 2 * HOUR;
    for (let i = 0; i < 2; i++) await earn(n, 10, 'CARD_SPEND', iso(base + i * 60_000));
    expect(await pendingOf(n)).toBe(1);
    // One batch (as an import's): n's six earnings in rounds 1 to 6 — the row lets the 3rd and 4th
    // take the quick path, the 5th reaches the first step, the 6th and 7th quick again, the 8th
    // completes both — beside another customer's three, the first of which starts their
    // participations.
    const batch = await t.app.db.transaction(async (tx) => {
      const prog = await programme(tx);
      const config = await currentConfiguration(tx, prog);
      // A minute apart, so that each reward's entry says at which earning its step was reached.
      const items = [n, other, n, n, other, n, n, other, n].map((customerNumber, j) =>
        earningItem(prog, config, {
          externalId: `CH-${++seq}`,
          customerNumber,
          transactionTypeCode: 'CARD_SPEND',
          amount: 10,
          occurredAt: iso(base + HOUR + j * 60_000),
        }),
      );
      return postEarningBatch(tx, items, config);
    });
    expect(batch.map((r) => r.outcome)).toEqual(Array(9).fill('POSTED'));
    expect(await progressOf(other, ids[0] as number)).toMatchObject({ progress: 3, stepsReached: 0 });
    expect(await progressOf(n, ids[0] as number)).toMatchObject({
      progress: 8,
      stepsReached: 2,
      pointsPaid: 1100,
    });
    expect(await progressOf(n, ids[1] as number)).toMatchObject({
      progress: 80,
      stepsReached: 1,
      pointsPaid: 10,
    });
    expect(await balance(n)).toBe(8 + 1100 + 10);
    const rewards = rowsOf<{ reference: string; at: Date | string }>(
      await t.app.db.execute(sql`select e.reference, e.occurred_at as at from ledger_entries e
        join customers c on c.id = e.customer_id where c.customer_number = ${n} and e.kind = 'ADJUST'
        order by e.reference`),
    );
    // The first step at n's 5th earning (the batch's 4th item), the others at the 8th (its 9th).
    expect(rewards.map((r) => [r.reference, new Date(r.at).getTime()])).toEqual([
      [`challenge:${ids[0]}:1`, base + HOUR + 3 * 60_000],
      [`challenge:${ids[0]}:2`, base + HOUR + 8 * 60_000],
      [`challenge:${ids[1]}:1`, base + HOUR + 8 * 60_000],
    ]);
    // Each completed at its 8th earning (those after it count in neither); with no counter left to
    // move, the quick path leaves the row as it is.
    for (let i = 0; i < 2; i++) await earn(n, 10);
    expect(await pendingOf(n)).toBe(0);
    expect(await progressOf(n, ids[0] as number)).toMatchObject({ progress: 8, stepsReached: 2 });
    await expectRowsMatchEarnings();
    await endAll();
  });
});

describe('steps reached together', () => {
  it('pays several challenges at one earning as one by one: the running balance, the tier moved once, a budget short', async () => {
    await endAll();
    const ids: number[] = [];
    for (const over of [
      { steps: [{ target: 1, points: 600 }], budget: 10_000 },
      { steps: [{ target: 1, points: 500 }], budget: 10_000 },
      {
        goalKind: 'AMOUNT',
        steps: [
          { target: 5, points: 300 },
          { target: 10, points: 300 },
        ],
        budget: 600,
      },
    ]) {
      const created = await admin$('POST', '/challenges', terms(over));
      expect(created.statusCode, created.body).toBe(201);
      expect((await admin$('POST', `/challenges/${created.json().id}/activate`)).statusCode).toBe(200);
      ids.push(created.json().id);
    }
    // Another customer takes half of the third's budget: its two steps no longer fit together.
    expect((await earn(await customer(), 5)).statusCode).toBe(201);
    const n = await customer();
    expect((await earn(n, 10)).statusCode).toBe(201);
    expect(await balance(n)).toBe(1 + 600 + 500 + 300);
    const entries = rowsOf<{ kind: string; points: number; balance_after: number; reference: string | null }>(
      await t.app.db.execute(sql`select e.kind, e.points, e.balance_after, e.reference from ledger_entries e
        join customers c on c.id = e.customer_id where c.customer_number = ${n} order by e.id`),
    );
    expect(entries).toEqual([
      expect.objectContaining({ kind: 'EARN', points: 1, balance_after: 1 }),
      { kind: 'ADJUST', points: 600, balance_after: 601, reference: `challenge:${ids[0]}:1` },
      { kind: 'ADJUST', points: 500, balance_after: 1101, reference: `challenge:${ids[1]}:1` },
      { kind: 'ADJUST', points: 300, balance_after: 1401, reference: `challenge:${ids[2]}:1` },
    ]);
    // The customer's ledger names each reward's challenge and step, in both languages.
    const ledger = await ledgerOf(n, 'kind=ADJUST&sort=createdAt:asc');
    const named = rowsOf<{ id: number; name_en: string; name_ar: string }>(
      await t.app.db.execute(sql`select id, name_en, name_ar from challenges where id in ${ids} order by id`),
    );
    expect(ledger.items.map((e: { origin: unknown }) => e.origin)).toEqual(
      named.map((c) => ({
        type: 'CHALLENGE',
        id: c.id,
        step: 1,
        name: c.name_en,
        nameAr: c.name_ar,
        takenBack: false,
      })),
    );
    // Gold reached at the second reward's entry, as posting them one by one moves it.
    const moves = rowsOf<{ to_tier_id: number; qualifying_points: number }>(
      await t.app.db.execute(sql`select h.to_tier_id, h.qualifying_points from customer_tier_history h
        join customers c on c.id = h.customer_id where c.customer_number = ${n} and h.reason = 'ADJUST'`),
    );
    expect(moves).toEqual([{ to_tier_id: goldId, qualifying_points: 1101 }]);
    const payouts = rowsOf<{ challenge_id: number; step: number; points: number; reason: string | null }>(
      await t.app.db.execute(sql`select po.challenge_id, po.step, po.points, po.reason from challenge_payouts po
        join customers c on c.id = po.customer_id where c.customer_number = ${n} order by po.challenge_id, po.step`),
    );
    expect(payouts).toEqual([
      { challenge_id: ids[0], step: 1, points: 600, reason: null },
      { challenge_id: ids[1], step: 1, points: 500, reason: null },
      { challenge_id: ids[2], step: 1, points: 300, reason: null },
      { challenge_id: ids[2], step: 2, points: 0, reason: 'BUDGET' },
    ]);
    const states = await Promise.all(
      ids.map((id) => admin$('GET', `/challenges/${id}`).then((r) => r.json())),
    );
    expect(states.map((s) => [s.spent, s.status])).toEqual([
      [1200, 'ACTIVE'],
      [1000, 'ACTIVE'],
      [600, 'ENDED'],
    ]);
    expect(await progressOf(n, ids[1] as number)).toMatchObject({ stepsReached: 1, pointsPaid: 500 });
    await expectRowsMatchEarnings();
    await endAll();
  });
});

describe('concurrency', () => {
  it('20 parallel earnings of one customer complete the challenge and pay exactly once', async () => {
    const k = await live({
      steps: [
        { target: 5, points: 200 },
        { target: 20, points: 1000 },
      ],
    });
    const n = await customer();
    const answers = await Promise.all(Array.from({ length: 20 }, () => earn(n, 10)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(await progressOf(n, k.id)).toMatchObject({ progress: 20, stepsReached: 2, pointsPaid: 1200 });
    const [paid] = rowsOf<{ n: number; points: number }>(
      await t.app.db.execute(sql`select count(*)::int as n, coalesce(sum(e.points), 0)::int as points
        from ledger_entries e where e.reference like ${`challenge:${k.id}:%`}`),
    );
    expect(paid).toEqual({ n: 2, points: 1200 });
    expect(await spentOf(k.id)).toBe(1200);
    expect(await balance(n)).toBe(20 + 1200);
    await endAll();
  });
});

describe('the challenge page and the simulate preview', () => {
  it('reports the funnel by step and the cost, lists and exports the participants; previews a transaction', async () => {
    const k = await live();
    const a = await customer();
    const b = await customer();
    for (let i = 0; i < 3; i++) await earn(a, 10);
    await earn(b, 10);
    const report = await admin$('GET', `/challenges/${k.id}/report`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().funnel).toEqual([
      { step: 0, target: 0, customers: 2 },
      { step: 1, target: 3, customers: 1 },
      { step: 2, target: 5, customers: 0 },
    ]);
    expect(report.json().cost).toMatchObject({ participants: 2, completions: 0, pointsPaid: 200 });
    // Its participants, a page at a time: latest first, searched, filtered, exported.
    const participants = async (query = '') => {
      const res = await admin$('GET', `/challenge-participants?challengeId=${k.id}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { items: Record<string, unknown>[]; total: number };
      return {
        total: page.total,
        rows: page.items.map((p) => [p.customerNumber, p.progress, p.stepsReached]),
      };
    };
    expect(await participants()).toEqual({
      total: 2,
      rows: [
        [b, 1, 0],
        [a, 3, 1],
      ],
    });
    expect(await participants('pageSize=1&page=2')).toEqual({ total: 2, rows: [[a, 3, 1]] });
    expect(await participants('sort=stepsReached:desc')).toEqual({
      total: 2,
      rows: [
        [a, 3, 1],
        [b, 1, 0],
      ],
    });
    expect(await participants(`q=${a}`)).toEqual({ total: 1, rows: [[a, 3, 1]] });
    expect((await participants('status=COMPLETED')).total).toBe(0);
    expect((await participants('status=IN_PROGRESS')).total).toBe(2);
    const file = await admin$('GET', `/challenge-participants/export?challengeId=${k.id}`);
    expect(file.statusCode, file.body).toBe(200);
    const lines = file.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(b);
    expect(lines[2]).toContain(a);
    const preview = await admin$(
      'GET',
      `/challenges/preview?customerNumber=${b}&transactionTypeId=${spendTypeId}&amount=10`,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().items).toContainEqual(
      expect.objectContaining({
        challengeId: k.id,
        qualifies: true,
        progressBefore: 1,
        progressAfter: 2,
        points: 0,
      }),
    );
    const other = await admin$(
      'GET',
      `/challenges/preview?customerNumber=${a}&transactionTypeId=${transferTypeId}&amount=10`,
    );
    expect(other.json().items).toContainEqual(expect.objectContaining({ challengeId: k.id, reason: 'TYPE' }));
    await endAll();
  });
});
