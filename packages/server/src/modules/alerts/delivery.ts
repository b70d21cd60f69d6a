import {
  type AlertChannel,
  type AlertPlaceholder,
  type AlertTemplate,
  fillPlaceholders,
  localName,
} from '@loyalty/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type Executor, readAll, rowsOf } from '../../db/client.ts';
import { alertDeliveries, alertEventsOutbox, alerts, customers } from '../../db/schema/index.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { nextExpiry, type Programme, programme } from '../loyalty/index.ts';
import { placeholderValuesOf } from '../messaging/index.ts';
import { marketingOptedOut } from './alertPreferences.service.ts';
import { loadSettings, type SettingsRow, send } from './channels.ts';

/** Expands the outbox into deliveries and sends what is due (platform/jobs.ts). */
export const ALERTS_JOB = 'alerts.deliver';
/** Raises "points expiring" events, each alert's lead time ahead. */
export const EXPIRING_JOB = 'alerts.points-expiring';

const EXPAND_BATCH = 200;
/** Deliveries claimed and sent together (in parallel): each send is bounded by its channel's timeouts. */
const SEND_BATCH = 10;
/**
 * How long a claimed delivery is the claimer's; after it a crashed sender's claim is taken over.
 * Longer than the slowest send a batch can make (SMS timeout ≤ 60 s, SMTP ≤ 40 s), so a live
 * sender's claim never lapses.
 */
const LEASE_SECONDS = 120;

type EventRow = typeof alertEventsOutbox.$inferSelect;
type AlertRow = typeof alerts.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;
type DeliveryInsert = typeof alertDeliveries.$inferInsert;
type Payload = {
  points?: number;
  balanceAfter?: number;
  reference?: string;
  tier?: string;
  previousTier?: string;
  occurredAt?: string;
  date?: string;
  leadDays?: number;
  voucher?: string;
};

const grouped = new Intl.NumberFormat('en-US');
const day = (iso: string | undefined) => (iso ? new Date(iso).toISOString().slice(0, 10) : '—');

/** A tier the event names (by its English name, as the engine records it), in the customer's language. */
function eventTier(prog: Programme, name: string | undefined, lang: string): string {
  if (!name) return '—';
  const tier = prog.tiers.find((t) => t.name === name);
  return tier ? localName(tier, lang) : name;
}

/** The placeholders of one event for one customer (the messaging templates' values, and the event's). */
export function alertValues(
  customer: CustomerRow,
  prog: Programme,
  event: string,
  payload: Payload,
): Record<AlertPlaceholder, string> {
  const expiring =
    event === 'POINTS_EXPIRING' && payload.date ? { points: payload.points ?? 0, at: payload.date } : null;
  const { 'staff.name': _staff, ...base } = placeholderValuesOf(
    { ...customer, balance: payload.balanceAfter ?? customer.balance },
    prog,
    expiring,
    '',
  );
  return {
    ...base,
    'event.points': grouped.format(payload.points ?? 0),
    'event.reference': payload.reference ?? '',
    'event.tier': eventTier(prog, payload.tier, customer.language),
    'event.previousTier': eventTier(prog, payload.previousTier, customer.language),
    'event.date': day(payload.date ?? payload.occurredAt),
    'event.voucher': payload.voucher ?? '—',
  };
}

/** Minutes past midnight now in a time zone. */
function localMinutes(timeZone: string, now: Date) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => Object.assign(acc, { [p.type]: p.value }), {});
  return Number(parts.hour) * 60 + Number(parts.minute);
}
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** When an alert may go out: now, or the end of its quiet hours (which may wrap midnight). */
export function releaseTime(
  alert: Pick<AlertRow, 'quietStart' | 'quietEnd'>,
  timeZone: string,
  now = new Date(),
) {
  if (!alert.quietStart || !alert.quietEnd) return now;
  const m = localMinutes(timeZone, now);
  const start = minutesOf(alert.quietStart);
  const end = minutesOf(alert.quietEnd);
  const quiet = start < end ? m >= start && m < end : m >= start || m < end;
  if (!quiet) return now;
  const wait = (end - m + 1440) % 1440;
  return new Date(now.getTime() + wait * 60_000);
}

const matchesAudience = (alert: AlertRow, c: CustomerRow) => {
  const a = alert.audience as { tierIds: number[]; segments: string[] };
  return (
    (!a.tierIds.length || (c.tierId !== null && a.tierIds.includes(c.tierId))) &&
    (!a.segments.length || a.segments.includes(c.segment))
  );
};

const channelOn = (s: SettingsRow, channel: AlertChannel) =>
  channel === 'EMAIL' ? s.smtpEnabled : channel === 'SMS' ? s.smsEnabled : s.inAppEnabled;

/** One delivery of an event: rendered in the customer's language, or skipped with its reason. */
function deliveryOf(
  ev: EventRow,
  alert: AlertRow,
  channel: AlertChannel,
  customer: CustomerRow,
  optedOut: boolean,
  s: SettingsRow,
  prog: Programme,
): DeliveryInsert {
  const language = customer.language;
  const template = (alert.templates as Partial<Record<AlertChannel, AlertTemplate>>)[channel];
  const values = alertValues(customer, prog, ev.event, ev.payload as Payload);
  const ar = language === 'ar';
  const subject = template ? fillPlaceholders(ar ? template.subjectAr : template.subjectEn, values) : '';
  const body = template ? fillPlaceholders(ar ? template.bodyAr : template.bodyEn, values) : '';
  const recipient =
    channel === 'EMAIL' ? customer.email : channel === 'SMS' ? customer.mobile : customer.customerNumber;
  const base = {
    eventId: ev.id,
    alertId: alert.id,
    customerId: customer.id,
    event: ev.event,
    channel,
    language,
    recipient,
    subject,
    body,
  };
  const skip = (skipReason: NonNullable<DeliveryInsert['skipReason']>) => ({
    ...base,
    status: 'SKIPPED' as const,
    skipReason,
  });
  if (customer.status === 'CLOSED') return skip('CUSTOMER_CLOSED');
  if (alert.kind === 'MARKETING' && optedOut) return skip('OPTED_OUT');
  if (!channelOn(s, channel)) return skip('CHANNEL_OFF');
  if (!recipient) return skip('NO_ADDRESS');
  // The inbox is this table: an in-app delivery is delivered once written (quiet hours do not apply).
  if (channel === 'IN_APP') return { ...base, status: 'SENT', sentAt: new Date() };
  return { ...base, status: 'PENDING', nextAttemptAt: releaseTime(alert, s.timeZone) };
}

/**
 * Turns a batch of outbox events into deliveries, in one transaction: the events are claimed
 * FOR UPDATE SKIP LOCKED (another instance takes the next batch), every active alert of their
 * event whose audience holds the customer gets one delivery per channel (unique per event, alert
 * and channel, so a batch run twice writes nothing twice), and the events are marked processed.
 */
async function expandBatch(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await tx
      .select()
      .from(alertEventsOutbox)
      .where(isNull(alertEventsOutbox.processedAt))
      .orderBy(asc(alertEventsOutbox.id))
      .limit(EXPAND_BATCH)
      .for('update', { skipLocked: true });
    if (!events.length) return 0;
    const customerIds = [...new Set(events.map((e) => e.customerId))];
    const [active, people, optedOut, s, prog] = await readAll(tx, [
      () =>
        tx
          .select()
          .from(alerts)
          .where(
            and(eq(alerts.status, 'ACTIVE'), inArray(alerts.event, [...new Set(events.map((e) => e.event))])),
          ),
      () => tx.select().from(customers).where(inArray(customers.id, customerIds)),
      () => marketingOptedOut(tx, customerIds),
      () => loadSettings(tx),
      () => programme(tx),
    ]);
    const byId = new Map(people.map((c) => [c.id, c]));
    const rows: DeliveryInsert[] = [];
    for (const ev of events) {
      const customer = byId.get(ev.customerId);
      if (!customer) continue;
      const lead = (ev.payload as Payload).leadDays;
      for (const alert of active) {
        if (alert.event !== ev.event || !matchesAudience(alert, customer)) continue;
        if (lead !== undefined && alert.leadDays !== lead) continue;
        for (const channel of alert.channels as AlertChannel[]) {
          rows.push(deliveryOf(ev, alert, channel, customer, optedOut.has(customer.id), s, prog));
        }
      }
    }
    if (rows.length) await tx.insert(alertDeliveries).values(rows).onConflictDoNothing();
    await tx
      .update(alertEventsOutbox)
      .set({ processedAt: sql`now()` })
      .where(
        inArray(
          alertEventsOutbox.id,
          events.map((e) => e.id),
        ),
      );
    return events.length;
  });
}

type Claimed = {
  id: number;
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
};

/**
 * Claims due deliveries of a channel, at most the room its rate limit leaves this minute: each
 * becomes SENDING with a lease and one more attempt, committed before anything is sent, so
 * several instances never claim the same delivery (SKIP LOCKED) and a sender that dies leaves
 * it to be taken over when the lease ends.
 */
async function claim(db: Db, channel: 'EMAIL' | 'SMS', perMinute: number): Promise<Claimed[]> {
  const [used] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from alert_deliveries
      where channel = ${channel} and last_attempt_at > now() - interval '1 minute'`),
  );
  const room = Math.min(SEND_BATCH, perMinute - (used?.n ?? 0));
  if (room <= 0) return [];
  return rowsOf<Claimed>(
    await db.execute(sql`
      update alert_deliveries d set
        status = 'SENDING', attempts = d.attempts + 1, last_attempt_at = now(),
        lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
      where d.id in (
        select id from alert_deliveries
        where next_attempt_at <= now() and channel = ${channel}
          and (status = 'PENDING' or (status = 'SENDING' and lease_until < now()))
        order by next_attempt_at, id
        limit ${room}
        for update skip locked)
      returning d.id, d.channel, d.recipient, d.subject, d.body, d.attempts`),
  ).map((r) => ({ ...r, id: Number(r.id) }));
}

/** Records an attempt's outcome: sent; or retried after 1, 2, 4 … × the back-off; or dead. */
async function settle(db: Executor, d: Claimed, s: SettingsRow, error?: string) {
  if (error === undefined) {
    await db
      .update(alertDeliveries)
      .set({ status: 'SENT', sentAt: sql`now()`, leaseUntil: null, lastError: null })
      .where(and(eq(alertDeliveries.id, d.id), eq(alertDeliveries.status, 'SENDING')));
    return;
  }
  const dead = d.attempts >= s.maxAttempts;
  const delay = Math.min(86_400, s.backoffSeconds * 2 ** (d.attempts - 1));
  await db
    .update(alertDeliveries)
    .set({
      status: dead ? 'DEAD' : 'PENDING',
      lastError: error.slice(0, 500),
      leaseUntil: null,
      nextAttemptAt: dead ? null : sql`now() + make_interval(secs => ${delay})`,
    })
    .where(and(eq(alertDeliveries.id, d.id), eq(alertDeliveries.status, 'SENDING')));
}

/** Sends every due e-mail and SMS delivery the rate limits allow; answers how many were attempted. */
export async function sendDue(db: Db, log?: FastifyBaseLogger): Promise<number> {
  let attempted = 0;
  const s = await loadSettings(db);
  for (const channel of ['EMAIL', 'SMS'] as const) {
    if (!channelOn(s, channel)) continue;
    const perMinute = channel === 'EMAIL' ? s.emailPerMinute : s.smsPerMinute;
    for (
      let batch = await claim(db, channel, perMinute);
      batch.length;
      batch = await claim(db, channel, perMinute)
    ) {
      attempted += batch.length;
      await Promise.all(
        batch.map(async (d) => {
          try {
            await send(channel, s, {
              to: d.recipient,
              subject: d.subject,
              body: d.body,
              key: `alert-delivery-${d.id}`,
            });
            await settle(db, d, s);
          } catch (err) {
            log?.warn({ err, deliveryId: d.id, attempts: d.attempts }, 'alert delivery failed');
            await settle(db, d, s, String((err as Error).message ?? err));
          }
        }),
      );
    }
  }
  return attempted;
}

/** The whole delivery run: expand every waiting event, then send what is due. */
export async function deliverAlerts(db: Db, log?: FastifyBaseLogger) {
  let expanded = 0;
  for (let n = await expandBatch(db); n; n = await expandBatch(db)) expanded += n;
  const attempted = await sendDue(db, log);
  return { expanded, attempted };
}

/**
 * "Points expiring" events: for each lead time of an active POINTS_EXPIRING alert, every customer
 * whose next expiry falls within it gets one event (dedupe key: lead time, customer, expiry day),
 * however often the job runs. Candidates come from the ledger's expiry index; a daily batch, so
 * one expiry computation per candidate is acceptable.
 */
export async function raiseExpiring(db: Db, now = new Date()): Promise<number> {
  const leads = await db
    .selectDistinct({ lead: alerts.leadDays })
    .from(alerts)
    .where(and(eq(alerts.status, 'ACTIVE'), eq(alerts.event, 'POINTS_EXPIRING')));
  let raised = 0;
  for (const { lead } of leads) {
    if (!lead) continue;
    const candidates = rowsOf<{ id: string | number }>(
      await db.execute(sql`
        select distinct customer_id as id from ledger_entries
        where lot and expires_at > ${now}::timestamptz
          and expires_at <= ${now}::timestamptz + make_interval(days => ${lead})`),
    );
    for (const { id } of candidates) {
      const customerId = Number(id);
      const next = await nextExpiry(db, customerId, now);
      if (!next || next.points <= 0) continue;
      if (new Date(next.at).getTime() > now.getTime() + lead * 86_400_000) continue;
      const date = next.at.slice(0, 10);
      const inserted = await db
        .insert(alertEventsOutbox)
        .values({
          event: 'POINTS_EXPIRING',
          customerId,
          payload: { points: next.points, date: next.at, leadDays: lead },
          dedupeKey: `POINTS_EXPIRING:${lead}:${customerId}:${date}`,
        })
        .onConflictDoNothing()
        .returning({ id: alertEventsOutbox.id });
      raised += inserted.length;
    }
  }
  return raised;
}

/**
 * "Voucher about to expire" events: for each lead time of an active VOUCHER_EXPIRING alert, every
 * issued (not cancelled) code of a voucher whose validity ends within it gets one event (dedupe
 * key: lead time and redemption), in one INSERT … SELECT over the vouchers' validity index.
 */
export async function raiseVoucherExpiring(db: Db, now = new Date()): Promise<number> {
  const leads = await db
    .selectDistinct({ lead: alerts.leadDays })
    .from(alerts)
    .where(and(eq(alerts.status, 'ACTIVE'), eq(alerts.event, 'VOUCHER_EXPIRING')));
  let raised = 0;
  for (const { lead } of leads) {
    if (!lead) continue;
    const today = now.toISOString().slice(0, 10);
    const inserted = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into alert_events (event, customer_id, payload, dedupe_key)
        select 'VOUCHER_EXPIRING', r.customer_id,
          jsonb_build_object('voucher', v.name, 'reference', r.code, 'date', v.valid_until, 'leadDays', ${lead}::int),
          'VOUCHER_EXPIRING:' || ${lead}::int || ':' || r.id
        from vouchers v join redemptions r on r.voucher_id = v.id and r.status = 'ISSUED'
        where v.valid_until between ${today}::date and ${today}::date + ${lead}::int
        on conflict do nothing
        returning id`),
    );
    raised += inserted.length;
  }
  return raised;
}

export function alertJobs(log?: FastifyBaseLogger): JobDefinition[] {
  return [
    {
      name: ALERTS_JOB,
      intervalSeconds: 15,
      async run(db) {
        await deliverAlerts(db, log);
        return undefined;
      },
    },
    {
      // Daily, as the ledger's expiry: each run recomputes the next expiry of every candidate.
      name: EXPIRING_JOB,
      intervalSeconds: 86_400,
      async run(db) {
        await raiseExpiring(db);
        await raiseVoucherExpiring(db);
        return undefined;
      },
    },
  ];
}
