import { type ScaRule, type ScaRuleListQuery, scaRuleCommands } from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { scaRules } from '../../db/schema/index.ts';
import { defineSecuredHandler } from '../../platform/auth/step-up.ts';
import { notFound } from '../../platform/errors.ts';
import { isoDates, type ListSpec, listPage } from '../../platform/lists.ts';

type Row = typeof scaRules.$inferSelect;
const toRule = (row: Row): ScaRule => isoDates(row);

const listSpec: ListSpec<typeof scaRules> = {
  table: scaRules,
  sortable: { operation: scaRules.operation, userType: scaRules.userType, createdAt: scaRules.createdAt },
  defaultSort: { field: 'operation', direction: 'asc' },
  tieBreaker: scaRules.id,
  search: [scaRules.description],
  filters: {
    operation: (v: Row['operation']) => eq(scaRules.operation, v),
    userType: (v: Row['userType']) => eq(scaRules.userType, v),
    status: (v: Row['status']) => eq(scaRules.status, v),
  },
};

export const listScaRules = (db: Executor, query: ScaRuleListQuery) => listPage(db, listSpec, query, toRule);

async function getRow(db: Executor, id: number, forUpdate = false) {
  const q = db.select().from(scaRules).where(eq(scaRules.id, id));
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row) throw notFound('SCA rule');
  return row;
}
export const getScaRule = async (db: Executor, id: number) => toRule(await getRow(db, id));

export const scaRuleHandlers = [
  defineSecuredHandler(scaRuleCommands.create, async ({ tx }, input) => {
    const [row] = (await tx.insert(scaRules).values(input).returning()) as [Row];
    return { result: toRule(row), targetType: 'scaRule', targetId: row.id, after: toRule(row) };
  }),
  defineSecuredHandler(scaRuleCommands.update, async ({ tx }, { id, ...input }) => {
    const before = await getRow(tx, id, true);
    const [row] = (await tx
      .update(scaRules)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(scaRules.id, id))
      .returning()) as [Row];
    return {
      result: toRule(row),
      targetType: 'scaRule',
      targetId: id,
      before: toRule(before),
      after: toRule(row),
    };
  }),
  defineSecuredHandler(scaRuleCommands.delete, async ({ tx }, { id }) => {
    const before = await getRow(tx, id, true);
    await tx.delete(scaRules).where(eq(scaRules.id, id));
    return { result: undefined, targetType: 'scaRule', targetId: id, before: toRule(before) };
  }),
];
