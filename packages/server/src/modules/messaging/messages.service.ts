import {
  type channelCommands,
  localName,
  type Message,
  type MessageDetail,
  type MessageListQuery,
  type MessagePlaceholder,
  messageCommands,
  type messageResource,
  renderMessage,
} from '@loyalty/contracts';
import { and, asc, count, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, readAll, rowsOf } from '../../db/client.ts';
import {
  alertDeliveries,
  conversationEntries,
  conversations,
  customers,
  messageCategories,
  messageTemplates,
  outboundDeliveries,
  users,
} from '../../db/schema/index.ts';
import type { Actor as CommandActor } from '../../platform/access.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { enqueueMail } from '../../platform/mail.ts';
import { findOrFail } from '../../platform/records.ts';
import { tunable } from '../../platform/settings/values.ts';
import { customerLabels, findCustomerByNumber } from '../customers/index.ts';
import { nextExpiry, type Programme, programme } from '../loyalty/index.ts';
import { roleHandlesMessages } from './assignees.service.ts';

type Row = typeof conversations.$inferSelect;
type Actor = { userId: number };
const PREVIEW = 200;
const open = ['NEW', 'ASSIGNED'] as const;

const listSpec: ResourceListSpec<typeof conversations, typeof messageResource> = {
  table: conversations,
  sortable: {
    createdAt: conversations.createdAt,
    lastMessageAt: conversations.lastMessageAt,
    status: conversations.status,
  },
  defaultSort: { field: 'createdAt', direction: 'desc' },
  tieBreaker: conversations.id,
  search: [conversations.searchText],
  filters: {
    status: (v: Row['status']) => eq(conversations.status, v),
    categoryId: (v: number) => eq(conversations.categoryId, v),
    channel: (v: Row['channel']) => eq(conversations.channel, v),
    assigneeId: (v: number) => eq(conversations.assigneeId, v),
    repliedById: (v: number) => eq(conversations.repliedById, v),
    customerId: (v: number) => eq(conversations.customerId, v),
    // `mine` is turned into `assigneeId` by listMessages, which knows who asks.
    mine: () => undefined,
    overdue: (v: boolean) =>
      v ? and(inArray(conversations.status, [...open]), lt(conversations.dueAt, sql`now()`)) : undefined,
    from: (v: string) => gte(conversations.createdAt, new Date(v)),
    to: (v: string) => lt(conversations.createdAt, new Date(v)),
  },
};

/** Customer, category and staff names of a page of conversations: one query each, no N+1. */
async function toMessages(db: Executor, rows: Row[]): Promise<Message[]> {
  const ids = <T>(pick: (r: Row) => T | null) => [
    ...new Set(rows.map(pick).filter((v): v is T => v !== null)),
  ];
  const customerIds = ids((r) => r.customerId);
  const categoryIds = ids((r) => r.categoryId);
  const userIds = ids((r) => r.assigneeId).concat(ids((r) => r.repliedById));
  const [customerOf, categoryRows, userRows] = await readAll(db, [
    () => customerLabels(db, customerIds),
    () =>
      categoryIds.length
        ? db
            .select({ id: messageCategories.id, en: messageCategories.nameEn, ar: messageCategories.nameAr })
            .from(messageCategories)
            .where(inArray(messageCategories.id, categoryIds))
        : [],
    () =>
      userIds.length
        ? db
            .select({ id: users.id, name: users.fullName, nameAr: users.fullNameAr })
            .from(users)
            .where(inArray(users.id, userIds))
        : [],
  ]);
  const category = new Map(categoryRows.map((c) => [c.id, c]));
  const user = new Map(userRows.map((u) => [u.id, u]));
  const now = Date.now();
  return rows.map((r) => ({
    id: r.id,
    customerId: r.customerId,
    ...customerOf(r.customerId),
    categoryId: r.categoryId,
    categoryNameEn: r.categoryId === null ? null : (category.get(r.categoryId)?.en ?? null),
    categoryNameAr: r.categoryId === null ? null : (category.get(r.categoryId)?.ar ?? null),
    channel: r.channel,
    subject: r.subject,
    preview: r.preview,
    status: r.status,
    assigneeId: r.assigneeId,
    assigneeName: r.assigneeId === null ? null : (user.get(r.assigneeId)?.name ?? null),
    assigneeNameAr: r.assigneeId === null ? null : (user.get(r.assigneeId)?.nameAr ?? null),
    repliedById: r.repliedById,
    repliedByName: r.repliedById === null ? null : (user.get(r.repliedById)?.name ?? null),
    repliedByNameAr: r.repliedById === null ? null : (user.get(r.repliedById)?.nameAr ?? null),
    createdAt: r.createdAt.toISOString(),
    lastMessageAt: r.lastMessageAt.toISOString(),
    repliedAt: r.repliedAt?.toISOString() ?? null,
    closedAt: r.closedAt?.toISOString() ?? null,
    dueAt: r.dueAt?.toISOString() ?? null,
    overdue: (open as readonly string[]).includes(r.status) && r.dueAt !== null && r.dueAt.getTime() < now,
  }));
}

async function customerByNumber(db: Executor, q: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(inArray(customers.customerNumber, [...new Set([q.trim(), q.trim().toUpperCase()])]))
    .limit(1);
  return row?.id;
}

/** The queue: `mine=true` is the caller's own queue. */
export async function listMessages(db: Executor, query: MessageListQuery, actor: Actor) {
  let scoped = query.mine ? { ...query, assigneeId: actor.userId } : query;
  // A whole customer number is that customer's conversations (by their index), not a text search.
  const customer = scoped.q ? await customerByNumber(db, scoped.q) : undefined;
  if (customer) scoped = { ...scoped, q: undefined, customerId: customer };
  // Over a large queue the total is counted up to a bound, as the customer list does; a text
  // search to a lower one, since every row it counts is a pattern match.
  const countLimit = await tunable<number>(
    db,
    scoped.q ? 'lists.messageSearchCountCap' : 'lists.messageCountCap',
  );
  const page = await listPage(
    db,
    { ...listSpec, countLimit },
    { ...scoped, q: scoped.q?.toLowerCase() },
    (row) => row,
  );
  return { ...page, items: await toMessages(db, page.items) };
}

/** The export's columns: the queue as staff read it, names rather than ids. */
export const messageExportColumns = [
  'id',
  'createdAt',
  'customerNumber',
  'customerName',
  'customerNameAr',
  'categoryNameEn',
  'categoryNameAr',
  'channel',
  'subject',
  'preview',
  'status',
  'assigneeName',
  'repliedByName',
  'repliedAt',
  'closedAt',
  'dueAt',
  'overdue',
] as const;

export const findConversation = (db: Executor, id: number, forUpdate = false) =>
  findOrFail(db, conversations, conversations.id, id, 'Message', forUpdate);

/** A conversation with the customer's card and the whole thread, oldest first. */
export async function getMessage(db: Executor, id: number): Promise<MessageDetail> {
  const row = await findConversation(db, id);
  const [[message], customer, prog, entries] = await readAll(db, [
    () => toMessages(db, [row]),
    () => findOrFail(db, customers, customers.id, row.customerId, 'Customer'),
    () => programme(db),
    () =>
      db
        .select({ entry: conversationEntries, authorName: users.fullName })
        .from(conversationEntries)
        .leftJoin(users, eq(users.id, conversationEntries.authorId))
        .where(eq(conversationEntries.conversationId, id))
        .orderBy(asc(conversationEntries.id)),
  ]);
  const tier = customer.tierId === null ? undefined : prog.tiersById.get(customer.tierId);
  return {
    ...(message as Message),
    customer: {
      id: customer.id,
      customerNumber: customer.customerNumber,
      fullName: customer.fullName,
      language: customer.language,
      tierName: tier?.name ?? null,
      tierNameAr: tier?.nameAr ?? null,
      balance: customer.balance,
    },
    entries: entries.map(({ entry, authorName }) => ({
      id: entry.id,
      kind: entry.kind,
      body: entry.body,
      authorName: entry.authorId === null ? null : authorName,
      createdAt: entry.createdAt.toISOString(),
      readAt: entry.readAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Who takes a new message of a category with a default assignee role: the active user of that
 * role with the fewest open messages (ties: the lowest id), so work spreads evenly.
 */
async function nextAssignee(db: Executor, roleId: number): Promise<number | undefined> {
  const [pick] = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(
      conversations,
      and(eq(conversations.assigneeId, users.id), inArray(conversations.status, [...open])),
    )
    .where(and(eq(users.roleId, roleId), eq(users.status, 'ACTIVE'), roleHandlesMessages(roleId)))
    .groupBy(users.id)
    .orderBy(asc(count(conversations.id)), asc(users.id))
    .limit(1);
  return pick?.id;
}

/**
 * A customer's message from the app: opens a conversation (assigned by the category's default
 * role when it has one). The same `externalId` again answers the first result.
 */
export async function receiveMessage(
  db: Executor,
  input: z.output<typeof channelCommands.postMessage.input>,
) {
  const [seen] = await db
    .select({ id: conversations.id, status: conversations.status })
    .from(conversations)
    .where(eq(conversations.externalId, input.externalId));
  if (seen) return { messageId: seen.id, status: seen.status, replayed: true };

  const customer = await findCustomerByNumber(db, input.customerNumber);
  if (customer.status !== 'ACTIVE') throw new AppError('CUSTOMER_NOT_ACTIVE');
  const category =
    input.categoryId === null
      ? undefined
      : await findOrFail(db, messageCategories, messageCategories.id, input.categoryId, 'Message category');
  if (category && category.status !== 'ACTIVE') {
    throw new AppError('VALIDATION_FAILED', 'The category is disabled', [
      { path: 'categoryId', message: 'categoryDisabled' },
    ]);
  }
  const assigneeId =
    category?.defaultAssigneeRoleId != null
      ? await nextAssignee(db, category.defaultAssigneeRoleId)
      : undefined;
  const [row] = (await db
    .insert(conversations)
    .values({
      customerId: customer.id,
      categoryId: category?.id ?? null,
      channel: input.channel,
      externalId: input.externalId,
      subject: input.subject,
      preview: input.body.slice(0, PREVIEW),
      status: assigneeId ? 'ASSIGNED' : 'NEW',
      assigneeId: assigneeId ?? null,
      searchText: [
        customer.customerNumber,
        customer.fullName,
        customer.fullNameAr ?? '',
        input.subject,
        input.body.slice(0, 1000),
      ]
        .join(' ')
        .toLowerCase(),
      dueAt: category ? sql`now() + make_interval(hours => ${category.responseTargetHours})` : null,
    })
    .returning()) as [Row];
  await db.insert(conversationEntries).values({ conversationId: row.id, kind: 'INBOUND', body: input.body });
  return { messageId: row.id, status: row.status, replayed: false };
}

/**
 * The customer's in-app inbox, newest first: staff replies (internal notes never show) and the
 * messages staff sent them (outbound deliveries to the inbox). Both take their ids from one
 * sequence, so the ids order the inbox and name an entry whichever kind it is.
 */
export async function inbox(
  db: Executor,
  customerNumber: string,
  query: { page: number; pageSize: number; unread?: boolean | undefined },
) {
  const customer = await findCustomerByNumber(db, customerNumber);
  const unread = (column: SQL) => (query.unread ? sql`and ${column} is null` : sql``);
  const entries = sql`
    select e.id, c.id as message_id, 'REPLY' as kind, c.subject, e.body, e.created_at, e.read_at
    from conversation_entries e join conversations c on c.id = e.conversation_id
    where c.customer_id = ${customer.id} and e.kind = 'REPLY' ${unread(sql`e.read_at`)}
    union all
    select d.id, null, 'OUTBOUND', d.subject, d.body, d.created_at, d.read_at
    from outbound_deliveries d
    where d.customer_id = ${customer.id} and d.in_app ${unread(sql`d.read_at`)}
    union all
    select a.id, null, 'ALERT', a.subject, a.body, a.created_at, a.read_at
    from alert_deliveries a
    where a.customer_id = ${customer.id} and a.channel = 'IN_APP' and a.status = 'SENT' ${unread(sql`a.read_at`)}`;
  type InboxRow = {
    id: string | number;
    message_id: number | null;
    kind: 'REPLY' | 'OUTBOUND' | 'ALERT';
    subject: string;
    body: string;
    created_at: Date | string;
    read_at: Date | string | null;
  };
  const [rows, [total]] = await readAll(db, [
    () =>
      db.execute(sql`select * from (${entries}) inbox order by id desc
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    () => db.execute(sql`select count(*)::int as n from (${entries}) inbox`),
  ]).then(([r, n]) => [rowsOf<InboxRow>(r), rowsOf<{ n: number }>(n)] as const);
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      messageId: r.message_id,
      subject: r.subject,
      body: r.body,
      createdAt: new Date(r.created_at).toISOString(),
      readAt: r.read_at === null ? null : new Date(r.read_at).toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Marks one entry of the customer's inbox read (once: the first time counts). */
export async function markRead(db: Executor, customerNumber: string, entryId: number) {
  const customer = await findCustomerByNumber(db, customerNumber);
  const theirs = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.customerId, customer.id));
  const [reply] = await db
    .update(conversationEntries)
    .set({ readAt: sql`coalesce(${conversationEntries.readAt}, now())` })
    .where(
      and(
        eq(conversationEntries.id, entryId),
        eq(conversationEntries.kind, 'REPLY'),
        inArray(conversationEntries.conversationId, theirs),
      ),
    )
    .returning({ readAt: conversationEntries.readAt });
  const [row] = reply
    ? [reply]
    : await db
        .update(outboundDeliveries)
        .set({ readAt: sql`coalesce(${outboundDeliveries.readAt}, now())` })
        .where(
          and(
            eq(outboundDeliveries.id, entryId),
            eq(outboundDeliveries.customerId, customer.id),
            eq(outboundDeliveries.inApp, true),
          ),
        )
        .returning({ readAt: outboundDeliveries.readAt });
  const [alert] = row
    ? [row]
    : await db
        .update(alertDeliveries)
        .set({ readAt: sql`coalesce(${alertDeliveries.readAt}, now())` })
        .where(
          and(
            eq(alertDeliveries.id, entryId),
            eq(alertDeliveries.customerId, customer.id),
            eq(alertDeliveries.channel, 'IN_APP'),
            eq(alertDeliveries.status, 'SENT'),
          ),
        )
        .returning({ readAt: alertDeliveries.readAt });
  if (!alert?.readAt) throw new AppError('NOT_FOUND', 'Message not found in this customer’s inbox');
  return { id: entryId, readAt: alert.readAt.toISOString() };
}

/** A conversation that can still be worked on; a closed one must be reopened first. */
async function lockOpen(db: Executor, id: number) {
  const row = await findConversation(db, id, true);
  if (row.status === 'CLOSED') throw new AppError('CONFLICT', 'The conversation is closed: reopen it first');
  return row;
}

// Digits are grouped the Western way in both languages, as the bank's statements print them.
const grouped = new Intl.NumberFormat('en-US');

/**
 * The values of the placeholders for one customer (replies and outbound messages alike): their
 * record, the programme's tiers, their next expiry (null: nothing expiring) and who writes.
 */
/** A tier's name in the customer's language (its Arabic name for an Arabic reader, when it has one). */
export function tierNameFor(prog: Programme, tierId: number | null | undefined, lang: string): string {
  const tier = tierId == null ? undefined : prog.tiersById.get(tierId);
  return tier ? localName(tier, lang) : '—';
}

export function placeholderValuesOf(
  customer: Pick<
    typeof customers.$inferSelect,
    'fullName' | 'customerNumber' | 'balance' | 'tierId' | 'language'
  >,
  prog: Programme,
  expiring: { points: number; at: string } | null,
  staffName: string,
): Record<MessagePlaceholder, string> {
  return {
    'customer.name': customer.fullName,
    'customer.number': customer.customerNumber,
    'customer.balance': grouped.format(customer.balance),
    // In the language the customer reads the message in.
    'customer.tier': tierNameFor(prog, customer.tierId, customer.language),
    'points.expiring': grouped.format(expiring?.points ?? 0),
    'points.expiringAt': expiring ? new Date(expiring.at).toISOString().slice(0, 10) : '—',
    'staff.name': staffName,
  };
}

/** The values of the placeholders for one customer, written by one member of staff. */
async function placeholderValues(db: Executor, customerId: number, staff: CommandActor) {
  const [customer, prog, expiring, [author]] = await readAll(db, [
    () => findOrFail(db, customers, customers.id, customerId, 'Customer'),
    () => programme(db),
    () => nextExpiry(db, customerId),
    () => db.select({ name: users.fullName }).from(users).where(eq(users.id, staff.userId)),
  ]);
  return { customer, values: placeholderValuesOf(customer, prog, expiring, author?.name ?? staff.username) };
}

/** What the placeholders of a reply to this conversation become, written by this staff member. */
export async function previewValues(db: Executor, id: number, staff: CommandActor) {
  const row = await findConversation(db, id);
  return (await placeholderValues(db, row.customerId, staff)).values;
}

const replySubject = { en: 'Reply to your message', ar: 'رد على رسالتك' } as const;

/** The outcome of a conversation command: the conversation before and after, for the audit trail. */
async function changed(db: Executor, id: number, before: MessageDetail) {
  const after = await getMessage(db, id);
  return { result: after, targetType: 'message', targetId: id, before, after };
}

export const messageHandlers = [
  defineHandler(messageCommands.assign, async ({ tx }, { id, userId, roleId }) => {
    const row = await lockOpen(tx, id);
    const before = await getMessage(tx, id);
    let assigneeId = userId;
    if (roleId !== undefined) assigneeId = await nextAssignee(tx, roleId);
    const [assignee] =
      assigneeId === undefined
        ? []
        : await tx
            .select({ status: users.status })
            .from(users)
            .where(and(eq(users.id, assigneeId), roleHandlesMessages(users.roleId)));
    // Only someone who can read the queue can take a message (assignees.service.ts).
    if (assignee?.status !== 'ACTIVE') {
      throw new AppError('VALIDATION_FAILED', 'No active staff member who handles messages to assign to', [
        { path: roleId === undefined ? 'userId' : 'roleId', message: 'noActiveAssignee' },
      ]);
    }
    await tx
      .update(conversations)
      .set({ assigneeId, status: row.status === 'NEW' ? 'ASSIGNED' : row.status, updatedAt: sql`now()` })
      .where(eq(conversations.id, id));
    return changed(tx, id, before);
  }),
  defineHandler(messageCommands.reply, async ({ tx, actor }, { id, body, templateId, close }) => {
    const row = await lockOpen(tx, id);
    const before = await getMessage(tx, id);
    if (templateId !== null)
      await findOrFail(tx, messageTemplates, messageTemplates.id, templateId, 'Template');
    const { customer, values } = await placeholderValues(tx, row.customerId, actor);
    const text = renderMessage(body, values);
    await tx.insert(conversationEntries).values({
      conversationId: id,
      kind: 'REPLY',
      body: text,
      authorId: actor.userId,
      templateId,
    });
    await tx
      .update(conversations)
      .set({
        status: close ? 'CLOSED' : 'REPLIED',
        repliedById: actor.userId,
        repliedAt: sql`now()`,
        lastMessageAt: sql`now()`,
        ...(close ? { closedAt: sql`now()` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(conversations.id, id));
    // The in-app inbox is the thread itself; e-mail goes through the outbox with the change.
    if (customer.email) {
      await enqueueMail(tx, { to: customer.email, subject: replySubject[customer.language], text });
    }
    return changed(tx, id, before);
  }),
  defineHandler(messageCommands.note, async ({ tx, actor }, { id, body }) => {
    await findConversation(tx, id, true);
    const before = await getMessage(tx, id);
    await tx
      .insert(conversationEntries)
      .values({ conversationId: id, kind: 'NOTE', body, authorId: actor.userId });
    return changed(tx, id, before);
  }),
  defineHandler(messageCommands.categorize, async ({ tx }, { id, categoryId }) => {
    const row = await lockOpen(tx, id);
    const before = await getMessage(tx, id);
    const category =
      categoryId === null
        ? undefined
        : await findOrFail(tx, messageCategories, messageCategories.id, categoryId, 'Message category');
    if (category && category.status !== 'ACTIVE') {
      throw new AppError('VALIDATION_FAILED', 'The category is disabled', [
        { path: 'categoryId', message: 'categoryDisabled' },
      ]);
    }
    // Still unassigned: the new category's default role takes it, as on arrival.
    const assigneeId =
      row.assigneeId === null && category?.defaultAssigneeRoleId != null
        ? await nextAssignee(tx, category.defaultAssigneeRoleId)
        : undefined;
    await tx
      .update(conversations)
      .set({
        categoryId,
        // The due time is the new category's promise, counted from when the customer wrote.
        dueAt: category
          ? sql`${conversations.createdAt} + make_interval(hours => ${category.responseTargetHours})`
          : null,
        ...(assigneeId === undefined ? {} : { assigneeId, status: 'ASSIGNED' as const }),
        updatedAt: sql`now()`,
      })
      .where(eq(conversations.id, id));
    return changed(tx, id, before);
  }),
  defineHandler(messageCommands.close, async ({ tx }, { id }) => {
    await lockOpen(tx, id);
    const before = await getMessage(tx, id);
    await tx
      .update(conversations)
      .set({ status: 'CLOSED', closedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(conversations.id, id));
    return changed(tx, id, before);
  }),
  defineHandler(messageCommands.reopen, async ({ tx }, { id }) => {
    const row = await findConversation(tx, id, true);
    if (row.status !== 'CLOSED') throw new AppError('CONFLICT', 'The conversation is not closed');
    const before = await getMessage(tx, id);
    await tx
      .update(conversations)
      .set({ status: row.assigneeId === null ? 'NEW' : 'ASSIGNED', closedAt: null, updatedAt: sql`now()` })
      .where(eq(conversations.id, id));
    return changed(tx, id, before);
  }),
];
