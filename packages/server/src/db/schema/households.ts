import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.ts';
import { customers } from './customers.ts';
import { ledgerEntries } from './loyalty.ts';

/**
 * A household (modules/households, decisions/households.md): a head and members who may transfer
 * points to each other. A customer belongs to one household at most.
 */
export const households = pgTable('households', {
  id: idColumn(),
  name: text('name').notNull().default(''),
  headCustomerId: bigint('head_customer_id', { mode: 'number' })
    .notNull()
    .references(() => customers.id),
  createdBy: text('created_by').notNull(),
  createdAt: createdAt(),
});

/** A household's members (the head too); `consented_at` is set by the customer's channel. */
export const householdMembers = pgTable(
  'household_members',
  {
    householdId: integer('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    role: text('role', { enum: ['HEAD', 'MEMBER'] }).notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true, mode: 'date' }),
    consentChannel: text('consent_channel'),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.householdId, t.customerId] }),
    uniqueIndex('household_members_customer_key').on(t.customerId),
  ],
);

/**
 * A transfer of points between two members: its two ledger entries (the sender's debit, the
 * receiver's credit) posted in one transaction by `households_transfer`. A channel's transfer is
 * sent once: (channel, external_id) is unique.
 */
export const householdTransfers = pgTable(
  'household_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    householdId: integer('household_id')
      .notNull()
      .references(() => households.id),
    fromCustomerId: bigint('from_customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    toCustomerId: bigint('to_customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    points: integer('points').notNull(),
    channel: text('channel'),
    apiKeyId: integer('api_key_id'),
    externalId: text('external_id'),
    debitEntryId: bigint('debit_entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    creditEntryId: bigint('credit_entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('household_transfers_external_key')
      .on(sql`coalesce(${t.channel}, '')`, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('household_transfers_from_idx').on(t.fromCustomerId, t.createdAt),
    index('household_transfers_household_idx').on(t.householdId, t.id),
  ],
);
