import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, sealedJson, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './identity.ts';
import { customerPermissions } from './security.ts';

/** The channels of contracts `configuration/channels.ts`, held by the database too. */
export const channelValues = ['MOBILE_APP', 'INTERNET_BANKING', 'BRANCH', 'CALL_CENTRE', 'POS'] as const;
const channelCheck = (column: string) =>
  sql.raw(`${column} IN (${channelValues.map((c) => `'${c}'`).join(', ')})`);

/**
 * A customer-app feature (a customer permission) switched per channel. No row means "on": a new
 * feature is on everywhere its status allows until staff switch a channel off.
 */
export const featureChannels = pgTable(
  'feature_channels',
  {
    featureId: integer('feature_id')
      .notNull()
      .references(() => customerPermissions.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: channelValues }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.featureId, t.channel] }),
    check('feature_channels_channel_check', channelCheck('channel')),
  ],
);

/** The services of contracts `serviceCodes`. */
export const serviceCodeValues = [
  'view-balance',
  'earn',
  'redeem-voucher',
  'send-message',
  'read-messages',
  'read-content',
] as const;

/**
 * A customer-facing service's definition: the channels that may use it and its limits per
 * customer per day. A service without one is open to every channel without limits.
 */
export const serviceDefinitions = pgTable(
  'service_definitions',
  {
    id: idColumn(),
    service: text('service', { enum: serviceCodeValues }).notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    description: text('description').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    channels: text('channels', { enum: channelValues }).array().notNull(),
    dailyCountLimit: integer('daily_count_limit'),
    dailyPointsLimit: integer('daily_points_limit'),
    status: text('status', { enum: ['ACTIVE', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('service_definitions_service_key').on(t.service),
    check('service_definitions_count_check', sql`${t.dailyCountLimit} IS NULL OR ${t.dailyCountLimit} > 0`),
    check(
      'service_definitions_points_check',
      sql`${t.dailyPointsLimit} IS NULL OR ${t.dailyPointsLimit} > 0`,
    ),
  ],
);

/**
 * What each customer used of a limited service on one day (UTC): one row, counted up atomically
 * by the call that uses the service (INSERT … ON CONFLICT DO UPDATE … WHERE within the limit).
 * The earn service is counted on the customer's row instead (customers.earnDay, migration 0056).
 * Rows of past days are purged by the configuration.usagePurge job.
 */
export const serviceUsage = pgTable(
  'service_usage',
  {
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    service: text('service', { enum: serviceCodeValues }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
    points: bigint('points', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.service, t.day] }),
    index('service_usage_day_idx').on(t.day),
  ],
);

/**
 * A criterion a customer must meet to enrol, earn or redeem: `field operator value`, checked by
 * the database function loyalty_criterion_fails (migration 0028) — in the earning's own statement,
 * in a redemption's and an enrolment's transaction, and by the "check a customer" panel.
 */
export const eligibilityCriteria = pgTable(
  'eligibility_criteria',
  {
    id: idColumn(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    scope: text('scope', { enum: ['ENROL', 'EARN', 'REDEEM'] }).notNull(),
    field: text('field', {
      enum: [
        'segment',
        'status',
        'daysSinceJoining',
        'age',
        'nationality',
        'residency',
        'product',
        'kycLevel',
      ],
    }).notNull(),
    operator: text('operator', { enum: ['eq', 'neq', 'in', 'notIn', 'gte', 'lte'] }).notNull(),
    /** A list of strings (eq/neq/in/notIn) or one number (gte/lte), as JSON. */
    value: jsonb('value').notNull(),
    status: text('status', { enum: ['ACTIVE', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    priority: integer('priority').notNull().default(100),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('eligibility_criteria_scope_idx').on(t.scope, t.priority)],
);

/** How business-segment customers take part (one row, id 1; migration 0033 seeds the neutral one). */
export const businessBankingSettings = pgTable(
  'business_banking_settings',
  {
    id: integer('id').primaryKey().default(1),
    earns: boolean('earns').notNull().default(true),
    multiplier: numeric('multiplier', { precision: 4, scale: 2, mode: 'number' }).notNull().default(1),
    monthlyCap: integer('monthly_cap'),
    countingTypeIds: integer('counting_type_ids').array().notNull().default(sql`'{}'::integer[]`),
    mayRedeem: boolean('may_redeem').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('business_banking_settings_one_row', sql`${t.id} = 1`),
    check(
      'business_banking_settings_multiplier_check',
      sql`${t.multiplier} >= 0.1 AND ${t.multiplier} <= 10`,
    ),
  ],
);

/** A bundle of configuration items (SystemConfigurations); `system` ones hold the system's tunables. */
export const configBundles = pgTable(
  'config_bundles',
  {
    id: idColumn(),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    status: text('status', { enum: ['ACTIVE', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    system: boolean('system').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('config_bundles_code_key').on(t.code)],
);

/**
 * A typed configuration item. Its value is `value` (JSON), or `secret_value` (sealed at rest)
 * for a secret, or — for a tunable that another screen also edits — the column that screen owns
 * (`binding`, see platform/settings/registry.ts), so there is one source of truth.
 */
export const configItems = pgTable(
  'config_items',
  {
    id: idColumn(),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => configBundles.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    type: text('type', {
      enum: ['STRING', 'INTEGER', 'DECIMAL', 'BOOLEAN', 'DURATION', 'ENUM', 'JSON'],
    }).notNull(),
    value: jsonb('value'),
    secretValue: sealedJson<unknown>('secret_value'),
    secret: boolean('secret').notNull().default(false),
    binding: text('binding'),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    validation: jsonb('validation').notNull().default({}),
    system: boolean('system').notNull().default(false),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('config_items_key_key').on(t.key),
    index('config_items_bundle_idx').on(t.bundleId),
    check('config_items_secret_check', sql`NOT ${t.secret} OR ${t.value} IS NULL`),
  ],
);

/** Every value an item has had (a secret's sealed): its history, diff and restore. */
export const configItemVersions = pgTable(
  'config_item_versions',
  {
    id: idColumn(),
    itemId: integer('item_id')
      .notNull()
      .references(() => configItems.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    value: jsonb('value'),
    secretValue: sealedJson<unknown>('secret_value'),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('config_item_versions_item_version_key').on(t.itemId, t.version)],
);

/**
 * Settings per user type (UserConfigurations): one row per type, each read by the part of the
 * system it names (docs/decisions/configuration.md). Staff (EMPLOYEE): the web app's default
 * language and page size, and an idle and session limit within the security policy's. Customers
 * (CUSTOMER): the language a new customer gets when the channel sends none.
 */
export const userConfigurations = pgTable(
  'user_configurations',
  {
    id: idColumn(),
    userType: text('user_type', { enum: ['EMPLOYEE', 'CUSTOMER'] }).notNull(),
    defaultLanguage: text('default_language', { enum: ['en', 'ar'] })
      .notNull()
      .default('en'),
    /** Minutes; null: the security policy's own (a longer one is cut to the policy's). */
    idleMinutes: integer('idle_minutes'),
    /** Hours a session lives; null: the security policy's own (a longer one is cut to it). */
    sessionHours: integer('session_hours'),
    /** Rows a list shows by default; null: the app's default. */
    pageSize: integer('page_size'),
    /**
     * Customers: whether marketing alerts go to a customer who has made no choice of their own;
     * null: they do (SUBSCRIBED).
     */
    marketingAlerts: text('marketing_alerts', { enum: ['SUBSCRIBED', 'UNSUBSCRIBED'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_configurations_type_key').on(t.userType),
    check('user_configurations_page_size_check', sql`${t.pageSize} BETWEEN 5 AND 100`),
  ],
);
