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
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, idColumn, updatedAt } from './columns.ts';
import { users } from './identity.ts';

/**
 * Daily roll-up of the points ledger, kept by the database as the ledger grows: the statement-level
 * trigger `reports_ledger_daily_rollup` (migration) adds each INSERT's new entries, grouped, in one
 * upsert, in the posting's own transaction. One row per UTC day, kind, transaction type (0: none),
 * channel and shard: the shard is the writing connection's (backend pid mod 32749), so concurrent postings
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
    /** The channel that posted (ledger `channel`); '' for staff, jobs and older entries. */
    channel: text('channel').notNull().default(''),
    shard: smallint('shard').notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    /** Sum of the positive points of the entries. */
    pointsIn: bigint('points_in', { mode: 'number' }).notNull(),
    /** Sum of the negative points of the entries, as a positive number. */
    pointsOut: bigint('points_out', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.transactionTypeId, t.channel, t.shard] })],
);

/**
 * Customers active (an EARN or REDEEM posting) in the 90 days up to the end of a past UTC day:
 * computed once from the ledger the first time the dashboard compares with that day, then kept
 * (past days do not change). Today's row is a snapshot of the customers table (the active count
 * and the customers per tier), refreshed by the `reports.active-customers` job.
 */
export const activeCustomersDaily = pgTable('reports_active_customers_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  customers: integer('customers').notNull(),
  /** Today's row only: customers per tier (`tierId` null: no tier yet). */
  tiers: jsonb('tiers').$type<{ tierId: number | null; customers: number }[]>(),
  computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A report computed by a job and kept, for reports too slow to count per request on a large
 * programme (the expiry forecast reads every customer's lots): its rows and when they were counted.
 */
export const reportSnapshots = pgTable('report_snapshots', {
  name: text('name').primaryKey(),
  rows: jsonb('rows').$type<Record<string, unknown>[]>().notNull(),
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

/**
 * A report run in the background (a long range): queued by `reportRun.start`, claimed by the
 * `reports.run` job on one instance (SKIP LOCKED), its progress written as it goes and its file
 * kept for download by the staff member who asked for it.
 */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: idColumn(),
    report: text('report').notNull(),
    from: date('from', { mode: 'string' }).notNull(),
    to: date('to', { mode: 'string' }).notNull(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    status: text('status', { enum: ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] })
      .notNull()
      .default('QUEUED'),
    progress: smallint('progress').notNull().default(0),
    rows: integer('rows'),
    fileName: text('file_name'),
    file: bytea('file'),
    error: text('error'),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('report_runs_queued_idx').on(t.id).where(sql`${t.status} = 'QUEUED'`),
    index('report_runs_owner_idx').on(t.createdById, t.id),
    check('report_runs_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);

/**
 * A report e-mailed on a schedule: the previous day, week (Monday to Sunday) or month, as CSV or
 * XLSX, to staff members. `next_run_at` is the start of the next period (UTC); the
 * `reports.scheduled` job claims a due schedule by moving it forward in one UPDATE … SKIP LOCKED,
 * in the transaction that queues the mail, so each period is sent once whatever the instances.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: idColumn(),
    title: text('title').notNull(),
    report: text('report').notNull(),
    frequency: text('frequency', { enum: ['DAILY', 'WEEKLY', 'MONTHLY'] }).notNull(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    recipientIds: integer('recipient_ids').array().notNull(),
    active: boolean('active').notNull().default(true),
    nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }),
    lastPeriod: text('last_period'),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('report_schedules_title_key').on(sql`lower(${t.title})`),
    index('report_schedules_title_idx').on(t.title),
    index('report_schedules_created_at_idx').on(t.createdAt),
    index('report_schedules_due_idx').on(t.nextRunAt).where(sql`${t.active}`),
  ],
);
