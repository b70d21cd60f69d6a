import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseRule, clamp, evaluationOrder, rawPoints } from './pointsRules.engine.ts';
import type { RuleRow } from './programme.ts';

const conditions = ['GT', 'GTE', 'EQ', 'LT', 'LTE', 'PER_EACH'] as const;
const money = fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100);

const ruleArb = fc
  .record({
    id: fc.integer({ min: 1, max: 1000 }),
    tierId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    amount: money,
    condition: fc.constantFrom(...conditions),
    pointsPerTransaction: fc.integer({ min: 0, max: 1000 }),
    minPoints: fc.integer({ min: 0, max: 500 }),
    span: fc.integer({ min: 0, max: 5000 }),
    priority: fc.integer({ min: 1, max: 5 }),
    status: fc.constantFrom('ACTIVE', 'ACTIVE', 'INACTIVE'),
    validFrom: fc.constantFrom('2026-01-01', '2026-06-01'),
    validUntil: fc.constantFrom('2026-05-31', '2026-12-31'),
  })
  .map(
    ({ span, ...r }): RuleRow => ({
      ...r,
      status: r.status as RuleRow['status'],
      transactionTypeId: 1,
      maxPoints: r.minPoints + span,
      createdAt: new Date(0),
      updatedAt: new Date(0),
    }),
  );
const rulesArb = fc.uniqueArray(ruleArb, { selector: (r) => r.id, maxLength: 8 });
const ctxArb = fc.record({
  tierId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  amount: money,
  date: fc.constantFrom('2025-12-31', '2026-01-01', '2026-05-31', '2026-06-01', '2026-12-31', '2027-01-01'),
});
const noName = () => null;

describe('rule evaluation', () => {
  it('always awards within [min, max] of the rule that fires, or 0 when none fires', () => {
    fc.assert(
      fc.property(rulesArb, ctxArb, (rules, ctx) => {
        const { rule, points } = chooseRule(rules, ctx, noName);
        if (!rule) return points === 0;
        return points >= rule.minPoints && points <= rule.maxPoints;
      }),
    );
  });

  it('is deterministic whatever order the rules come in', () => {
    fc.assert(
      fc.property(rulesArb, ctxArb, fc.integer(), (rules, ctx, seed) => {
        const shuffled = [...rules].sort((a, b) => ((a.id * seed) % 7) - ((b.id * seed) % 7));
        const x = chooseRule(rules, ctx, noName);
        const y = chooseRule(shuffled, ctx, noName);
        expect(y.rule?.id).toBe(x.rule?.id);
        expect(y.points).toBe(x.points);
      }),
    );
  });

  it('fires the first eligible matching rule in evaluation order; no skipped rule could have fired', () => {
    fc.assert(
      fc.property(rulesArb, ctxArb, (rules, ctx) => {
        const { rule, evaluations } = chooseRule(rules, ctx, noName);
        const sorted = [...rules].sort(evaluationOrder);
        const eligible = sorted.filter(
          (r) =>
            r.status === 'ACTIVE' &&
            r.validFrom <= ctx.date &&
            ctx.date <= r.validUntil &&
            (r.tierId === null || r.tierId === ctx.tierId) &&
            rawPoints(r, ctx.amount) !== undefined,
        );
        expect(rule?.id).toBe(eligible[0]?.id);
        expect(evaluations.map((e) => e.ruleId)).toEqual(sorted.map((r) => r.id));
        expect(evaluations.filter((e) => e.verdict === 'FIRED').length).toBe(rule ? 1 : 0);
      }),
    );
  });

  it('gives a tier’s own rule precedence over an all-tiers rule of the same priority', () => {
    const base = conditionRule('GTE', 0, 5);
    const all = { ...base, id: 1, tierId: null };
    const gold = { ...base, id: 2, tierId: 3, pointsPerTransaction: 9 };
    expect(chooseRule([all, gold], { tierId: 3, amount: 10, date: '2026-03-01' }, noName).rule?.id).toBe(2);
    expect(chooseRule([all, gold], { tierId: 1, amount: 10, date: '2026-03-01' }, noName).rule?.id).toBe(1);
  });

  it('awards per each full amount, in cents', () => {
    const per = conditionRule('PER_EACH', 10, 3);
    expect(rawPoints(per, 9.99)).toBeUndefined();
    expect(rawPoints(per, 10)).toBe(3);
    expect(rawPoints(per, 29.99)).toBe(6);
    expect(rawPoints(conditionRule('EQ', 0.3, 1), 0.1 + 0.2)).toBe(1);
    fc.assert(
      fc.property(
        money.filter((a) => a > 0),
        money,
        fc.integer({ min: 0, max: 100 }),
        (unit, amount, ppt) => {
          const raw = rawPoints(conditionRule('PER_EACH', unit, ppt), amount);
          const full = Math.floor(Math.round(amount * 100) / Math.round(unit * 100));
          return full === 0 ? raw === undefined : raw === full * ppt;
        },
      ),
    );
  });

  it('clamps into [min, max]', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (n, a, b) => {
          const [min, max] = a <= b ? [a, b] : [b, a];
          const c = clamp(n, min, max);
          return c >= min && c <= max && (n < min || n > max || c === n);
        },
      ),
    );
  });
});

function conditionRule(
  condition: RuleRow['condition'],
  amount: number,
  pointsPerTransaction: number,
): RuleRow {
  return {
    id: 1,
    transactionTypeId: 1,
    tierId: null,
    amount,
    condition,
    pointsPerTransaction,
    minPoints: 0,
    maxPoints: 1_000_000,
    validFrom: '2026-01-01',
    validUntil: '2026-12-31',
    priority: 1,
    status: 'ACTIVE',
    createdAt: new Date(0),
    updatedAt: new Date(0),
  };
}
