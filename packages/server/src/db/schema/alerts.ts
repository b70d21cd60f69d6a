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
import { createdAt, idColumn, sealedText, updatedAt } from './columns.ts';
import { customers } from './customers.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const status = () =>
  text('status', { enum: ['ACTIVE', 'DISABLED'] })
    .notNull()
    .default('ACTIVE');

/** Alert categories (Points, Rewards, Security, Service); see docs/decisions/alerts.md. */
export const alertCategories = pgTable(
  'alert_categories',
  {
    id: idColumn(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    description: text('description').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('alert_categories_name_en_key').on(sql`lower(${t.nameEn})`)],
);

/** Groups of alerts in a category. A category with groups and a group with alerts cannot be deleted. */
export const alertGroups = pgTable(
  'alert_groups',
  {
    id: idColumn(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => alertCategories.id),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    description: text('description').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('alert_groups_category_name_key').on(t.categoryId, sql`lower(${t.nameEn})`),
    index('alert_groups_category_idx').on(t.categoryId, t.id),
  ],
);

/**
 * An alert: an event, the channels it goes through and a bilingual template per channel
 * (`templates`: { EMAIL?, SMS?, IN_APP? } each { subjectEn, subjectAr, bodyEn, bodyAr }).
 * `alerts_active_event_idx` is what the triggers' "is any alert listening?" check reads.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: idColumn(),
    groupId: integer('group_id')
      .notNull()
      .references(() => alertGroups.id),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    description: text('description').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    event: text('event').notNull(),
    kind: text('kind', { enum: ['SERVICE', 'MARKETING'] }).notNull(),
    channels: text('channels').array().notNull(),
    templates: jsonb('templates').notNull(),
    /** { tierIds: number[], segments: string[] }: empty lists mean everyone. */
    audience: jsonb('audience').notNull(),
    quietStart: text('quiet_start'),
    quietEnd: text('quiet_end'),
    leadDays: integer('lead_days'),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('alerts_group_idx').on(t.groupId, t.id),
    index('alerts_active_event_idx').on(t.event).where(sql`${t.status} = 'ACTIVE'`),
    check('alerts_lead_days_check', sql`${t.leadDays} is null or ${t.leadDays} between 1 and 365`),
  ],
);

/** The channel settings: one row (id = 1). Secrets are never answered by the API. */
export const alertSettings = pgTable(
  'alert_settings',
  {
    id: integer('id').primaryKey().default(1),
    smtpEnabled: boolean('smtp_enabled').notNull().default(false),
    smtpHost: text('smtp_host').notNull().default(''),
    smtpPort: integer('smtp_port').notNull().default(587),
    smtpTls: boolean('smtp_tls').notNull().default(false),
    /** Refuse to send unless the relay offers STARTTLS (implicit TLS, smtpTls, is always encrypted). */
    smtpRequireTls: boolean('smtp_require_tls').notNull().default(false),
    smtpUser: text('smtp_user').notNull().default(''),
    smtpPassword: sealedText('smtp_password').notNull().default(''),
    smtpFrom: text('smtp_from').notNull().default(''),
    smsEnabled: boolean('sms_enabled').notNull().default(false),
    smsUrl: text('sms_url').notNull().default(''),
    smsAuthHeader: text('sms_auth_header').notNull().default('Authorization'),
    smsAuthValue: sealedText('sms_auth_value').notNull().default(''),
    smsBodyTemplate: text('sms_body_template').notNull().default('{"to":"{{to}}","text":"{{text}}"}'),
    smsTimeoutMs: integer('sms_timeout_ms').notNull().default(5000),
    inAppEnabled: boolean('in_app_enabled').notNull().default(true),
    maxAttempts: integer('max_attempts').notNull().default(5),
    backoffSeconds: integer('backoff_seconds').notNull().default(30),
    emailPerMinute: integer('email_per_minute').notNull().default(600),
    smsPerMinute: integer('sms_per_minute').notNull().default(300),
    timeZone: text('time_zone').notNull().default('Asia/Riyadh'),
    updatedAt: updatedAt(),
  },
  (t) => [check('alert_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * The outbox of alert events, written by triggers in the transaction of the change (ledger
 * postings, tier changes, status changes) and by the scheduled "points expiring" job (`dedupe_key`
 * unique: one event per customer and expiry day). The delivery job expands each into deliveries.
 */
export const alertEventsOutbox = pgTable(
  'alert_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    event: text('event').notNull(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    payload: jsonb('payload').notNull().default({}),
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    processedAt: at('processed_at'),
  },
  (t) => [
    index('alert_events_pending_idx').on(t.id).where(sql`${t.processedAt} is null`),
    uniqueIndex('alert_events_dedupe_key').on(t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
  ],
);

/**
 * One alert to one customer over one channel. (event, alert, channel) is unique: the idempotency
 * key. In-app deliveries are the customer's inbox entries, so their ids come from the inbox's
 * sequence (conversation_entries_id_seq), as outbound deliveries' do.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().default(sql`nextval('conversation_entries_id_seq')`),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => alertEventsOutbox.id),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    event: text('event').notNull(),
    channel: text('channel', { enum: ['EMAIL', 'SMS', 'IN_APP'] }).notNull(),
    language: text('language', { enum: ['en', 'ar'] }).notNull(),
    recipient: text('recipient'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['PENDING', 'SENDING', 'SENT', 'DEAD', 'SKIPPED'] }).notNull(),
    skipReason: text('skip_reason', { enum: ['OPTED_OUT', 'NO_ADDRESS', 'CHANNEL_OFF', 'CUSTOMER_CLOSED'] }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: at('next_attempt_at'),
    /** A SENDING delivery's lease: after it, a crashed sender's claim is taken over. */
    leaseUntil: at('lease_until'),
    lastAttemptAt: at('last_attempt_at'),
    sentAt: at('sent_at'),
    readAt: at('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('alert_deliveries_idempotency_key').on(t.eventId, t.alertId, t.channel),
    index('alert_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('PENDING', 'SENDING')`),
    index('alert_deliveries_alert_idx').on(t.alertId, t.createdAt),
    index('alert_deliveries_customer_idx').on(t.customerId, t.id),
    index('alert_deliveries_channel_attempt_idx').on(t.channel, t.lastAttemptAt),
    index('alert_deliveries_dead_idx').on(t.createdAt).where(sql`${t.status} = 'DEAD'`),
  ],
);

/**
 * Customers' own choices about marketing alerts (service alerts always go): a row says whether the
 * customer opted out (true, the rows from before choices could be either way) or in. A customer
 * with no row gets the customers' default (`user_configurations.marketing_alerts`).
 */
export const alertMarketingOptOuts = pgTable('alert_marketing_opt_outs', {
  customerId: bigint('customer_id', { mode: 'number' })
    .primaryKey()
    .references(() => customers.id),
  optedOut: boolean('opted_out').notNull().default(true),
  createdAt: createdAt(),
});
