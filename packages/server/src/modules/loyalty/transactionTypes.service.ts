import {
  type TransactionType,
  type TransactionTypeListQuery,
  transactionTypeCommands,
  type transactionTypeResource,
} from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pointsRules, transactionTypes } from '../../db/schema/index.ts';
import { missingTranslation } from '../../platform/bilingual.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { invalidateProgramme } from './programme.ts';

type Row = typeof transactionTypes.$inferSelect;
const toType = (row: Row): TransactionType => isoDates(row);

const listSpec: ResourceListSpec<typeof transactionTypes, typeof transactionTypeResource> = {
  table: transactionTypes,
  sortable: {
    name: transactionTypes.name,
    code: transactionTypes.code,
    type: transactionTypes.type,
    createdAt: transactionTypes.createdAt,
  },
  defaultSort: { field: 'name', direction: 'asc' },
  tieBreaker: transactionTypes.id,
  search: [
    transactionTypes.name,
    transactionTypes.nameAr,
    transactionTypes.code,
    transactionTypes.description,
  ],
  filters: {
    type: (v: Row['type']) => eq(transactionTypes.type, v),
    missingTranslation: missingTranslation(
      [transactionTypes.name, transactionTypes.nameAr],
      [transactionTypes.description, transactionTypes.descriptionAr],
    ),
  },
};

export const listTransactionTypes = (db: Executor, query: TransactionTypeListQuery) =>
  listPage(db, listSpec, query, toType);

async function findType(db: Executor, id: number, forUpdate = false): Promise<Row> {
  return findOrFail(db, transactionTypes, transactionTypes.id, id, 'Transaction type', forUpdate);
}
export const getTransactionType = async (db: Executor, id: number) => toType(await findType(db, id));

export const transactionTypeHandlers = [
  defineHandler(
    transactionTypeCommands.create,
    async ({ tx }, input) => {
      const [row] = (await tx.insert(transactionTypes).values(input).returning()) as [Row];
      await invalidateProgramme(tx);
      const after = toType(row);
      return { result: after, targetType: 'transactionType', targetId: row.id, after };
    },
    { recordKey: (input) => `transactionType:${input.code}` },
  ),
  defineHandler(transactionTypeCommands.update, async ({ tx }, { id, ...input }) => {
    const before = toType(await findType(tx, id, true));
    if (before.type === 'EARN' && input.type !== 'EARN') {
      const [rule] = await tx
        .select({ id: pointsRules.id })
        .from(pointsRules)
        .where(eq(pointsRules.transactionTypeId, id))
        .limit(1);
      if (rule) throw new AppError('CONFLICT', 'Points rules use this type: it must stay an earning type');
    }
    const [row] = (await tx
      .update(transactionTypes)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(transactionTypes.id, id))
      .returning()) as [Row];
    await invalidateProgramme(tx);
    const after = toType(row);
    return { result: after, targetType: 'transactionType', targetId: id, before, after };
  }),
  defineHandler(transactionTypeCommands.delete, async ({ tx }, { id }) => {
    const before = toType(await findType(tx, id, true));
    // Rules and ledger entries reference the type (foreign keys): such a type answers CONFLICT.
    await tx.delete(transactionTypes).where(eq(transactionTypes.id, id));
    await invalidateProgramme(tx);
    return { result: undefined, targetType: 'transactionType', targetId: id, before };
  }),
];
