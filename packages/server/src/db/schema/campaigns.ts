import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { customers } from './customers.ts';

/**
 * Campaigns (docs/decisions/campaigns.md). `spent` is the budget used: moved only at the end of an
 * earning batch (loyalty_post_earnings, a conditional UPDATE) and by reversals; the check keeps it
 * within the budget whatever the code above does.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: idColumn(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    daysOfWeek: integer('days_of_week').array().notNull().default(sql`'{}'::integer[]`),
    hourFrom: integer('hour_from'),
    hourTo: integer('hour_to'),
    tierIds: integer('tier_ids').array().notNull().default(sql`'{}'::integer[]`),
    segments: text('segments').array().notNull().default(sql`'{}'::text[]`),
    criterionIds: integer('criterion_ids').array().notNull().default(sql`'{}'::integer[]`),
    customerNumbers: text('customer_numbers').array().notNull().default(sql`'{}'::text[]`),
    transactionTypeIds: integer('transaction_type_ids').array().notNull().default(sql`'{}'::integer[]`),
    bonusKind: text('bonus_kind', { enum: ['MULTIPLIER', 'FIXED', 'PER_AMOUNT'] }).notNull(),
    bonusValue: numeric('bonus_value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    perAmount: numeric('per_amount', { precision: 14, scale: 2, mode: 'number' }),
    customerCap: integer('customer_cap'),
    budget: integer('budget').notNull(),
    spent: integer('spent').notNull().default(0),
    customersReached: integer('customers_reached').notNull().default(0),
    stackable: boolean('stackable').notNull().default(false),
    priority: integer('priority').notNull().default(100),
    /**
     * The holdout (docs/decisions/campaign-holdouts.md): the share (%) of the eligible customers
     * never awarded, chosen per customer by loyalty_campaign_holdout(customer, seed, pct). The seed
     * is drawn once, at creation, and never changes: the assignment is reproducible from it.
     */
    holdoutPct: smallint('holdout_pct').notNull().default(0),
    holdoutSeed: integer('holdout_seed').notNull().default(sql`floor(random() * 2147483647)::integer`),
    status: text('status', { enum: ['DRAFT', 'SCHEDULED', 'ACTIVE', 'PAUSED', 'ENDED'] })
      .notNull()
      .default('DRAFT'),
    endedReason: text('ended_reason', { enum: ['PERIOD', 'BUDGET', 'STAFF'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('campaigns_budget_check', sql`${t.budget} > 0 AND ${t.spent} >= 0 AND ${t.spent} <= ${t.budget}`),
    check('campaigns_period_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('campaigns_holdout_pct_check', sql`${t.holdoutPct} BETWEEN 0 AND 50`),
    index('campaigns_status_idx').on(t.status, t.startsAt),
  ],
);

/**
 * The customers a campaign reached. For a campaign with a per-customer cap, `points` is what the
 * customer has received from it (the cap counts against it); without a cap it stays 0 (migration
 * 0053: a row per customer reached, written once). What was paid is in campaign_awards.
 */
export const campaignCustomers = pgTable(
  'campaign_customers',
  {
    // No foreign key to campaigns here or in campaign_awards (migration 0055): see campaignAwards.
    campaignId: integer('campaign_id').notNull(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    points: integer('points').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.customerId] }),
    check('campaign_customers_points_check', sql`${t.points} >= 0`),
  ],
);

/**
 * Each campaign's share of a ledger entry: positive on an EARN entry, negative on its reversal.
 * The sum per campaign is its `spent`; a ledger entry's `bonus_points` is the sum of its rows.
 * `campaign_id` has no foreign key (migration 0055): its check locked the campaign's row in every
 * earning, and with each batch updating that row's budget, the row's lockers became a multixact
 * that every read of it had to resolve — the earning's main cost with a campaign on (issue 15).
 * Only a draft campaign, which has no awards and reached nobody, can be deleted.
 */
export const campaignAwards = pgTable(
  'campaign_awards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer('campaign_id').notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    points: integer('points').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('campaign_awards_campaign_idx').on(t.campaignId, t.occurredAt),
    index('campaign_awards_entry_idx').on(t.entryId),
  ],
);
