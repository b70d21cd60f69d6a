import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { tiers } from './tiers.ts';

export const ledgerKinds = ['EARN', 'REDEEM', 'ADJUST', 'EXPIRE', 'REVERSAL'] as const;
export const transactionKinds = ['EARN', 'REDEEM', 'ADJUST', 'REVERSAL'] as const;

/** What channels post: a code (unique, what the integration API names) and its kind. */
export const transactionTypes = pgTable(
  'transaction_types',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** Arabic; '' = not translated (readers show the English). decisions/bilingual.md */
    nameAr: text('name_ar').notNull().default(''),
    description: text('description').notNull(),
    descriptionAr: text('description_ar').notNull().default(''),
    type: text('type', { enum: transactionKinds }).notNull(),
    code: text('code').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('transaction_types_code_key').on(sql`upper(${t.code})`)],
);

export const ruleConditions = ['GT', 'GTE', 'EQ', 'LT', 'LTE', 'PER_EACH'] as const;

/** How many points a transaction of a type earns; see docs/decisions/loyalty-engine.md. */
export const pointsRules = pgTable(
  'points_rules',
  {
    id: idColumn(),
    transactionTypeId: integer('transaction_type_id')
      .notNull()
      .references(() => transactionTypes.id),
    /** null: every tier. */
    tierId: integer('tier_id').references(() => tiers.id),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    condition: text('condition', { enum: ruleConditions }).notNull(),
    pointsPerTransaction: integer('points_per_transaction').notNull(),
    minPoints: integer('min_points').notNull(),
    maxPoints: integer('max_points').notNull(),
    /** Inclusive dates (YYYY-MM-DD), compared with the transaction's UTC date. */
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    priority: integer('priority').notNull(),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('points_rules_type_idx').on(t.transactionTypeId),
    index('points_rules_tier_idx').on(t.tierId),
    check('points_rules_min_max_check', sql`${t.minPoints} <= ${t.maxPoints}`),
    check('points_rules_validity_check', sql`${t.validFrom} <= ${t.validUntil}`),
  ],
);

/** The engine's configuration: one row (id = 1). */
export const loyaltySettings = pgTable(
  'loyalty_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Points expire this many months after they were earned; 0 = never. */
    expiryMonths: integer('expiry_months').notNull().default(24),
    tierBasis: text('tier_basis', { enum: ['LIFETIME', 'ROLLING'] })
      .notNull()
      .default('LIFETIME'),
    /** Window of the ROLLING basis. */
    tierWindowMonths: integer('tier_window_months').notNull().default(12),
    downgradePolicy: text('downgrade_policy', { enum: ['IMMEDIATE', 'PERIOD_END'] })
      .notNull()
      .default('IMMEDIATE'),
    updatedAt: updatedAt(),
  },
  (t) => [check('loyalty_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * The append-only points ledger. `lot` marks the credits that earn (EARN, positive ADJUST) and
 * the reversals of those: they count towards lifetime points and expire oldest first at
 * `expires_at`. (kind, channel, external_id) is unique: a channel's transaction is posted once,
 * and reversed once, and one channel's external ids never reach another's entries (`channel` and
 * `api_key_id` say which integration key posted; NULL for staff, jobs and entries older than
 * migration 0042).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    kind: text('kind', { enum: ledgerKinds }).notNull(),
    points: integer('points').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    lot: boolean('lot').notNull().default(false),
    /**
     * Whether a lot counts toward the tier (lifetime points, the rolling basis). False for a
     * household transfer's two entries: points moved within a family do not qualify the receiver
     * nor leave the sender's (decisions/households.md). A reversal inherits it.
     */
    qualifying: boolean('qualifying').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    reference: text('reference').notNull(),
    externalId: text('external_id'),
    /** The channel of the API key that posted the entry (contracts `channels`); NULL: not a channel. */
    channel: text('channel'),
    apiKeyId: integer('api_key_id'),
    transactionTypeId: integer('transaction_type_id').references(() => transactionTypes.id),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }),
    // No ON DELETE: the ledger is append-only, so a rule that awarded points is kept (made INACTIVE).
    ruleId: integer('rule_id').references(() => pointsRules.id),
    campaignId: integer('campaign_id'),
    /** Of `points`, what campaigns added (campaign_awards holds each campaign's share). */
    bonusPoints: integer('bonus_points').notNull().default(0),
    reversalOf: bigint('reversal_of', { mode: 'number' }),
    note: text('note'),
    actorId: integer('actor_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_customer_idx').on(t.customerId, t.id),
    index('ledger_customer_occurred_idx').on(t.customerId, t.occurredAt),
    uniqueIndex('ledger_external_key')
      .on(t.kind, sql`coalesce(${t.channel}, '')`, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('ledger_expires_idx').on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
    // A range of customers' reversals (a replay step's), without reading every entry of theirs.
    index('ledger_reversals_idx').on(t.customerId, t.reversalOf).where(sql`${t.reversalOf} is not null`),
    index('ledger_occurred_idx').on(t.occurredAt),
  ],
);

/** Every tier change of a customer, with the names as they were. */
export const tierHistory = pgTable(
  'customer_tier_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    fromTierId: integer('from_tier_id').references(() => tiers.id, { onDelete: 'set null' }),
    fromTierName: text('from_tier_name'),
    toTierId: integer('to_tier_id').references(() => tiers.id, { onDelete: 'set null' }),
    toTierName: text('to_tier_name'),
    qualifyingPoints: integer('qualifying_points').notNull(),
    reason: text('reason').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('tier_history_customer_idx').on(t.customerId, t.id),
    // The tier-migration report reads a period's changes from this index alone (names included).
    index('tier_history_changed_idx').on(t.changedAt, t.fromTierName, t.toTierName),
  ],
);
