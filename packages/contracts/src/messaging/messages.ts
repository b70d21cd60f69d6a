import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { bigIdSchema, dbId, idInput, idSchema, queryBoolean, requiredText, text } from '../common.ts';
import { boundedInstant } from '../dates.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { messageText } from './messageTemplates.ts';

/**
 * A customer's conversation with the programme's staff: it opens with the customer's message and
 * goes NEW → ASSIGNED → REPLIED → CLOSED (a closed one can be reopened).
 */
export const messageStatuses = ['NEW', 'ASSIGNED', 'REPLIED', 'CLOSED'] as const;
export type MessageStatus = (typeof messageStatuses)[number];
/** Where the customer wrote from, and where replies go: the app's inbox, or e-mail as well. */
export const messageChannels = ['APP', 'EMAIL'] as const;
export const messageEntryKinds = ['INBOUND', 'REPLY', 'NOTE'] as const;

export const messageSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerNumber: z.string(),
  customerName: z.string(),
  customerNameAr: z.string().nullable().describe('The customer’s name in Arabic letters (null: none)'),
  categoryId: z.number().int().nullable(),
  categoryNameEn: z.string().nullable(),
  categoryNameAr: z.string().nullable(),
  channel: z.enum(messageChannels),
  subject: z.string(),
  preview: z.string().describe('The start of the customer’s message'),
  status: z.enum(messageStatuses),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  assigneeNameAr: z.string().nullable(),
  repliedById: z.number().int().nullable(),
  repliedByName: z.string().nullable(),
  repliedByNameAr: z.string().nullable(),
  createdAt: z.string().describe('When the customer wrote, ISO 8601 UTC'),
  lastMessageAt: z.string(),
  repliedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  dueAt: z
    .string()
    .nullable()
    .describe('Reply due by (the category’s response target); null without a category'),
  overdue: z.boolean().describe('Not replied or closed, and past dueAt'),
});
export type Message = z.infer<typeof messageSchema>;

export const messageEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(messageEntryKinds),
  body: z.string(),
  authorName: z.string().nullable().describe('The staff member; null for the customer'),
  createdAt: z.string(),
  readAt: z.string().nullable().describe('When the customer read it in the app (replies)'),
});

export const messageDetailSchema = messageSchema.extend({
  customer: z.object({
    id: z.number().int(),
    customerNumber: z.string(),
    fullName: z.string(),
    language: z.enum(['en', 'ar']),
    tierName: z.string().nullable(),
    tierNameAr: z.string().nullable().describe('The tier’s Arabic name; empty when not translated'),
    balance: z.number().int(),
  }),
  entries: z.array(messageEntrySchema).describe('The thread, oldest first'),
});
export type MessageDetail = z.infer<typeof messageDetailSchema>;

export const messageSortFields = ['createdAt', 'lastMessageAt', 'status'] as const;
export const messageListQuery = listQuerySchema(messageSortFields, {
  status: z.enum(messageStatuses).optional(),
  categoryId: idSchema.optional(),
  channel: z.enum(messageChannels).optional(),
  assigneeId: idSchema.optional(),
  repliedById: idSchema.optional(),
  customerId: bigIdSchema.optional().describe('One customer’s conversations (customer info)'),
  mine: queryBoolean.optional().describe('true: only messages assigned to me (my queue)'),
  overdue: queryBoolean.optional().describe('true: only messages past their response target'),
  from: boundedInstant.optional().describe('Written at or after (ISO 8601)'),
  to: boundedInstant.optional().describe('Written before (ISO 8601)'),
});
export type MessageListQuery = z.output<typeof messageListQuery>;
/** Over a large queue the total is counted up to a bound: `totalCapped` says the true total is larger. */
export const messagePage = pageSchema(messageSchema).extend({ totalCapped: z.boolean() });
export type MessagePage = z.infer<typeof messagePage>;
/** The CSV export takes the queue's search and filters (my queue included), without paging. */

/** A customer's question, from the customer app through the integration API. */
export const channelMessageInput = z.object({
  externalId: text(100)
    .min(1)
    .describe('The app’s id of the message: posting it again answers the first result'),
  subject: text(200).default(''),
  body: requiredText('fillAllFields', 4000),
  categoryId: dbId.nullable().default(null).describe('The category the customer picked, if any'),
  channel: z.enum(messageChannels).default('APP'),
});
export type ChannelMessageInput = z.input<typeof channelMessageInput>;
export const channelMessageResult = z.object({
  messageId: z.number().int(),
  status: z.enum(messageStatuses),
  replayed: z.boolean(),
});

/** Assign to a person, or to the least-loaded active user of a role ("assign by"). */
const assignFields = z.object({ userId: dbId.optional(), roleId: dbId.optional() });
const oneAssignee = (a: z.output<typeof assignFields>) =>
  (a.userId === undefined) !== (a.roleId === undefined);
const oneAssigneeIssue = { error: 'assignToUserOrRole', path: ['userId'] };
export const messageAssignBody = assignFields.refine(oneAssignee, oneAssigneeIssue);
export const messageAssignInput = assignFields.extend(idInput.shape).refine(oneAssignee, oneAssigneeIssue);
/**
 * A reply: its placeholders are filled from the customer's record when sent; it lands in the
 * customer's in-app inbox and, when they have an e-mail address, in their mailbox.
 */
export const messageReplyBody = z.object({
  body: messageText(4000),
  templateId: dbId.nullable().default(null).describe('The template it started from, if any'),
  close: z.boolean().default(false).describe('Reply and close'),
});
export const messageNoteBody = z.object({ body: requiredText('fillAllFields', 4000) });
/** Moves a misfiled conversation to another category (or none); its due time follows. */
export const messageCategoryBody = z.object({ categoryId: dbId.nullable() });

export const messageCommands = {
  assign: command('message.assign', messageAssignInput, 'Assign a customer message'),
  reply: command('message.reply', messageReplyBody.extend(idInput.shape), 'Reply to a customer message'),
  note: command(
    'message.note',
    messageNoteBody.extend(idInput.shape),
    'Add an internal note to a conversation',
  ),
  categorize: command(
    'message.categorize',
    messageCategoryBody.extend(idInput.shape),
    'Change the category of a conversation',
  ),
  close: command('message.close', idInput, 'Close a conversation'),
  reopen: command('message.reopen', idInput, 'Reopen a closed conversation'),
};

/** The customer's in-app inbox: what staff wrote to them, newest first. */
export const inboxEntrySchema = z.object({
  id: z.number().int(),
  kind: z
    .enum(['REPLY', 'OUTBOUND', 'ALERT'])
    .describe('A reply to the customer’s message, a message staff sent them (create-message), or an alert'),
  messageId: z.number().int().nullable().describe('The conversation of a reply; null for a sent message'),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export const inboxQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  unread: queryBoolean.optional(),
});
export const inboxPage = pageSchema(inboxEntrySchema);
export const inboxEntryParams = z.object({ entryId: idSchema });

/**
 * Who can take a message: an active staff member whose active role may read the queue, or such a
 * role ("assign by" a role). Listed for anyone who reads the queue, without the staff screens'
 * permissions (user.read, role.read).
 */
export const assigneeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameAr: z.string().describe('The Arabic name; empty: not given'),
  detail: z.string(),
});
export type Assignee = z.infer<typeof assigneeSchema>;
export const assigneePage = z.object({ items: z.array(assigneeSchema) });
export const assigneeQuery = z.object({
  q: text(100).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const messageRead: ReadPermission = {
  code: 'message.read',
  summary: 'View the message queue and conversations',
};

export const messageResource = defineResource({
  name: 'messages',
  area: 'messaging',
  tag: 'Messaging: conversations',
  item: messageSchema,
  page: messagePage,
  query: messageListQuery,
  sortFields: messageSortFields,
  read: messageRead,
  commands: messageCommands,
  // The message categories are managed on the queue's screen (a tab), which has no route of its own.
  screens: {
    list: { path: 'message', label: 'messageQueue' },
    view: { path: 'admin/message/:id', label: 'messageThread' },
  },
  menu: { group: 'messaging' },
});
