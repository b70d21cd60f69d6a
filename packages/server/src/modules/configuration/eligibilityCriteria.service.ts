import {
  type EligibilityCheck,
  type EligibilityCriterion,
  type EligibilityCriterionListQuery,
  type EligibilityScope,
  eligibilityCriterionCommands,
  type eligibilityCriterionResource,
  eligibilityScopes,
} from '@loyalty/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';
import { customers, eligibilityCriteria } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { snapshot } from '../../platform/snapshot.ts';

/** An eligibility criterion as the engine evaluates it (db/functions/loyalty_criterion_passes.sql). */
export interface CriterionJson {
  id: number;
  name: string;
  field: string;
  operator: string;
  value: number | string[];
}

type Row = typeof eligibilityCriteria.$inferSelect;
const toCriterion = (row: Row): EligibilityCriterion => ({
  ...isoDates(row),
  value: row.value as EligibilityCriterion['value'],
});
const toJson = (row: Row): CriterionJson => ({
  id: row.id,
  name: row.nameEn,
  field: row.field,
  operator: row.operator,
  value: row.value as CriterionJson['value'],
});

/** The ACTIVE criteria of each scope, by priority: read on every earning, so kept in memory. */
const active = snapshot(['configuration'], async (db: Executor) => {
  const rows = await db
    .select()
    .from(eligibilityCriteria)
    .where(eq(eligibilityCriteria.status, 'ACTIVE'))
    .orderBy(asc(eligibilityCriteria.priority), asc(eligibilityCriteria.id));
  const byScope = new Map<EligibilityScope, CriterionJson[]>(eligibilityScopes.map((s) => [s, []]));
  for (const r of rows) byScope.get(r.scope)?.push(toJson(r));
  return byScope;
});

/** The scope's active criteria, or undefined when it has none (nothing to check). */
export async function criteriaFor(
  db: Executor,
  scope: EligibilityScope,
): Promise<CriterionJson[] | undefined> {
  const list = (await active.get(db)).get(scope);
  return list?.length ? list : undefined;
}

const refusal = (k: CriterionJson | undefined, id: number) =>
  new AppError('NOT_ELIGIBLE', `The customer does not meet the criterion "${k?.name ?? id}"`);

/**
 * Refuses (409 NOT_ELIGIBLE, naming the criterion) a customer who fails an active criterion of
 * the scope: the database's evaluator (loyalty_criteria_failure), in the caller's transaction.
 */
export async function assertEligible(db: Executor, customerId: number, scope: EligibilityScope) {
  const criteria = await criteriaFor(db, scope);
  if (!criteria) return;
  const [row] = rowsOf<{ failed: number | null }>(
    await db.execute(
      sql`select loyalty_criteria_failure(c, ${JSON.stringify(criteria)}::jsonb) as failed from customers c where c.id = ${customerId}`,
    ),
  );
  if (row?.failed != null) {
    throw refusal(
      criteria.find((k) => k.id === Number(row.failed)),
      Number(row.failed),
    );
  }
}

/** The "check a customer" panel: the customer's facts and every active criterion, passed or not. */
export async function checkCustomer(db: Executor, customerNumber: string): Promise<EligibilityCheck> {
  const [c] = await db.select().from(customers).where(eq(customers.customerNumber, customerNumber));
  if (!c) throw notFound('Customer');
  const rows = await db
    .select({
      criterion: eligibilityCriteria,
      passes: sql<boolean>`loyalty_criterion_passes(
        (select x from customers x where x.id = ${c.id}),
        jsonb_build_object('id', ${eligibilityCriteria.id}, 'field', ${eligibilityCriteria.field},
          'operator', ${eligibilityCriteria.operator}, 'value', ${eligibilityCriteria.value}))`,
    })
    .from(eligibilityCriteria)
    .where(eq(eligibilityCriteria.status, 'ACTIVE'))
    .orderBy(asc(eligibilityCriteria.scope), asc(eligibilityCriteria.priority), asc(eligibilityCriteria.id));
  const [facts] = rowsOf<{ days: number; age: number | null }>(
    await db.execute(sql`select (now() at time zone 'UTC')::date - (${c.joinedAt}::timestamptz at time zone 'UTC')::date as days,
      extract(year from age((now() at time zone 'UTC')::date, ${c.dateOfBirth}::date))::integer as age`),
  );
  const results = rows.map((r) => ({ ...toCriterion(r.criterion), passes: r.passes }));
  const eligible = (scope: EligibilityScope) => results.every((r) => r.scope !== scope || r.passes);
  return {
    customerNumber: c.customerNumber,
    fullName: c.fullName,
    facts: {
      segment: c.segment,
      status: c.status,
      daysSinceJoining: Number(facts?.days ?? 0),
      age: facts?.age ?? null,
      nationality: c.nationality,
      residency: c.residency,
      kycLevel: c.kycLevel,
      products: c.products,
    },
    results,
    eligible: { ENROL: eligible('ENROL'), EARN: eligible('EARN'), REDEEM: eligible('REDEEM') },
  };
}

const listSpec: ResourceListSpec<typeof eligibilityCriteria, typeof eligibilityCriterionResource> = {
  table: eligibilityCriteria,
  sortable: {
    priority: eligibilityCriteria.priority,
    nameEn: eligibilityCriteria.nameEn,
    updatedAt: eligibilityCriteria.updatedAt,
  },
  defaultSort: { field: 'priority', direction: 'asc' },
  tieBreaker: eligibilityCriteria.id,
  search: [eligibilityCriteria.nameEn, eligibilityCriteria.nameAr, eligibilityCriteria.field],
  filters: {
    scope: (v: Row['scope']) => eq(eligibilityCriteria.scope, v),
    status: (v: Row['status']) => eq(eligibilityCriteria.status, v),
  },
};

export const listEligibilityCriteria = (db: Executor, query: EligibilityCriterionListQuery) =>
  listPage(db, listSpec, query, toCriterion);

const getRow = (db: Executor, id: number, forUpdate = false) =>
  findOrFail(db, eligibilityCriteria, eligibilityCriteria.id, id, 'Eligibility criterion', forUpdate);

export const getEligibilityCriterion = async (db: Executor, id: number) => toCriterion(await getRow(db, id));

/** List values are stored upper-case for codes, as the customer record holds them. */
const normalized = <T extends { field: string; value: number | string[] }>(input: T): T =>
  typeof input.value === 'number'
    ? input
    : {
        ...input,
        value: [...new Set(input.value.map((v) => (input.field === 'nationality' ? v.toUpperCase() : v)))],
      };

export const eligibilityCriterionHandlers = [
  defineHandler(eligibilityCriterionCommands.create, async ({ tx }, input) => {
    const [row] = (await tx.insert(eligibilityCriteria).values(normalized(input)).returning()) as [Row];
    await active.invalidate(tx);
    const after = toCriterion(row);
    return { result: after, targetType: 'eligibilityCriterion', targetId: row.id, after };
  }),
  defineHandler(eligibilityCriterionCommands.update, async ({ tx }, { id, ...input }) => {
    const before = toCriterion(await getRow(tx, id, true));
    const [row] = (await tx
      .update(eligibilityCriteria)
      .set({ ...normalized(input), updatedAt: sql`now()` })
      .where(and(eq(eligibilityCriteria.id, id)))
      .returning()) as [Row];
    await active.invalidate(tx);
    const after = toCriterion(row);
    return { result: after, targetType: 'eligibilityCriterion', targetId: id, before, after };
  }),
  defineHandler(eligibilityCriterionCommands.delete, async ({ tx }, { id }) => {
    const before = toCriterion(await getRow(tx, id, true));
    await tx.delete(eligibilityCriteria).where(eq(eligibilityCriteria.id, id));
    await active.invalidate(tx);
    return { result: undefined, targetType: 'eligibilityCriterion', targetId: id, before };
  }),
];
