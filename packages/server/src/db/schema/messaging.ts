import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    descriptionAr: text('description_ar').notNull().default(''),
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
    nameAr: text('name_ar').notNull().default(''),
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
 * name in both scripts, subject and first message) carries a trigram index for the queue's search; `due_at` is
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
    // The queue's sorts (newest first by default), with the tie-breaker: a page reads 20 entries.
    index('conversations_created_idx').on(t.createdAt, t.id),
    index('conversations_last_message_idx').on(t.lastMessageAt, t.id),
    index('conversations_status_created_idx').on(t.status, t.createdAt, t.id),
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

/**
 * A message staff send to customers (`create-message`): to one customer, to a list of customer
 * numbers (CSV) or to an audience filter. Sent by the `messaging.outbound-send` job in batches;
 * `cursor` is how far it got (a position in the recipient list, or the last customer id of a
 * filter), so a send interrupted by a restart resumes where its last committed batch ended.
 */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: idColumn(),
    subjectEn: text('subject_en').notNull(),
    subjectAr: text('subject_ar').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyAr: text('body_ar').notNull(),
    templateId: integer('template_id').references(() => messageTemplates.id),
    audienceKind: text('audience_kind', { enum: ['CUSTOMER', 'LIST', 'FILTER'] }).notNull(),
    /** What staff chose (customer number, file name, or the filter), for the screens. */
    audience: jsonb('audience').notNull(),
    /** A filter's audience is the customers who existed when the send was accepted. */
    upToCustomerId: bigint('up_to_customer_id', { mode: 'number' }),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    status: text('status', { enum: ['QUEUED', 'SENDING', 'DONE'] })
      .notNull()
      .default('QUEUED'),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    cursor: bigint('cursor', { mode: 'number' }).notNull().default(0),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('outbound_messages_status_idx').on(t.status, t.id),
    index('outbound_messages_created_idx').on(t.createdAt, t.id),
    check('outbound_messages_channel_check', sql`${t.inApp} or ${t.email}`),
  ],
);

/**
 * The recipients of a send to one customer or to a CSV list: customer ids, sorted, without
 * duplicates (kept apart from the send, so lists of sends never read them).
 */
export const outboundRecipients = pgTable('outbound_recipients', {
  outboundId: integer('outbound_id')
    .primaryKey()
    .references(() => outboundMessages.id),
  customerIds: bigint('customer_ids', { mode: 'number' }).array().notNull(),
});

/**
 * One customer's copy of an outbound message, written in their language with the placeholders
 * filled. Unique per message and customer: a batch run again after a crash sends nobody twice.
 * Ids come from the thread entries' sequence, so the in-app inbox (replies and outbound messages)
 * is one number space for the customer app.
 */
export const outboundDeliveries = pgTable(
  'outbound_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().default(sql`nextval('conversation_entries_id_seq')`),
    outboundId: integer('outbound_id')
      .notNull()
      .references(() => outboundMessages.id),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    status: text('status', { enum: ['SENT', 'SKIPPED', 'FAILED'] }).notNull(),
    reason: text('reason', { enum: ['CUSTOMER_CLOSED', 'NO_EMAIL', 'INVALID_EMAIL'] }),
    /** Delivered to the in-app inbox / queued in the mail outbox. */
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    readAt: at('read_at'),
  },
  (t) => [
    uniqueIndex('outbound_deliveries_outbound_customer_key').on(t.outboundId, t.customerId),
    index('outbound_deliveries_customer_idx').on(t.customerId, t.id),
    index('outbound_deliveries_outbound_status_idx').on(t.outboundId, t.status, t.reason),
  ],
);
