import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Daily roll-up of the points ledger, kept by the database as the ledger grows: the statement-level
 * trigger `reports_ledger_daily_rollup` (migration) adds each INSERT's new entries, grouped, in one
 * upsert, in the posting's own transaction. One row per UTC day, kind, transaction type (0: none)
 * and shard: the shard is the writing connection's (backend pid mod 32749), so concurrent postings
 * update different rows instead of queueing on one — or deadlocking across customers' locks.
 * Sums over shards give the day.
 * See docs/decisions/reports.md.
 */
export const ledgerDaily = pgTable(
  'reports_ledger_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    transactionTypeId: integer('transaction_type_id').notNull(),
    shard: smallint('shard').notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    /** Sum of the positive points of the entries. */
    pointsIn: bigint('points_in', { mode: 'number' }).notNull(),
    /** Sum of the negative points of the entries, as a positive number. */
    pointsOut: bigint('points_out', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.transactionTypeId, t.shard] })],
);

/**
 * Customers active (an EARN or REDEEM posting) in the 90 days up to the end of a past UTC day:
 * computed once from the ledger the first time the dashboard compares with that day, then kept
 * (past days do not change).
 */
export const activeCustomersDaily = pgTable('reports_active_customers_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  customers: integer('customers').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The money value of one point (for the liability) and its currency; one row. */
export const reportSettings = pgTable(
  'report_settings',
  {
    id: integer('id').primaryKey().default(1),
    pointValue: numeric('point_value', { precision: 12, scale: 6, mode: 'number' }).notNull().default(0.05),
    currency: text('currency').notNull().default('SAR'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('report_settings_single_row', sql`${t.id} = 1`),
    check('report_settings_point_value', sql`${t.pointValue} >= 0`),
  ],
);
