import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt, idColumn, updatedAt } from './columns.ts';

const status = () =>
  text('status', { enum: ['ACTIVE', 'DISABLED'] })
    .notNull()
    .default('ACTIVE');
const userType = () => text('user_type', { enum: ['EMPLOYEE', 'CUSTOMER'] }).notNull();
/** Single-row settings tables: their one row has id 1 (seeded by the migration). */
const singleton = () => integer('id').primaryKey().default(1);

/** What a password must be. One row. */
export const credentialPolicy = pgTable(
  'credential_policy',
  {
    id: singleton(),
    minLength: integer('min_length').notNull(),
    maxLength: integer('max_length').notNull(),
    requireUppercase: boolean('require_uppercase').notNull(),
    requireLowercase: boolean('require_lowercase').notNull(),
    requireDigit: boolean('require_digit').notNull(),
    requireSymbol: boolean('require_symbol').notNull(),
    historyCount: integer('history_count').notNull(),
    rejectUsername: boolean('reject_username').notNull(),
    rejectCommon: boolean('reject_common').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('credential_policy_single', sql`${t.id} = 1`),
    check('credential_policy_lengths', sql`${t.minLength} between 8 and ${t.maxLength}`),
  ],
);

/** Session rules. One row. */
export const securityPolicy = pgTable(
  'security_policy',
  {
    id: singleton(),
    accessTokenMinutes: integer('access_token_minutes').notNull(),
    idleTimeoutMinutes: integer('idle_timeout_minutes').notNull(),
    sessionLifeHours: integer('session_life_hours').notNull(),
    maxConcurrentSessions: integer('max_concurrent_sessions').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('security_policy_single', sql`${t.id} = 1`)],
);

/** Lockout (LOCK) and expiry (EXPIRY) settings, one of each per user type. */
export const passwordSettings = pgTable(
  'password_settings',
  {
    id: idColumn(),
    userType: userType(),
    mode: text('mode', { enum: ['LOCK', 'EXPIRY'] }).notNull(),
    maxFailures: integer('max_failures'),
    lockMinutes: integer('lock_minutes'),
    expiryDays: integer('expiry_days'),
    warnDays: integer('warn_days'),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('password_settings_type_mode_key').on(t.userType, t.mode),
    check(
      'password_settings_mode_fields',
      sql`(${t.mode} = 'LOCK' and ${t.maxFailures} is not null) or (${t.mode} = 'EXPIRY' and ${t.expiryDays} is not null and ${t.warnDays} is not null and ${t.warnDays} < ${t.expiryDays})`,
    ),
  ],
);

/** Which operations need a second factor, with which factor, for which user type. */
export const scaRules = pgTable(
  'sca_rules',
  {
    id: idColumn(),
    operation: text('operation', { enum: ['SIGN_IN', 'APPROVAL', 'SECURITY_CHANGE'] }).notNull(),
    userType: userType(),
    factor: text('factor', { enum: ['TOTP'] }).notNull(),
    description: text('description').notNull().default(''),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sca_rules_operation_type_key').on(t.operation, t.userType)],
);

/** Features the customer app may use; the integration API refuses disabled ones. */
export const customerPermissions = pgTable(
  'customer_permissions',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: status(),
    system: boolean('system').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('customer_permissions_code_key').on(t.code)],
);

/**
 * Outgoing e-mail, written in the same transaction as the change that causes it and delivered
 * after commit (and retried) by platform/mail.ts.
 */
export const outboundMail = pgTable(
  'outbound_mail',
  {
    id: idColumn(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [index('outbound_mail_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/** Files attached to an outgoing e-mail (a scheduled report); removed with the mail. */
export const outboundMailAttachments = pgTable(
  'outbound_mail_attachments',
  {
    id: idColumn(),
    mailId: integer('mail_id')
      .notNull()
      .references(() => outboundMail.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('outbound_mail_attachments_mail_idx').on(t.mailId)],
);
