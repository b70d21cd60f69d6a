import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { ledgerEntries } from './loyalty.ts';

/** A referral programme (modules/referrals, decisions/referrals.md). */
export const referralProgrammes = pgTable(
  'referral_programmes',
  {
    id: idColumn(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    referrerPoints: integer('referrer_points').notNull(),
    referredPoints: integer('referred_points').notNull(),
    qualifying: text('qualifying', { enum: ['FIRST_EARNING', 'TRANSACTIONS'] }).notNull(),
    transactionCount: integer('transaction_count').notNull().default(1),
    withinDays: integer('within_days').notNull().default(30),
    monthlyLimit: integer('monthly_limit').notNull(),
    /** UTC days, both included. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('referral_programmes_period_check', sql`${t.endsOn} >= ${t.startsOn}`),
    index('referral_programmes_period_idx').on(t.startsOn, t.endsOn),
  ],
);

/**
 * A customer's referral code, made on first use (read through the integration API, or given at
 * enrolment with a device id): 8 characters of Crockford base 32, unique. `device_id` is the
 * device the channel named at the customer's enrolment (the self-referral guard).
 */
export const referralCodes = pgTable(
  'referral_codes',
  {
    customerId: bigint('customer_id', { mode: 'number' })
      .primaryKey()
      .references(() => customers.id),
    code: text('code').notNull(),
    deviceId: text('device_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('referral_codes_code_key').on(t.code)],
);

/**
 * A referral: who referred whom under which programme, its status and the rewards paid. A customer
 * is referred once (unique `referred_id`). Rewards and claw-backs are ledger entries (ADJUST and
 * REVERSAL) posted by `referrals_on_earning` / `referrals_on_reversal` in the earning's transaction.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: idColumn(),
    programmeId: integer('programme_id').references(() => referralProgrammes.id),
    referrerId: bigint('referrer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    referredId: bigint('referred_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    code: text('code').notNull(),
    deviceId: text('device_id'),
    status: text('status', {
      enum: ['PENDING', 'QUALIFIED', 'REWARDED', 'REFUSED', 'CLAWED_BACK'],
    }).notNull(),
    reason: text('reason'),
    transactions: integer('transactions').notNull().default(0),
    qualifiesBy: timestamp('qualifies_by', { withTimezone: true, mode: 'date' }),
    referrerEntryId: bigint('referrer_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    referredEntryId: bigint('referred_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    referrerPoints: integer('referrer_points').notNull().default(0),
    referredPoints: integer('referred_points').notNull().default(0),
    clawedBackPoints: integer('clawed_back_points').notNull().default(0),
    createdAt: createdAt(),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true, mode: 'date' }),
    clawedBackAt: timestamp('clawed_back_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('referrals_referred_key').on(t.referredId),
    index('referrals_referrer_idx').on(t.referrerId, t.createdAt),
    index('referrals_rewarded_idx').on(t.rewardedAt),
  ],
);

/**
 * The referred customer's earnings a referral counted (its qualifying transactions): a reversal of
 * one of them takes the count back, or claws the rewards back once paid. No foreign key to the
 * ledger: the earning's entry is inserted at its batch's end, after the referral counted it.
 */
export const referralEarnings = pgTable(
  'referral_earnings',
  {
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.entryId] })],
);
