import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, sealedText, updatedAt } from './columns.ts';
import { customers } from './customers.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A receiver of webhooks (docs/decisions/webhooks.md). `secret` signs every message; during a
 * rotation `previous_secret` signs too until `previous_secret_expires_at`. `failing_since` is the
 * first failed attempt of the current run of failures: the job disables the endpoint when it is
 * older than the `webhooks.disableAfter` tunable. The index is what the triggers' "does any
 * endpoint listen?" check reads. `max_per_second` is its rate limit: senders reserve sends in the
 * current one-second window (`rate_window_start`, `rate_window_used`) before claiming deliveries.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: idColumn(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    status: text('status', { enum: ['ACTIVE', 'PAUSED', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    secret: sealedText('secret').notNull(),
    previousSecret: sealedText('previous_secret'),
    previousSecretExpiresAt: at('previous_secret_expires_at'),
    failingSince: at('failing_since'),
    disabledReason: text('disabled_reason'),
    maxPerSecond: integer('max_per_second').notNull().default(100),
    rateWindowStart: at('rate_window_start'),
    rateWindowUsed: integer('rate_window_used').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_endpoints_listening_idx').using('gin', t.events).where(sql`${t.status} <> 'DISABLED'`),
  ],
);

/**
 * The outbox: one row per event, written in the transaction of the change (db/functions/webhooks_*.sql
 * triggers) only while an endpoint listens to its type. `customer_seq` numbers a customer's
 * events (webhook_customer_sequences), given when the event is fanned out, so receivers can order
 * what arrives unordered. No foreign key to customers (never deleted): the check would cost every
 * earning's transaction a look-up for nothing.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    version: integer('version').notNull().default(1),
    customerId: bigint('customer_id', { mode: 'number' }),
    customerSeq: bigint('customer_seq', { mode: 'number' }),
    payload: jsonb('payload').notNull().default({}),
    occurredAt: at('occurred_at').notNull().defaultNow(),
    /** Fanned out into deliveries (null: waiting for the job). */
    processedAt: at('processed_at'),
  },
  (t) => [
    index('webhook_events_pending_idx').on(t.id).where(sql`${t.processedAt} is null`),
    index('webhook_events_occurred_idx').on(t.occurredAt, t.id),
  ],
);

/** The last sequence number given to each customer's events (by the fan-out). */
export const webhookCustomerSequences = pgTable('webhook_customer_sequences', {
  customerId: bigint('customer_id', { mode: 'number' })
    .primaryKey()
    .references(() => customers.id),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});

/**
 * One event to one endpoint: (endpoint, event) is unique, so an event fanned out twice is delivered
 * once, and the message id sent (`webhook-id`) is the event's. A replay puts the row back to PENDING.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id),
    eventType: text('event_type').notNull(),
    status: text('status', { enum: ['PENDING', 'SENDING', 'DELIVERED', 'DEAD'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** A SENDING delivery's lease: after it, a crashed sender's claim is taken over. */
    leaseUntil: at('lease_until'),
    /** Where the retry window starts (the first queueing, or the last retry or replay). */
    windowStart: at('window_start').notNull().defaultNow(),
    lastAttemptAt: at('last_attempt_at'),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms'),
    lastError: text('last_error'),
    deliveredAt: at('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
    // Each endpoint's due deliveries, oldest first: what its sender claims.
    index('webhook_deliveries_due_idx')
      .on(t.endpointId, t.nextAttemptAt)
      .where(sql`${t.status} in ('PENDING', 'SENDING')`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);

/** Each attempt of a delivery: its answer's code, duration and first bytes (or the error). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    attemptedAt: at('attempted_at').notNull().defaultNow(),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);

/** A replay of an endpoint's events of a time range, queued by the API and worked by the job. */
export const webhookReplays = pgTable(
  'webhook_replays',
  {
    id: idColumn(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    fromAt: at('from_at').notNull(),
    toAt: at('to_at').notNull(),
    status: text('status', { enum: ['QUEUED', 'RUNNING', 'DONE'] })
      .notNull()
      .default('QUEUED'),
    total: integer('total'),
    done: integer('done').notNull().default(0),
    /** The last event id queued: where the next batch starts. */
    cursor: bigint('cursor', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [index('webhook_replays_endpoint_idx').on(t.endpointId, t.id)],
);
