import type { Replay } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { replayTuning } from './replays.service.ts';
import { asRuleInput, dayOf, history, replayTesting } from './testing.ts';

/*
 * A points rule's change moves tiers (decisions/replay.md, "Tiers followed"). Twin customers earn
 * the same history: the B twins 30 days earlier while card spend earned 2 points per 10 for every
 * tier (the candidate), the A twins under today's 1 per 10. Silver (from 300 points) earns 4 per 10,
 * so B's twins reach Silver sooner and earn more there: the candidate's replay over A's period must
 * equal B's ledger — the tiers moved along the candidate's points as posting moved them — and say
 * who would be in Silver today. The first three twins of each side start with 240 points from
 * before its period, so the lifetime points before a period count. Then pruning on and off give the
 * same report (a property).
 */

let t: TestApp;
let admin: { authorization: string };
let k: ReturnType<typeof replayTesting>;
type Rule = Record<string, unknown> & { id: number; pointsPerTransaction: number };
let base: Rule;
let ids: { blue: number; silver: number; spend: number; transfer: number; silverRule: number };
const SHIFT = 30;
const CUSTOMERS = 6;
const h = history(72, CUSTOMERS, 11);
const periodA = { from: dayOf(21), to: dayOf(0) };
const periodB = { from: dayOf(21 + SHIFT), to: dayOf(SHIFT) };

/** What a replay reports, but for how much of it was pruned. */
const figures = (r: Replay) => {
  const { prunedEntries: _pruned, ...exactness } = r.exactness ?? ({} as NonNullable<Replay['exactness']>);
  return {
    totals: r.totals,
    byDay: r.byDay,
    byTier: r.byTier,
    byTransactionType: r.byTransactionType,
    byChannel: r.byChannel,
    byExpiryMonth: r.byExpiryMonth,
    tierMoves: r.tierMoves,
    exactness,
  };
};

/**
 * Points from before the period (an adjustment 5 days before it) for the first OPENING twins of a
 * side: their lifetime points start near Silver's threshold, so a replay that left them out would
 * move them at the wrong earning.
 */
const OPENING = 3;
const opening = async (prefix: string, shift: number) => {
  await k.query(sql`select loyalty_post_entry(c.id, 'ADJUST', 240, 'opening balance', true, null,
      ${`${dayOf(26 + shift)}T09:00:00Z`}::timestamptz)
    from customers c where c.customer_number in
      (select ${prefix} || g from generate_series(0, ${OPENING - 1}) g) order by c.id`);
};

const ruleBody = async (id: number): Promise<Rule> => {
  const res = await t.inject({ method: 'GET', url: `/api/admin/points-rules/${id}`, as: admin });
  expect(res.statusCode, res.body).toBe(200);
  return asRuleInput(res.json() as Rule);
};
const put = async (url: string, payload: object) => {
  const res = await t.inject({ method: 'PUT', url, as: admin, payload });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  k = replayTesting(t, admin);
  const { fx } = k;
  const { blue, silver, spend, transfer } = await k.twins(CUSTOMERS);
  if (!silver || blue === null) throw new Error('no tiers');
  const { createdAt: _c, updatedAt: _u, ...silverBody } = silver;
  await put(`/api/admin/tiers/${silver.id}`, { ...silverBody, minPoints: 300 });
  const silverRule = await fx.rule({
    transactionTypeId: spend,
    tierId: silver.id,
    amount: 10,
    pointsPerTransaction: 4,
  });
  const [row] = await k.query<{ id: number }>(sql`select id from points_rules
    where transaction_type_id = ${spend} and tier_id is null`);
  base = await ruleBody(row?.id as number);
  ids = { blue, silver: silver.id, spend, transfer, silverRule: silverRule.id as number };
  // B under the candidate (every tier's card spend 2 per 10), 30 days earlier; then A under today's.
  // Each side's first OPENING twins hold points from before its period, close to Silver's 300.
  await put(`/api/admin/points-rules/${base.id}`, { ...base, id: undefined, pointsPerTransaction: 2 });
  await opening('B', SHIFT);
  await k.post('B', SHIFT, h);
  await put(`/api/admin/points-rules/${base.id}`, { ...base, id: undefined });
  await opening('A', 0);
  await k.post('A', 0, h);
  await t.app.jobs.settled();
}, 180_000);

afterEach(() => {
  replayTuning.prune = true;
  replayTuning.quick = true;
});

describe('a rule change that moves tiers, replayed', () => {
  it('costs what posting the same history under it cost, tiers moving sooner, and says who moves up', async () => {
    const before = await k.footprint();
    const r = await k.replay({
      command: 'pointsRule.update',
      id: base.id,
      input: { ...base, pointsPerTransaction: 2 },
      ...periodA,
    });
    expect(await k.footprint()).toEqual(before);
    const a = await k.ledgerOf('A', 0);
    const b = await k.ledgerOf('B', SHIFT);
    expect(r.totals?.pointsBefore).toBe(a.total);
    expect(r.totals?.pointsAfter).toBe(b.total);
    expect(Object.fromEntries((r.byDay ?? []).map((d) => [d.key, d.pointsAfter]))).toEqual(b.byDay);
    expect(r.totals?.customersAffected).toBe(await k.twinsDiffering());
    // Not vacuous: B's twins earned Silver's rule on more earnings than A's (an earlier upgrade).
    const silverEarnings = (prefix: string) =>
      k.query<{ n: number }>(sql`select count(*)::int as n from ledger_entries e
        join customers c on c.id = e.customer_id where e.rule_id = ${ids.silverRule}
        and c.customer_number like ${`${prefix}%`}`);
    const [[sa], [sb]] = await Promise.all([silverEarnings('A'), silverEarnings('B')]);
    expect(sb?.n).toBeGreaterThan(sa?.n ?? 0);
    // Who would be in Silver today: A's twins in Blue whose B twin is in Silver (the slow way).
    const [up] = await k.query<{ n: number }>(sql`select count(*)::int as n from customers a
      join customers b on b.customer_number = 'B' || substr(a.customer_number, 2)
      where a.customer_number like 'A%' and a.tier_id = ${ids.blue} and b.tier_id = ${ids.silver}`);
    expect(up?.n).toBeGreaterThan(0);
    expect(r.tierMoves).toMatchObject({ up: up?.n, down: 0 });
    expect(r.tierMoves?.sample[0]).toMatchObject({ from: { name: 'Blue' }, to: { name: 'Silver' } });
    // Today's rule moves no one and reproduces the ledger.
    const same = await k.replay({ command: 'pointsRule.update', id: base.id, input: base, ...periodA });
    expect(same.totals).toMatchObject({ difference: 0, customersAffected: 0 });
    expect(same.tierMoves).toMatchObject({ up: 0, down: 0 });
    expect(same.exactness).toMatchObject({ mismatchedEntries: 0, prunedEntries: 0 });
  });

  it('keeps a downgrade for the review under PERIOD_END, set-based as the loop does', async () => {
    // B's history was posted at 2 per 10: its twins were Silver before today's rule (1 per 10) gets
    // them to 300. Replayed paying nothing, the candidate's points leave them Blue where today's
    // reach Silver: a downgrade from the Silver history had, which PERIOD_END leaves for the review.
    const body = {
      command: 'pointsRule.update',
      id: base.id,
      input: { ...base, pointsPerTransaction: 0 },
      ...periodB,
    };
    const immediate = await k.replay(body);
    expect((await k.fx.settings({ downgradePolicy: 'PERIOD_END' })).statusCode).toBe(200);
    try {
      const quick = await k.replay(body);
      replayTuning.quick = false;
      const loop = await k.replay(body);
      expect(figures(quick)).toEqual(figures(loop));
      // Not vacuous: kept Silver, the twins earned Silver's rule where IMMEDIATE made them Blue.
      expect(quick.totals?.pointsAfter).toBeGreaterThan(immediate.totals?.pointsAfter ?? 0);
    } finally {
      await k.fx.settings({ downgradePolicy: 'IMMEDIATE' });
    }
  });

  it('reports the same with pruning on and off, for any change of a rule (property)', async () => {
    const silverRule = await ruleBody(ids.silverRule);
    const transferRule = (
      await k.query<{ id: number }>(
        sql`select id from points_rules where transaction_type_id = ${ids.transfer}`,
      )
    )[0]?.id as number;
    const rules = [base, silverRule, await ruleBody(transferRule)];
    let pruned = 0;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            rule: fc.integer({ min: 0, max: 2 }),
            points: fc.integer({ min: 0, max: 6 }),
            tier: fc.constantFrom<'same' | 'none' | 'blue' | 'silver'>('same', 'none', 'blue', 'silver'),
            condition: fc.constantFrom('PER_EACH', 'GTE'),
            amount: fc.constantFrom(10, 50, 150),
            from: fc.constantFrom<'same' | 'recent'>('same', 'recent'),
            // A change that pays less moves tiers down: under PERIOD_END the tier followed waits.
            policy: fc.constantFrom('IMMEDIATE', 'PERIOD_END'),
          }),
          async (c) => {
            const set = await k.fx.settings({ downgradePolicy: c.policy });
            expect(set.statusCode, set.body).toBe(200);
            const rule = rules[c.rule] as Rule;
            const tierId = { same: rule.tierId, none: null, blue: ids.blue, silver: ids.silver }[c.tier];
            const body = {
              command: 'pointsRule.update',
              id: rule.id,
              input: {
                ...rule,
                pointsPerTransaction: c.points,
                tierId,
                condition: c.condition,
                amount: c.amount,
                ...(c.from === 'recent' && { validFrom: dayOf(8) }),
              },
              ...periodA,
            };
            replayTuning.prune = true;
            const on = await k.replay(body);
            replayTuning.prune = false;
            const off = await k.replay(body);
            expect(off.exactness?.prunedEntries).toBe(0);
            pruned += on.exactness?.prunedEntries ?? 0;
            expect(figures(on)).toEqual(figures(off));
            // Set-based where exact (replays_quick) or every decided earning by the loop: the same report.
            replayTuning.quick = false;
            const loop = await k.replay(body);
            replayTuning.quick = true;
            expect(figures(loop)).toEqual(figures(off));
          },
        ),
        { numRuns: 6, seed: 52 },
      );
    } finally {
      await k.fx.settings({ downgradePolicy: 'IMMEDIATE' });
    }
    // Not vacuous: some of the changes left earnings undecided.
    expect(pruned).toBeGreaterThan(0);
  }, 60_000);
});
