import {
  type DeliveryReason,
  type DeliveryStatus,
  type OutboundAudienceSummary,
  type OutboundMessage,
  type OutboundMessageDetail,
  type OutboundMessageListQuery,
  type OutboundPreview,
  type outboundAudience,
  type outboundDeliveryListQuery,
  type outboundDeliveryResource,
  outboundMessageCommands,
  type outboundMessageResource,
  parseCustomerCsv,
  placeholdersIn,
  renderMessage,
} from '@loyalty/contracts';
import { and, asc, count, eq, gt, inArray, lte, max, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { readAll } from '../../db/client.ts';
import {
  customers,
  messageTemplates,
  outboundDeliveries,
  outboundMessages,
  outboundRecipients,
  users,
} from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { type JobDefinition, requestJobRun } from '../../platform/jobs.ts';
import { listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { enqueueMails, type MailMessage } from '../../platform/mail.ts';
import { findOrFail } from '../../platform/records.ts';
import { customerLabels } from '../customers/index.ts';
import { nextExpiry, programme } from '../loyalty/index.ts';
import { placeholderValuesOf } from './messages.service.ts';

type Audience = z.output<typeof outboundAudience>;
type FilterAudience = Extract<Audience, { kind: 'FILTER' }>;
type Row = typeof outboundMessages.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

/** The background job that writes the deliveries of accepted sends (platform/jobs.ts). */
export const OUTBOUND_JOB = 'messaging.outbound-send';
/** Customers per batch: one transaction, one insert of deliveries, one insert of mail. */
const BATCH = 500;
/** Customer numbers looked up per query while a CSV is checked. */
const LOOKUP = 5_000;

/** Who a send reaches: its recipients (a list) or its filter, and how many they are now. */
interface Resolved {
  summary: OutboundAudienceSummary;
  customerIds?: number[];
  upToCustomerId?: number;
  count: number;
}

/** The customers of an audience filter, up to the last customer that existed at acceptance. */
function filterWhere(filter: Omit<FilterAudience, 'kind'>, upTo: number): SQL | undefined {
  return and(
    lte(customers.id, upTo),
    inArray(customers.status, filter.statuses),
    filter.tierIds.length ? inArray(customers.tierId, filter.tierIds) : undefined,
    filter.segment ? eq(customers.segment, filter.segment) : undefined,
  );
}

/** The ids of customer numbers, in chunks (a CSV may hold 200,000 of them). */
async function idsByNumber(db: Executor, numbers: string[]) {
  const found = new Map<string, number>();
  for (let i = 0; i < numbers.length; i += LOOKUP) {
    const rows = await db
      .select({ id: customers.id, number: customers.customerNumber })
      .from(customers)
      .where(inArray(customers.customerNumber, numbers.slice(i, i + LOOKUP)));
    for (const r of rows) found.set(r.number, r.id);
  }
  return found;
}

const sortedUnique = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * Checks an audience and counts it. An unknown customer, a CSV line that is not a known customer
 * number (each reported by line; nothing is sent until the file is valid) and an audience of no
 * one are refused with their own codes.
 */
async function resolveAudience(db: Executor, audience: Audience): Promise<Resolved> {
  let resolved: Resolved;
  if (audience.kind === 'CUSTOMER') {
    const [row] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.customerNumber, audience.customerNumber));
    if (!row) {
      throw new AppError('VALIDATION_FAILED', 'No customer has this number', [
        { path: 'audience.customerNumber', message: 'unknownCustomer' },
      ]);
    }
    resolved = { summary: audience, customerIds: [row.id], count: 1 };
  } else if (audience.kind === 'LIST') {
    const { numbers, errors } = parseCustomerCsv(audience.csv);
    const found = await idsByNumber(
      db,
      numbers.map((n) => n.number),
    );
    const lines = [
      ...errors,
      ...numbers
        .filter((n) => !found.has(n.number))
        .map((n) => ({ line: n.line, message: 'csvUnknownCustomer' })),
    ].sort((a, b) => a.line - b.line);
    if (lines.length) {
      throw new AppError(
        'CSV_INVALID',
        `${lines.length} line(s) of the file are not known customer numbers: nothing was sent`,
        lines.slice(0, 1000).map((e) => ({ path: `audience.csv.${e.line}`, message: e.message })),
      );
    }
    const customerIds = sortedUnique([...found.values()]);
    resolved = {
      summary: { kind: 'LIST', fileName: audience.fileName, count: customerIds.length },
      customerIds,
      count: customerIds.length,
    };
  } else {
    const [last] = await db.select({ id: max(customers.id) }).from(customers);
    const upTo = Number(last?.id ?? 0);
    const { kind: _kind, ...filter } = audience;
    const [counted] = await db.select({ n: count() }).from(customers).where(filterWhere(filter, upTo));
    resolved = { summary: audience, upToCustomerId: upTo, count: counted?.n ?? 0 };
  }
  if (resolved.count === 0) throw new AppError('AUDIENCE_EMPTY');
  return resolved;
}

/** The first recipient of an audience (the preview's sample). */
async function firstRecipient(db: Executor, resolved: Resolved): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      resolved.customerIds
        ? eq(customers.id, resolved.customerIds[0] as number)
        : filterWhere(resolved.summary as FilterAudience, resolved.upToCustomerId ?? 0),
    )
    .orderBy(asc(customers.id))
    .limit(1);
  return row;
}

/**
 * How many customers a send would reach, and the placeholders' values of its first recipient,
 * with which the screen previews the text in both languages.
 */
export async function previewOutbound(
  db: Executor,
  audience: Audience,
  staff: { userId: number; username: string },
): Promise<OutboundPreview> {
  const resolved = await resolveAudience(db, audience);
  const customer = await firstRecipient(db, resolved);
  if (!customer) return { recipients: resolved.count, sample: null };
  const [prog, expiring, [author]] = await readAll(db, [
    () => programme(db),
    () => nextExpiry(db, customer.id),
    () => db.select({ name: users.fullName }).from(users).where(eq(users.id, staff.userId)),
  ]);
  return {
    recipients: resolved.count,
    sample: {
      customerNumber: customer.customerNumber,
      fullName: customer.fullName,
      language: customer.language,
      values: placeholderValuesOf(customer, prog, expiring, author?.name ?? staff.username),
    },
  };
}

/** Sends as the API shows them, with the names of who sent them (one query for a page). */
async function toOutbound(db: Executor, rows: Row[]): Promise<OutboundMessage[]> {
  const creatorIds = [...new Set(rows.map((r) => r.createdById))];
  const names = new Map(
    (creatorIds.length
      ? await db
          .select({ id: users.id, name: users.fullName, nameAr: users.fullNameAr })
          .from(users)
          .where(inArray(users.id, creatorIds))
      : []
    ).map((u) => [u.id, u]),
  );
  return rows.map((r) => ({
    id: r.id,
    subjectEn: r.subjectEn,
    subjectAr: r.subjectAr,
    bodyEn: r.bodyEn,
    bodyAr: r.bodyAr,
    templateId: r.templateId,
    audience: r.audience as OutboundAudienceSummary,
    channels: [...(r.inApp ? (['APP'] as const) : []), ...(r.email ? (['EMAIL'] as const) : [])],
    status: r.status,
    total: r.total,
    processed: r.processed,
    sent: r.sent,
    skipped: r.skipped,
    failed: r.failed,
    createdById: r.createdById,
    createdByName: names.get(r.createdById)?.name ?? '',
    createdByNameAr: names.get(r.createdById)?.nameAr ?? '',
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
  }));
}

const listSpec: ResourceListSpec<typeof outboundMessages, typeof outboundMessageResource> = {
  table: outboundMessages,
  sortable: { createdAt: outboundMessages.createdAt, total: outboundMessages.total },
  defaultSort: { field: 'createdAt', direction: 'desc' },
  tieBreaker: outboundMessages.id,
  filters: {
    status: (v: Row['status']) => eq(outboundMessages.status, v),
    createdById: (v: number) => eq(outboundMessages.createdById, v),
  },
};

export async function listOutboundMessages(db: Executor, query: OutboundMessageListQuery) {
  const page = await listPage(db, listSpec, query, (row) => row);
  return { ...page, items: await toOutbound(db, page.items) };
}

/** A send with its progress and its results so far (sent / skipped / failed, by reason). */
export async function getOutboundMessage(db: Executor, id: number): Promise<OutboundMessageDetail> {
  const row = await findOrFail(db, outboundMessages, outboundMessages.id, id, 'Outbound message');
  const [[message], results] = await readAll(db, [
    () => toOutbound(db, [row]),
    () =>
      db
        .select({ status: outboundDeliveries.status, reason: outboundDeliveries.reason, count: count() })
        .from(outboundDeliveries)
        .where(eq(outboundDeliveries.outboundId, id))
        .groupBy(outboundDeliveries.status, outboundDeliveries.reason)
        .orderBy(outboundDeliveries.status, outboundDeliveries.reason),
  ]);
  return { ...(message as OutboundMessage), results };
}

type DeliveryRow = typeof outboundDeliveries.$inferSelect;
const deliverySpec: ResourceListSpec<typeof outboundDeliveries, typeof outboundDeliveryResource> = {
  table: outboundDeliveries,
  sortable: { createdAt: outboundDeliveries.createdAt },
  defaultSort: { field: 'createdAt', direction: 'desc' },
  tieBreaker: outboundDeliveries.id,
  filters: {
    outboundId: (v: number) => eq(outboundDeliveries.outboundId, v),
    customerId: (v: number) => eq(outboundDeliveries.customerId, v),
    status: (v: DeliveryRow['status']) => eq(outboundDeliveries.status, v),
    reason: (v: NonNullable<DeliveryRow['reason']>) => eq(outboundDeliveries.reason, v),
  },
};

/** Deliveries: one send's (by customer), or one customer's (the Messages tab of customer info). */
export async function listOutboundDeliveries(
  db: Executor,
  query: z.output<typeof outboundDeliveryListQuery>,
) {
  const page = await listPage(db, deliverySpec, query, (row) => row);
  const customerOf = await customerLabels(
    db,
    page.items.map((d) => d.customerId),
  );
  return {
    ...page,
    items: page.items.map((d) => ({
      id: d.id,
      outboundId: d.outboundId,
      customerId: d.customerId,
      ...customerOf(d.customerId),
      status: d.status,
      reason: d.reason,
      channels: [...(d.inApp ? (['APP'] as const) : []), ...(d.email ? (['EMAIL'] as const) : [])],
      subject: d.subject,
      createdAt: d.createdAt.toISOString(),
      readAt: d.readAt?.toISOString() ?? null,
    })),
  };
}

export const outboundMessageHandlers = [
  defineHandler(outboundMessageCommands.send, async ({ tx, actor, onBehalfOf }, input) => {
    const resolved = await resolveAudience(tx, input.audience);
    if (input.templateId !== null) {
      await findOrFail(tx, messageTemplates, messageTemplates.id, input.templateId, 'Template');
    }
    const [row] = (await tx
      .insert(outboundMessages)
      .values({
        subjectEn: input.subjectEn,
        subjectAr: input.subjectAr,
        bodyEn: input.bodyEn,
        bodyAr: input.bodyAr,
        templateId: input.templateId,
        audienceKind: input.audience.kind,
        audience: resolved.summary,
        upToCustomerId: resolved.upToCustomerId ?? null,
        inApp: input.channels.includes('APP'),
        email: input.channels.includes('EMAIL'),
        total: resolved.count,
        // An approved send is the maker's: the placeholder {{staff.name}} names them.
        createdById: onBehalfOf?.userId ?? actor.userId,
      })
      .returning()) as [Row];
    if (resolved.customerIds) {
      await tx.insert(outboundRecipients).values({ outboundId: row.id, customerIds: resolved.customerIds });
    }
    // The job writes the deliveries; asked for in this transaction, so only a committed send runs.
    await requestJobRun(tx, OUTBOUND_JOB);
    const [after] = await toOutbound(tx, [row]);
    return { result: after as OutboundMessage, targetType: 'outboundMessage', targetId: row.id, after };
  }),
];

// ---------------------------------------------------------------------------------------------
// The send job

const isEmail = (address: string) => z.email().safeParse(address).success;

/** What one customer gets: the channels it goes through, or why it goes nowhere. */
function deliveryFor(send: Row, customer: CustomerRow) {
  const none = { inApp: false, email: false };
  if (customer.status === 'CLOSED') {
    return { status: 'SKIPPED' as DeliveryStatus, reason: 'CUSTOMER_CLOSED' as DeliveryReason, ...none };
  }
  const email = send.email && customer.email !== null && isEmail(customer.email);
  if (!send.inApp && !email) {
    const reason: DeliveryReason = customer.email === null ? 'NO_EMAIL' : 'INVALID_EMAIL';
    return { status: (reason === 'NO_EMAIL' ? 'SKIPPED' : 'FAILED') as DeliveryStatus, reason, ...none };
  }
  return { status: 'SENT' as DeliveryStatus, reason: null, inApp: send.inApp, email };
}

/** The next customers of a send after its cursor, and the cursor after them. */
async function nextRecipients(tx: Tx, send: Row, size: number) {
  if (send.audienceKind === 'FILTER') {
    const filter = send.audience as FilterAudience;
    const rows = await tx
      .select()
      .from(customers)
      .where(and(gt(customers.id, send.cursor), filterWhere(filter, send.upToCustomerId ?? 0)))
      .orderBy(asc(customers.id))
      .limit(size);
    return { rows, cursor: rows.at(-1)?.id ?? send.cursor };
  }
  // A list: the next slice of its sorted recipients (the cursor is a position in it).
  const [slice] = await tx
    .select({
      ids: sql<
        (string | number)[]
      >`${outboundRecipients.customerIds}[${send.cursor + 1}:${send.cursor + size}]`,
    })
    .from(outboundRecipients)
    .where(eq(outboundRecipients.outboundId, send.id));
  const ids = (slice?.ids ?? []).map(Number);
  const rows = ids.length
    ? await tx.select().from(customers).where(inArray(customers.id, ids)).orderBy(asc(customers.id))
    : [];
  return { rows, cursor: send.cursor + ids.length };
}

/**
 * One batch of a send, in the caller's transaction: the send's row is locked (another instance
 * working on it answers 'busy'), the next customers after its cursor get their delivery — each in
 * their language, placeholders filled — and their e-mail is queued in the outbox; counts and
 * cursor move on. A batch that does not commit leaves no trace, and a delivery already written is
 * never written or mailed again (unique per send and customer), so a send resumes safely.
 */
export async function sendBatch(tx: Tx, id: number, size = BATCH): Promise<'more' | 'done' | 'busy'> {
  const [send] = await tx
    .select()
    .from(outboundMessages)
    .where(eq(outboundMessages.id, id))
    .for('update', { skipLocked: true });
  if (!send) return 'busy';
  if (send.status === 'DONE') return 'done';
  const { rows, cursor } = await nextRecipients(tx, send, size);
  if (!rows.length) {
    await tx
      .update(outboundMessages)
      .set({ status: 'DONE', finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(outboundMessages.id, id));
    return 'done';
  }
  const texts = [send.subjectEn, send.subjectAr, send.bodyEn, send.bodyAr];
  const usesExpiry = texts.some((t) => placeholdersIn(t).some((p) => p.startsWith('points.')));
  const [prog, [author]] = await readAll(tx, [
    () => programme(tx),
    () => tx.select({ name: users.fullName }).from(users).where(eq(users.id, send.createdById)),
  ]);
  const deliveries: (typeof outboundDeliveries.$inferInsert)[] = [];
  const mails = new Map<number, MailMessage>();
  for (const customer of rows) {
    const outcome = deliveryFor(send, customer);
    let subject = '';
    let body = '';
    if (outcome.status === 'SENT') {
      const expiring = usesExpiry ? await nextExpiry(tx, customer.id) : null;
      const values = placeholderValuesOf(customer, prog, expiring, author?.name ?? '');
      const ar = customer.language === 'ar';
      subject = renderMessage(ar ? send.subjectAr : send.subjectEn, values);
      body = renderMessage(ar ? send.bodyAr : send.bodyEn, values);
      if (outcome.email) mails.set(customer.id, { to: customer.email as string, subject, text: body });
    }
    deliveries.push({ outboundId: id, customerId: customer.id, ...outcome, subject, body });
  }
  const written = await tx
    .insert(outboundDeliveries)
    .values(deliveries)
    .onConflictDoNothing()
    .returning({ customerId: outboundDeliveries.customerId, status: outboundDeliveries.status });
  await enqueueMails(
    tx,
    written.flatMap((w) => mails.get(w.customerId) ?? []),
  );
  const tally = (s: DeliveryStatus) => written.filter((w) => w.status === s).length;
  await tx
    .update(outboundMessages)
    .set({
      status: 'SENDING',
      startedAt: sql`coalesce(${outboundMessages.startedAt}, now())`,
      processed: sql`${outboundMessages.processed} + ${written.length}`,
      sent: sql`${outboundMessages.sent} + ${tally('SENT')}`,
      skipped: sql`${outboundMessages.skipped} + ${tally('SKIPPED')}`,
      failed: sql`${outboundMessages.failed} + ${tally('FAILED')}`,
      cursor,
      updatedAt: sql`now()`,
    })
    .where(eq(outboundMessages.id, id));
  return 'more';
}

/**
 * Writes the deliveries of every accepted send, oldest first, batch after batch, each batch its
 * own transaction. A send another instance is working on is left to it. Answers the batches run.
 */
export async function runOutboundSends(db: Db, size = BATCH): Promise<number> {
  let batches = 0;
  const pending = await db
    .select({ id: outboundMessages.id })
    .from(outboundMessages)
    .where(inArray(outboundMessages.status, ['QUEUED', 'SENDING']))
    .orderBy(asc(outboundMessages.id));
  for (const { id } of pending) {
    for (;;) {
      const step = await db.transaction((tx) => sendBatch(tx, id, size));
      if (step !== 'more') break;
      batches += 1;
    }
  }
  return batches;
}

export const outboundJobs: JobDefinition[] = [
  {
    // Asked for by every accepted send; the interval resumes a send a restart interrupted.
    name: OUTBOUND_JOB,
    intervalSeconds: 60,
    async run(db) {
      await runOutboundSends(db);
      return undefined;
    },
  },
];
