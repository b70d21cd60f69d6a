import type { RuleEvaluation } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';
import type { BusinessRulesJson, CriterionJson, DailyLimit } from '../configuration/index.ts';
import type { Programme, RuleRow } from './programme.ts';

/**
 * The earning decision's inputs (docs/decisions/loyalty-engine.md, "One decision"). The decision
 * itself is one database function, `loyalty_decide_earning` (db/functions/): the same code posts an
 * earning, a batch, the points rules' simulation, and can replay history with another
 * configuration. Everything it decides with is an argument: the customer as they stand, the
 * transaction, and this configuration.
 */
export interface EarningConfiguration {
  /** Every points rule (active or not) of each transaction type, by type id. */
  rules: ReadonlyMap<number, readonly RuleRow[]>;
  /** The earn service's limits per customer per day (service definitions); absent: none. */
  limit?: DailyLimit | undefined;
  /** The earn scope's active eligibility criteria, by priority; absent: none. */
  criteria?: CriterionJson[] | undefined;
  /** The business banking settings; absent while business customers earn as everyone does. */
  business?: BusinessRulesJson | undefined;
  /** The live campaigns, highest priority first. */
  campaigns: readonly EarningCampaign[];
}

/**
 * A live campaign as the decision takes it (modules/campaigns builds them from its campaigns):
 * when it applies (period, UTC days and hours, products, customer list; empty lists: all), whom it
 * targets, and its bonus.
 */
export interface EarningCampaign {
  id: number;
  startsAt: string;
  endsAt: string;
  /** 0 = Sunday. */
  days: number[];
  hourFrom: number | null;
  hourTo: number | null;
  /** Transaction type ids. */
  types: number[];
  /** Customer numbers, upper-case. */
  customers: string[];
  tiers: number[];
  segments: string[];
  criteria: CriterionJson[];
  kind: 'MULTIPLIER' | 'FIXED' | 'PER_AMOUNT';
  value: number;
  per: number | null;
  cap: number | null;
  stackable: boolean;
  /** The share (%) of its customers held out, never awarded (0 or absent: none), and the seed choosing them. */
  holdoutPct?: number;
  holdoutSeed?: number;
  /** A candidate campaign's budget (a draft tried on history); else the budget left is read from `campaigns`. */
  budgetLeft?: number;
}

/** Answers the live campaigns, from memory (the campaigns module provides it: modules/index.ts). */
export type CampaignSource = (db: Executor) => Promise<readonly EarningCampaign[]>;

let campaignSource: CampaignSource | undefined;

/**
 * The campaigns the engine decides with: registered when the app wires its modules
 * (modules/index.ts), not by importing a module. Answers a function that removes it.
 */
export function registerEarnBonus(source: CampaignSource): () => void {
  campaignSource = source;
  return () => {
    if (campaignSource === source) campaignSource = undefined;
  };
}

/** The live campaigns of the registered source; none without one. */
export const liveCampaigns = async (db: Executor): Promise<readonly EarningCampaign[]> =>
  (await campaignSource?.(db)) ?? [];

/** Today's configuration: the programme's rules, the campaigns live now, and the gates given. */
export async function currentConfiguration(
  db: Executor,
  prog: Programme,
  gates: Pick<EarningConfiguration, 'limit' | 'criteria' | 'business'> = {},
): Promise<EarningConfiguration> {
  return { rules: prog.rulesByType, campaigns: await liveCampaigns(db), ...gates };
}

/** The transaction a decision is about. */
export interface EarningFacts {
  typeId: number;
  amount: number;
  occurredAt: Date;
}

/** What `loyalty_decide_earning` answers. */
export interface EarningDecision {
  outcome: 'POSTED' | 'NOT_ACTIVE' | 'NOT_ELIGIBLE' | 'LIMIT_EXCEEDED';
  /** The base award (after business banking), the rule that fired. */
  points: number | null;
  ruleId: number | null;
  /** NOT_ELIGIBLE: the criterion that failed. */
  failedCriterion: number | null;
  bonusPoints: number;
  /** Each campaign's share of the bonus. */
  shares: { id: number; points: number }[];
}

const json = (value: unknown) => sql`${value === undefined ? null : JSON.stringify(value)}::jsonb`;

/**
 * Decides an earning for a customer as they stand now (by id; or a customer of `tierId` who is no
 * one in particular: `customerId` null), with the configuration given: nothing is written, nothing
 * locked. The posting path runs the same function under the customer's lock (earnings.queue.ts).
 */
export async function decideEarning(
  db: Executor,
  who: { customerId: number } | { tierId: number | null },
  facts: EarningFacts,
  config: EarningConfiguration,
): Promise<EarningDecision> {
  const customer =
    'customerId' in who
      ? sql`(select c from customers c where c.id = ${who.customerId})`
      : sql`jsonb_populate_record(null::customers, jsonb_build_object('tier_id', ${who.tierId}::integer,
          'status', 'ACTIVE', 'segment', 'RETAIL', 'customer_number', ''))`;
  const [row] = rowsOf<{
    outcome: EarningDecision['outcome'];
    points: number | null;
    rule_id: number | null;
    failed: number | null;
    bonus_points: number;
    shares: { id: number; points: number }[] | null;
  }>(
    await db.execute(sql`select d.* from loyalty_decide_earning(${customer}, ${facts.typeId}::integer,
      ${facts.amount}::numeric, ${facts.occurredAt.toISOString()}::timestamptz,
      ${json(config.rules.get(facts.typeId) ?? [])}, ${json(config.limit)}, ${json(config.criteria)},
      ${json(config.business)}, ${json(config.campaigns)}) d`),
  );
  if (!row) throw new Error('loyalty_decide_earning answered nothing');
  return {
    outcome: row.outcome,
    points: row.points,
    ruleId: row.rule_id,
    failedCriterion: row.failed,
    bonusPoints: row.bonus_points ?? 0,
    shares: (row.shares ?? []).map(({ id, points }) => ({ id, points })),
  };
}

/**
 * Every rule of `rules` in evaluation order with its verdict, for a tier, an amount and a UTC date
 * (YYYY-MM-DD), as the decision picks its rule (loyalty_rule_verdicts; loyalty_fire_rule for an earning).
 */
export async function ruleVerdicts(
  db: Executor,
  rules: readonly RuleRow[],
  ctx: { tierId: number | null; amount: number; date: string },
  tierName: (id: number) => string | null,
): Promise<{ rule: RuleRow | undefined; points: number; evaluations: RuleEvaluation[] }> {
  const rows = rowsOf<{
    rule_id: number;
    verdict: RuleEvaluation['verdict'];
    raw_points: string | number | null;
    points: number | null;
  }>(
    await db.execute(sql`select * from loyalty_rule_verdicts(${json(rules)}, ${ctx.tierId}::integer,
      ${ctx.amount}::numeric, ${ctx.date}::date)`),
  );
  const byId = new Map(rules.map((r) => [r.id, r]));
  const fired = rows.find((r) => r.verdict === 'FIRED');
  return {
    rule: fired && byId.get(fired.rule_id),
    points: fired?.points ?? 0,
    evaluations: rows.map((r) => {
      const rule = byId.get(r.rule_id) as RuleRow;
      return {
        ruleId: r.rule_id,
        priority: rule.priority,
        tierName: rule.tierId === null ? null : tierName(rule.tierId),
        condition: rule.condition,
        amount: rule.amount,
        verdict: r.verdict,
        rawPoints: r.raw_points === null ? null : Number(r.raw_points),
        points: r.points,
      };
    }),
  };
}
