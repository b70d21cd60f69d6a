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
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { customers } from './customers.ts';

/**
 * Challenges (docs/decisions/challenges.md): goals across a customer's transactions. `spent` is
 * the points paid for its steps net of reversed rewards, moved under the challenge's row lock by
 * challenges_progress; the check keeps it within the budget whatever the code above does.
 */
export const challenges = pgTable(
  'challenges',
  {
    id: idColumn(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    rollingDays: integer('rolling_days'),
    tierIds: integer('tier_ids').array().notNull().default(sql`'{}'::integer[]`),
    segments: text('segments').array().notNull().default(sql`'{}'::text[]`),
    criterionIds: integer('criterion_ids').array().notNull().default(sql`'{}'::integer[]`),
    customerNumbers: text('customer_numbers').array().notNull().default(sql`'{}'::text[]`),
    enrolment: text('enrolment', { enum: ['OPT_IN', 'AUTOMATIC'] }).notNull(),
    goalKind: text('goal_kind', { enum: ['COUNT', 'AMOUNT', 'DAYS', 'TYPES'] }).notNull(),
    transactionTypeIds: integer('transaction_type_ids').array().notNull().default(sql`'{}'::integer[]`),
    amountCondition: text('amount_condition', { enum: ['GT', 'GTE', 'EQ', 'LT', 'LTE'] }),
    amountValue: numeric('amount_value', { precision: 14, scale: 2, mode: 'number' }),
    /** [{target, points}], ascending targets; the last is the goal. */
    steps: jsonb('steps')
      .$type<
        {
          target: number;
          points: number;
          voucherId?: number | null;
          voucherName?: string;
          voucherNameAr?: string;
        }[]
      >()
      .notNull(),
    budget: integer('budget').notNull(),
    spent: integer('spent').notNull().default(0),
    repeat: text('repeat', { enum: ['ONCE', 'PER_PERIOD'] })
      .notNull()
      .default('ONCE'),
    onReversal: text('on_reversal', { enum: ['REVERSE', 'KEEP'] })
      .notNull()
      .default('REVERSE'),
    status: text('status', { enum: ['DRAFT', 'ACTIVE', 'PAUSED', 'ENDED'] })
      .notNull()
      .default('DRAFT'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * When staff last changed the terms (not the status): the live challenges' fingerprint that a
     * customer's quick path holds to (challenges_live_terms), so a pause and resume keeps it.
     */
    termsChangedAt: timestamp('terms_changed_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    check('challenges_budget_check', sql`${t.budget} > 0 AND ${t.spent} >= 0 AND ${t.spent} <= ${t.budget}`),
    check('challenges_period_check', sql`${t.endsAt} > ${t.startsAt}`),
    index('challenges_status_idx').on(t.status),
  ],
);

/**
 * A customer's participation in a challenge: one row per cycle (a rolling challenge repeated per
 * period starts a new cycle after each window). Its progress is not stored: it is derived from the
 * customer's live `challenge_earnings` rows that list it (challenges_progress_of), so the row is
 * written only when the participation starts, reaches a step (or loses one to a reversal) or completes.
 */
export const challengeParticipants = pgTable(
  'challenge_participants',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    cycle: integer('cycle').notNull().default(1),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }),
    stepsReached: integer('steps_reached').notNull().default(0),
    pointsPaid: integer('points_paid').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('challenge_participants_cycle_key').on(t.challengeId, t.customerId, t.cycle),
    index('challenge_participants_customer_idx').on(t.customerId),
    // A challenge's participants, latest first, a page at a time (its page and export).
    index('challenge_participants_joined_idx').on(t.challengeId, t.joinedAt, t.id),
  ],
);

/**
 * A customer's running progress (docs/decisions/challenges.md): one row per customer holding, for
 * each challenge they take part in (not ended), its latest participation and what the earning
 * needs of it, as arrays aligned by position — read and rewritten once per earning without jsonb
 * and without looking the participations up. `stepsReached` is -1 once completed; `counts` the
 * goal's counter (COUNT transactions, AMOUNT their sum in cents, DAYS and TYPES the distinct days
 * or types); `seen` the days and types already counted (challenges_seen_key). Written by the
 * earning's statement (challenges_progress), set again from the participations and the live
 * challenge_earnings by a reversal and an opt-in join (challenges_cache_put).
 */
export const challengeProgress = pgTable('challenge_progress', {
  customerId: bigint('customer_id', { mode: 'number' }).primaryKey(),
  challengeIds: integer('challenge_ids').array().notNull().default(sql`'{}'`),
  participantIds: bigint('participant_ids', { mode: 'number' }).array().notNull().default(sql`'{}'`),
  joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).array().notNull().default(sql`'{}'`),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true, mode: 'date' })
    .array()
    .notNull()
    .default(sql`'{}'`),
  stepsReached: integer('steps_reached').array().notNull().default(sql`'{}'`),
  counts: bigint('counts', { mode: 'number' }).array().notNull().default(sql`'{}'`),
  seen: bigint('seen', { mode: 'number' }).array().notNull().default(sql`'{}'`),
  // The earning's quick path (migration 0093): while the customer's live challenges all count
  // alike, qualifying earnings that cannot cross a target, end a window or count a new day or type
  // only add to `pendingCount` / `pendingCents`, folded into `counts` when the row is next
  // rewritten. `fastTerms`: the live challenges' terms the quick path was set for (NULL: off).
  pendingCount: integer('pending_count').notNull().default(0),
  pendingCents: bigint('pending_cents', { mode: 'number' }).notNull().default(0),
  fastTerms: bigint('fast_terms', { mode: 'number' }),
  fastFrom: timestamp('fast_from', { withTimezone: true, mode: 'date' }),
  fastUntil: timestamp('fast_until', { withTimezone: true, mode: 'date' }),
  fastMaxCount: integer('fast_max_count'),
  fastMaxCents: bigint('fast_max_cents', { mode: 'number' }),
  fastDays: integer('fast_days').array(),
  fastTypes: integer('fast_types').array(),
  fastParts: bigint('fast_parts', { mode: 'number' }).array(),
});

/**
 * The earnings that moved a customer's challenges: one row per earning (its ledger entry, the key
 * that makes progress move exactly once per transaction) with the participations it counted in,
 * not one row per challenge. Keyed by (customer, entry): an entry is one customer's, so the key is
 * the entry's, and the customer's earnings are read by its prefix (one index, not two, written per
 * earning). No foreign key to ledger_entries: the batch inserts its entries after deciding them
 * (loyalty_post_earnings); none to the participations (as campaign_awards).
 */
export const challengeEarnings = pgTable(
  'challenge_earnings',
  {
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    participantIds: bigint('participant_ids', { mode: 'number' }).array().notNull(),
    transactionTypeId: integer('transaction_type_id'),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    reversed: boolean('reversed').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.entryId] })],
);

/**
 * A step's reward, once per participation and step: points (`entry_id`, and when taken back the
 * reversal's entry) or a catalogue voucher (`redemption_id`, a redemption of no points; taken back
 * by cancelling it). `points` is what the step took from the budget (a voucher: its value in points).
 * A step reached but not paid keeps its `reason` (BUDGET, VOUCHER_CODES_EXHAUSTED,
 * VOUCHER_OUT_OF_STOCK, VOUCHER_UNAVAILABLE) and no reward; `reversed_at` marks a reward taken back.
 */
export const challengePayouts = pgTable(
  'challenge_payouts',
  {
    participantId: bigint('participant_id', { mode: 'number' })
      .notNull()
      .references(() => challengeParticipants.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    challengeId: integer('challenge_id').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    points: integer('points').notNull(),
    entryId: bigint('entry_id', { mode: 'number' }),
    redemptionId: bigint('redemption_id', { mode: 'number' }),
    reason: text('reason'),
    reversalEntryId: bigint('reversal_entry_id', { mode: 'number' }),
    reversedAt: timestamp('reversed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.participantId, t.step] }),
    index('challenge_payouts_challenge_idx').on(t.challengeId),
  ],
);
