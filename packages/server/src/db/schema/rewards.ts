import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './identity.ts';
import { images } from './images.ts';

const imageId = () =>
  uuid('image_id')
    .notNull()
    .references(() => images.id);

/** Categories of the rewards catalogue. */
export const rewardCategories = pgTable(
  'reward_categories',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** Arabic; '' = not translated (readers show the English). decisions/bilingual.md */
    nameAr: text('name_ar').notNull().default(''),
    description: text('description').notNull(),
    descriptionAr: text('description_ar').notNull().default(''),
    imageId: imageId(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reward_categories_name_key').on(sql`lower(${t.name})`),
    index('reward_categories_name_idx').on(t.name),
    index('reward_categories_created_at_idx').on(t.createdAt),
  ],
);

/** Partner stores; a category with stores cannot be deleted (the key restricts it). */
export const stores = pgTable(
  'stores',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** Arabic; '' = not translated (readers show the English). decisions/bilingual.md */
    nameAr: text('name_ar').notNull().default(''),
    imageId: imageId(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => rewardCategories.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stores_name_key').on(sql`lower(${t.name})`),
    index('stores_category_idx').on(t.categoryId),
    index('stores_name_idx').on(t.name),
    index('stores_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Vouchers. `amount` is the stock of codes; `issued` counts the codes issued and not cancelled.
 * The check `issued <= amount` is the last line against over-redemption: the redemption takes a
 * code with one conditional UPDATE, which row-locks the voucher until its transaction ends.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** Arabic; '' = not translated (readers show the English). decisions/bilingual.md */
    nameAr: text('name_ar').notNull().default(''),
    description: text('description').notNull(),
    descriptionAr: text('description_ar').notNull().default(''),
    imageId: imageId(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    amount: integer('amount').notNull(),
    issued: integer('issued').notNull().default(0),
    pointsRequired: integer('points_required').notNull(),
    money: numeric('money', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    perCustomerLimit: integer('per_customer_limit'),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    /**
     * GENERATED: each redemption makes its code; SUPPLIED: the partner's codes, imported into
     * `voucher_codes` — `amount` is then kept by the pool (codes loaded, less those voided).
     */
    codeSource: text('code_source', { enum: ['GENERATED', 'SUPPLIED'] })
      .notNull()
      .default('GENERATED'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vouchers_store_name_key').on(t.storeId, sql`lower(${t.name})`),
    index('vouchers_name_idx').on(t.name),
    index('vouchers_points_idx').on(t.pointsRequired),
    index('vouchers_valid_until_idx').on(t.validUntil),
    index('vouchers_created_at_idx').on(t.createdAt),
    check('vouchers_stock_check', sql`${t.issued} >= 0 and ${t.issued} <= ${t.amount}`),
    check('vouchers_points_check', sql`${t.pointsRequired} > 0`),
    check('vouchers_money_check', sql`${t.money} >= 0`),
    check(
      'vouchers_validity_check',
      sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validFrom} <= ${t.validUntil}`,
    ),
    check('vouchers_limit_check', sql`${t.perCustomerLimit} is null or ${t.perCustomerLimit} > 0`),
  ],
);

/**
 * A voucher redeemed by a customer: the code issued and the points spent (ledger entry
 * `ledger_entry_id`). Cancelling keeps the row, returns the points (`cancel_entry_id`) and the
 * code to the stock. `external_id` makes a channel's request idempotent, within that channel
 * (`channel`: the API key's channel, or BACK_OFFICE; `api_key_id`: the key). A challenge's voucher reward is
 * a redemption of no points (channel CHALLENGE, no ledger entry; docs/decisions/challenges.md).
 */
export const redemptions = pgTable(
  'redemptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    code: text('code').notNull(),
    pointsSpent: integer('points_spent').notNull(),
    status: text('status', { enum: ['ISSUED', 'CANCELLED'] })
      .notNull()
      .default('ISSUED'),
    channel: text('channel').notNull(),
    apiKeyId: integer('api_key_id'),
    externalId: text('external_id').notNull(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
    cancelEntryId: bigint('cancel_entry_id', { mode: 'number' }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelledBy: integer('cancelled_by').references(() => users.id),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    uniqueIndex('redemptions_code_key').on(t.code),
    uniqueIndex('redemptions_external_key').on(t.channel, t.externalId),
    index('redemptions_customer_idx').on(t.customerId, t.createdAt),
    index('redemptions_voucher_idx').on(t.voucherId, t.createdAt),
    index('redemptions_held_idx').on(t.customerId, t.voucherId).where(sql`${t.status} = 'ISSUED'`),
    index('redemptions_created_at_idx').on(t.createdAt),
    check('redemptions_points_check', sql`${t.pointsSpent} >= 0`),
  ],
);

/**
 * The pool of a SUPPLIED voucher: codes given by its partner (imported, decisions/rewards.md
 * "Voucher codes"). A redemption takes the oldest AVAILABLE code (FOR UPDATE SKIP LOCKED) and
 * marks it ISSUED with its redemption; cancelling that redemption voids the code (VOID: the
 * customer has seen it, so it is never issued again). Codes are unique across every pool, as a
 * redemption's code is unique.
 */
export const voucherCodes = pgTable(
  'voucher_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    code: text('code').notNull(),
    status: text('status', { enum: ['AVAILABLE', 'ISSUED', 'VOID'] })
      .notNull()
      .default('AVAILABLE'),
    redemptionId: bigint('redemption_id', { mode: 'number' }).references(() => redemptions.id),
    /** The import that loaded it. */
    importId: integer('import_id'),
    createdAt: createdAt(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('voucher_codes_code_key').on(t.code),
    uniqueIndex('voucher_codes_redemption_key').on(t.redemptionId),
    index('voucher_codes_available_idx').on(t.voucherId, t.id).where(sql`${t.status} = 'AVAILABLE'`),
    check('voucher_codes_issued_check', sql`(${t.status} = 'AVAILABLE') = (${t.redemptionId} is null)`),
  ],
);
