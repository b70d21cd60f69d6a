import {
  type MessageTemplate,
  type MessageTemplateListQuery,
  messageTemplateCommands,
  type messageTemplateResource,
} from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { messageTemplates } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';

type Row = typeof messageTemplates.$inferSelect;
const toTemplate = (row: Row): MessageTemplate => isoDates(row);

const listSpec: ResourceListSpec<typeof messageTemplates, typeof messageTemplateResource> = {
  table: messageTemplates,
  sortable: {
    name: messageTemplates.name,
    createdAt: messageTemplates.createdAt,
    updatedAt: messageTemplates.updatedAt,
  },
  defaultSort: { field: 'name', direction: 'asc' },
  tieBreaker: messageTemplates.id,
  search: [messageTemplates.name, messageTemplates.nameAr, messageTemplates.bodyEn, messageTemplates.bodyAr],
  filters: { status: (v: Row['status']) => eq(messageTemplates.status, v) },
};

export const listMessageTemplates = (db: Executor, query: MessageTemplateListQuery) =>
  listPage(db, listSpec, query, toTemplate);

const findTemplate = (db: Executor, id: number, forUpdate = false) =>
  findOrFail(db, messageTemplates, messageTemplates.id, id, 'Message template', forUpdate);

export const getMessageTemplate = async (db: Executor, id: number) => toTemplate(await findTemplate(db, id));

export const messageTemplateHandlers = [
  defineHandler(
    messageTemplateCommands.create,
    async ({ tx }, input) => {
      const [row] = (await tx.insert(messageTemplates).values(input).returning()) as [Row];
      return {
        result: toTemplate(row),
        targetType: 'messageTemplate',
        targetId: row.id,
        after: toTemplate(row),
      };
    },
    { recordKey: (input) => input.name.toLowerCase() },
  ),
  defineHandler(messageTemplateCommands.update, async ({ tx }, { id, ...input }) => {
    const before = toTemplate(await findTemplate(tx, id, true));
    const [row] = (await tx
      .update(messageTemplates)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(messageTemplates.id, id))
      .returning()) as [Row];
    const after = toTemplate(row);
    return { result: after, targetType: 'messageTemplate', targetId: id, before, after };
  }),
  defineHandler(messageTemplateCommands.delete, async ({ tx }, { id }) => {
    const before = toTemplate(await findTemplate(tx, id, true));
    await tx.delete(messageTemplates).where(eq(messageTemplates.id, id));
    return { result: undefined, targetType: 'messageTemplate', targetId: id, before };
  }),
];
