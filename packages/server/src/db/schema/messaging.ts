import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { roles, users } from './identity.ts';

/** What customers write about, with the response target that marks a message overdue. */
export const messageCategories = pgTable(
  'message_categories',
  {
    id: idColumn(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    description: text('description').notNull().default(''),
    responseTargetHours: integer('response_target_hours').notNull(),
    defaultAssigneeRoleId: integer('default_assignee_role_id').references(() => roles.id),
    status: text('status', { enum: ['ACTIVE', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('message_categories_name_en_key').on(sql`lower(${t.nameEn})`),
    check('message_categories_target_check', sql`${t.responseTargetHours} between 1 and 720`),
  ],
);

/** Reply and outbound templates: the body in both languages, with `{{placeholders}}`. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: idColumn(),
    name: text('name').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyAr: text('body_ar').notNull(),
    additionalInfo: text('additional_info').notNull().default(''),
    status: text('status', { enum: ['ACTIVE', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('message_templates_name_key').on(sql`lower(${t.name})`)],
);

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A customer's conversation, opened by their message. `search_text` (lower-cased customer number,
 * name, subject and first message) carries a trigram index for the queue's search; `due_at` is
 * the first message's time plus the category's response target (null without a category).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: idColumn(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    categoryId: integer('category_id').references(() => messageCategories.id),
    channel: text('channel', { enum: ['APP', 'EMAIL'] }).notNull(),
    externalId: text('external_id'),
    subject: text('subject').notNull().default(''),
    preview: text('preview').notNull(),
    status: text('status', { enum: ['NEW', 'ASSIGNED', 'REPLIED', 'CLOSED'] }).notNull(),
    assigneeId: integer('assignee_id').references(() => users.id),
    repliedById: integer('replied_by_id').references(() => users.id),
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    lastMessageAt: at('last_message_at').notNull().defaultNow(),
    dueAt: at('due_at'),
    repliedAt: at('replied_at'),
    closedAt: at('closed_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('conversations_external_id_key').on(t.externalId),
    index('conversations_status_created_idx').on(t.status, t.createdAt),
    index('conversations_assignee_idx').on(t.assigneeId, t.status),
    index('conversations_customer_idx').on(t.customerId, t.createdAt),
    index('conversations_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** The thread: the customer's messages, staff replies and internal notes, in order. */
export const conversationEntries = pgTable(
  'conversation_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id),
    kind: text('kind', { enum: ['INBOUND', 'REPLY', 'NOTE'] }).notNull(),
    body: text('body').notNull(),
    authorId: integer('author_id').references(() => users.id),
    templateId: integer('template_id').references(() => messageTemplates.id),
    createdAt: createdAt(),
    readAt: at('read_at'),
  },
  (t) => [index('conversation_entries_conversation_idx').on(t.conversationId, t.id)],
);
