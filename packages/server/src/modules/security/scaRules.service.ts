import {
  type ScaRule,
  type ScaRuleListQuery,
  scaRuleCommands,
  type scaRuleResource,
  systemText,
} from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { scaRules } from '../../db/schema/index.ts';
import { defineSecuredHandler } from '../../platform/auth/step-up.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';

type Row = typeof scaRules.$inferSelect;
const toRule = (row: Row): ScaRule => {
  const description = systemText(`scaRule.${row.operation}.${row.userType}.description`, row.description);
  return { ...isoDates(row), description: description.en, descriptionAr: description.ar };
};

const listSpec: ResourceListSpec<typeof scaRules, typeof scaRuleResource> = {
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
  return findOrFail(db, scaRules, scaRules.id, id, 'SCA rule', forUpdate);
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
