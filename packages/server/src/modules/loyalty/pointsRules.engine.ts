import type { RuleEvaluation, RuleVerdict } from '@loyalty/contracts';
import type { RuleRow } from './programme.ts';

export interface EarnContext {
  tierId: number | null;
  amount: number;
  /** The transaction's UTC date, YYYY-MM-DD. */
  date: string;
}

export interface RuleChoice {
  rule: RuleRow | undefined;
  points: number;
  evaluations: RuleEvaluation[];
}

/** Amounts are compared in whole cents so 0.1 + 0.2 never decides a rule. */
const cents = (n: number) => Math.round(n * 100);

export const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * The order rules are tried in: priority ascending (1 first), then a rule for the customer's
 * tier before an all-tiers rule, then the older rule. The first matching rule fires.
 */
export function evaluationOrder(a: RuleRow, b: RuleRow): number {
  return a.priority - b.priority || Number(a.tierId === null) - Number(b.tierId === null) || a.id - b.id;
}

/** Points before clamping, or undefined when the amount does not meet the condition. */
export function rawPoints(
  rule: Pick<RuleRow, 'condition' | 'amount' | 'pointsPerTransaction'>,
  amount: number,
) {
  const have = cents(amount);
  const want = cents(rule.amount);
  const fixed = rule.pointsPerTransaction;
  switch (rule.condition) {
    case 'GT':
      return have > want ? fixed : undefined;
    case 'GTE':
      return have >= want ? fixed : undefined;
    case 'EQ':
      return have === want ? fixed : undefined;
    case 'LT':
      return have < want ? fixed : undefined;
    case 'LTE':
      return have <= want ? fixed : undefined;
    case 'PER_EACH':
      return want > 0 && have >= want ? Math.floor(have / want) * fixed : undefined;
  }
}

function verdictOf(rule: RuleRow, ctx: EarnContext): RuleVerdict | undefined {
  if (rule.status !== 'ACTIVE') return 'INACTIVE';
  if (ctx.date < rule.validFrom) return 'NOT_YET_VALID';
  if (ctx.date > rule.validUntil) return 'EXPIRED';
  if (rule.tierId !== null && rule.tierId !== ctx.tierId) return 'OTHER_TIER';
  return undefined;
}

/** Deterministic: the same rules and context always pick the same rule and points. */
export function chooseRule(
  rules: readonly RuleRow[],
  ctx: EarnContext,
  tierName: (id: number) => string | null,
) {
  let chosen: RuleRow | undefined;
  let points = 0;
  const evaluations = [...rules].sort(evaluationOrder).map((rule): RuleEvaluation => {
    const base = {
      ruleId: rule.id,
      priority: rule.priority,
      tierName: rule.tierId === null ? null : tierName(rule.tierId),
      condition: rule.condition,
      amount: rule.amount,
    };
    const refused = verdictOf(rule, ctx);
    const raw = refused ? undefined : rawPoints(rule, ctx.amount);
    if (raw === undefined) {
      return { ...base, verdict: refused ?? 'CONDITION_NOT_MET', rawPoints: null, points: null };
    }
    const clamped = clamp(raw, rule.minPoints, rule.maxPoints);
    if (chosen) return { ...base, verdict: 'OUTRANKED', rawPoints: raw, points: clamped };
    chosen = rule;
    points = clamped;
    return { ...base, verdict: 'FIRED', rawPoints: raw, points: clamped };
  });
  return { rule: chosen, points, evaluations } satisfies RuleChoice;
}

export const utcDate = (d: Date) => d.toISOString().slice(0, 10);
