import { type AnyColumn, sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tiers } from './tiers.ts';

/**
 * What a customer search matches, indexed as an expression rather than stored in a generated
 * column: PostgreSQL 15 recomputes a stored generated column on every update of the row, so each
 * posting's balance move paid for it (migration 0059).
 */
const searchText = (
  t: Record<'customerNumber' | 'fullName' | 'fullNameAr' | 'mobile' | 'email', AnyColumn>,
) =>
  sql`lower(${t.customerNumber} || ' ' || ${t.fullName} || ' ' || coalesce(${t.fullNameAr}, '') || ' ' || coalesce(${t.mobile}, '') || ' ' || coalesce(${t.email}, ''))`;

/**
 * Members of the programme. The balance lives on the customer's row: every ledger posting locks
 * that row, so concurrent postings for one customer serialize and the balance never goes below 0.
 * `q` matches `customerSearchText` (lower-cased number, names, mobile, e-mail) under a trigram index.
 * A customer's name in both scripts: `full_name` (Latin, as on the account) and `full_name_ar`
 * (Arabic, optional); screens show the one of their language, the other as a fallback.
 * What a posting changes (balance, lifetime points, last activity) is deliberately not indexed,
 * and the table keeps free space in its pages (fillfactor 80, migration): a posting's update is
 * then a HOT update that rewrites no index, the trigram index above all.
 */
export const customers = pgTable(
  'customers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerNumber: text('customer_number').notNull(),
    fullName: text('full_name').notNull(),
    fullNameAr: text('full_name_ar'),
    mobile: text('mobile'),
    email: text('email'),
    language: text('language', { enum: ['en', 'ar'] })
      .notNull()
      .default('en'),
    status: text('status', { enum: ['ACTIVE', 'BLOCKED', 'CLOSED'] })
      .notNull()
      .default('ACTIVE'),
    segment: text('segment', { enum: ['RETAIL', 'BUSINESS'] })
      .notNull()
      .default('RETAIL'),
    tierId: integer('tier_id').references(() => tiers.id),
    /** What eligibility criteria decide with (sent by the bank's systems through the upsert). */
    nationality: text('nationality'),
    residency: text('residency', { enum: ['CITIZEN', 'RESIDENT', 'NON_RESIDENT'] }),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    kycLevel: smallint('kyc_level'),
    products: text('products').array().notNull().default(sql`'{}'::text[]`),
    balance: integer('balance').notNull().default(0),
    lifetimePoints: integer('lifetime_points').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true, mode: 'date' }),
    /**
     * The earn service's use on `earnDay` (UTC) through limited channels: counted by the earning's
     * own update of this row (migration 0056), where other services use service_usage.
     */
    earnDay: date('earn_day', { mode: 'string' }),
    earnCount: integer('earn_count').notNull().default(0),
    earnPoints: integer('earn_points').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_number_key').on(t.customerNumber),
    index('customers_name_idx').on(t.fullName, t.id),
    index('customers_tier_idx').on(t.tierId, t.id),
    index('customers_status_idx').on(t.status, t.id),
    index('customers_segment_idx').on(t.segment, t.id),
    index('customers_joined_idx').on(t.joinedAt, t.id),
    index('customers_search_trgm_idx').using('gin', sql`${searchText(t)} gin_trgm_ops`),
    check('customers_balance_check', sql`${t.balance} >= 0`),
  ],
);

/** The customers search's text, the trigram index's expression. */
export const customerSearchText = searchText(customers);
