import {
  type PointsRule,
  type PointsRuleInput,
  type PointsRuleListQuery,
  pointsRuleCommands,
  type pointsRuleResource,
  type RuleSimulation,
  type RuleSimulationInput,
} from '@loyalty/contracts';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { campaigns, customers, pointsRules, transactionTypes } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { businessEffect, businessRules } from '../configuration/index.ts';
import { currentConfiguration, decideEarning, ruleVerdicts } from './engine.ts';
import { invalidateProgramme, type Programme, programme } from './programme.ts';

type RuleRow = typeof pointsRules.$inferSelect;

/** Names come from the programme in memory: no join, no N+1. */
const toRule = (prog: Programme, row: RuleRow): PointsRule => {
  const type = prog.typesById.get(row.transactionTypeId);
  const tier = row.tierId === null ? undefined : prog.tiersById.get(row.tierId);
  return isoDates({
    ...row,
    transactionTypeName: type?.name ?? '',
    transactionTypeNameAr: type?.nameAr ?? '',
    transactionTypeCode: type?.code ?? '',
    tierName: tier?.name ?? null,
    tierNameAr: tier?.nameAr ?? null,
  });
};

const listSpec: ResourceListSpec<typeof pointsRules, typeof pointsRuleResource> = {
  table: pointsRules,
  sortable: {
    priority: pointsRules.priority,
    pointsPerTransaction: pointsRules.pointsPerTransaction,
    validFrom: pointsRules.validFrom,
    validUntil: pointsRules.validUntil,
    createdAt: pointsRules.createdAt,
  },
  defaultSort: { field: 'priority', direction: 'asc' },
  tieBreaker: pointsRules.id,
  filters: {
    transactionTypeId: (v: number) => eq(pointsRules.transactionTypeId, v),
    tierId: (v: number) => eq(pointsRules.tierId, v),
    status: (v: RuleRow['status']) => eq(pointsRules.status, v),
  },
};

/** `q` finds the rules of the types and tiers whose name or code contains it (matched in memory). */
function matching(prog: Programme, q: string) {
  const needle = q.toLowerCase();
  const has = (...texts: string[]) => texts.some((t) => t.toLowerCase().includes(needle));
  const typeIds = [...prog.typesById.values()].filter((t) => has(t.name, t.code)).map((t) => t.id);
  const tierIds = prog.tiers.filter((t) => has(t.name)).map((t) => t.id);
  return or(
    typeIds.length ? inArray(pointsRules.transactionTypeId, typeIds) : sql`false`,
    tierIds.length ? inArray(pointsRules.tierId, tierIds) : sql`false`,
  );
}

export async function listPointsRules(db: Executor, query: PointsRuleListQuery) {
  const prog = await programme(db);
  const spec = { ...listSpec, filters: { ...listSpec.filters, q: (q: string) => matching(prog, q) } };
  return listPage(db, spec, query, (row) => toRule(prog, row));
}

async function findRule(db: Executor, id: number, forUpdate = false): Promise<RuleRow> {
  return findOrFail(db, pointsRules, pointsRules.id, id, 'Points rule', forUpdate);
}

export async function getPointsRule(db: Executor, id: number): Promise<PointsRule> {
  return toRule(await programme(db), await findRule(db, id));
}

/** Rules apply to earning types; the tier, if any, must exist (the foreign key says so too). */
async function checkReferences(db: Executor, input: { transactionTypeId: number }) {
  const [type] = await db
    .select({ type: transactionTypes.type })
    .from(transactionTypes)
    .where(eq(transactionTypes.id, input.transactionTypeId));
  if (!type) {
    throw new AppError('VALIDATION_FAILED', undefined, [
      { path: 'transactionTypeId', message: 'ruleFieldsRequired' },
    ]);
  }
  if (type.type !== 'EARN') {
    throw new AppError('VALIDATION_FAILED', undefined, [
      { path: 'transactionTypeId', message: 'earnTypeOnly' },
    ]);
  }
}

const values = (input: PointsRuleInput) => input as typeof pointsRules.$inferInsert;

export const pointsRuleHandlers = [
  defineHandler(pointsRuleCommands.create, async ({ tx }, input) => {
    await checkReferences(tx, input);
    const [row] = (await tx.insert(pointsRules).values(values(input)).returning()) as [RuleRow];
    await invalidateProgramme(tx);
    const after = toRule(await programme(tx), row);
    return { result: after, targetType: 'pointsRule', targetId: row.id, after };
  }),
  defineHandler(pointsRuleCommands.update, async ({ tx }, { id, ...input }) => {
    const prog = await programme(tx);
    const before = toRule(prog, await findRule(tx, id, true));
    await checkReferences(tx, input);
    const [row] = (await tx
      .update(pointsRules)
      .set({ ...values(input), updatedAt: sql`now()` })
      .where(eq(pointsRules.id, id))
      .returning()) as [RuleRow];
    await invalidateProgramme(tx);
    const after = toRule(prog, row);
    return { result: after, targetType: 'pointsRule', targetId: id, before, after };
  }),
  defineHandler(pointsRuleCommands.delete, async ({ tx }, { id }) => {
    const before = toRule(await programme(tx), await findRule(tx, id, true));
    await tx.delete(pointsRules).where(eq(pointsRules.id, id));
    await invalidateProgramme(tx);
    return { result: undefined, targetType: 'pointsRule', targetId: id, before };
  }),
];

/**
 * The dry run behind "simulate": the same decision a posting makes (engine.ts), with every rule's
 * verdict, nothing written.
 */
export async function simulate(db: Executor, input: RuleSimulationInput): Promise<RuleSimulation> {
  const prog = await programme(db);
  const type = prog.typesById.get(input.transactionTypeId);
  if (!type) throw notFound('Transaction type');
  let customer: RuleSimulation['customer'] = null;
  let tierId = input.tierId ?? null;
  let business = false;
  if (input.customerNumber) {
    const [c] = await db
      .select({
        id: customers.id,
        customerNumber: customers.customerNumber,
        fullName: customers.fullName,
        tierId: customers.tierId,
        segment: customers.segment,
      })
      .from(customers)
      .where(eq(customers.customerNumber, input.customerNumber));
    if (!c) throw notFound('Customer');
    customer = { id: c.id, customerNumber: c.customerNumber, fullName: c.fullName };
    tierId = c.tierId;
    business = c.segment === 'BUSINESS';
  }
  const tierName = (id: number) => prog.tiersById.get(id)?.name ?? null;
  const at = input.occurredAt ? new Date(input.occurredAt) : new Date();
  const facts = { typeId: type.id, amount: input.amount, occurredAt: at };
  const choice = await ruleVerdicts(
    db,
    prog.rulesByType.get(type.id) ?? [],
    { tierId, amount: input.amount, date: at.toISOString().slice(0, 10) },
    tierName,
  );
  // What campaigns would add, as the earning's statement decides it. Without a customer, a
  // campaign aimed at a list, a segment or criteria is left out: there is no one to match.
  const config = await currentConfiguration(db, prog, { business: await businessRules(db) });
  if (!customer) {
    config.campaigns = config.campaigns.filter((k) => !k.segments.length && !k.criteria.length);
  }
  const decision = await decideEarning(
    db,
    customer ? { customerId: customer.id } : { tierId },
    facts,
    config,
  );
  return {
    customer,
    tierId,
    tierName: tierId === null ? null : tierName(tierId),
    transactionTypeCode: type.code,
    ruleId: choice.rule?.id ?? null,
    points: choice.points,
    evaluations: choice.evaluations,
    // A business customer's points as the engine would change them (the same database function).
    businessBanking:
      business && customer ? await businessEffect(db, customer.id, choice.points, type.id) : null,
    campaigns: await campaignNames(db, decision.shares),
  };
}

/** Each campaign's share of a decision's bonus, with the campaign's names. */
async function campaignNames(db: Executor, shares: { id: number; points: number }[]) {
  if (!shares.length) return [];
  const names = new Map(
    (
      await db
        .select({ id: campaigns.id, nameEn: campaigns.nameEn, nameAr: campaigns.nameAr })
        .from(campaigns)
        .where(
          inArray(
            campaigns.id,
            shares.map((s) => s.id),
          ),
        )
    ).map((k) => [k.id, k]),
  );
  return shares.map((s) => ({
    campaignId: s.id,
    nameEn: names.get(s.id)?.nameEn ?? '',
    nameAr: names.get(s.id)?.nameAr ?? '',
    bonusPoints: s.points,
  }));
}
