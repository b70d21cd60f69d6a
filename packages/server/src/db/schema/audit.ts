import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Append-only, tamper-evident trail of every write, sign-in attempt and refused access.
 * `seq`, `prev_hash` and `hash` are filled by the `audit_log_chain` trigger (migration
 * 0004_audit_chain), which serializes inserts and chains each entry to the one before; another
 * trigger refuses UPDATE, DELETE and TRUNCATE. They are nullable here only so inserts need not
 * name them.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    seq: bigint('seq', { mode: 'number' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorUsername: text('actor_username'),
    /** The maker, when a checker applied an approved request on their behalf. */
    onBehalfOf: text('on_behalf_of'),
    ip: text('ip'),
    visitorId: text('visitor_id'),
    requestId: text('request_id'),
    command: text('command').notNull(),
    outcome: text('outcome', { enum: ['SUCCESS', 'DENIED', 'FAILED', 'PENDING'] }).notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    approvalRequestId: integer('approval_request_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    detail: text('detail'),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    uniqueIndex('audit_log_seq_key').on(t.seq),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_command_idx').on(t.command, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_request_idx').on(t.approvalRequestId),
  ],
);
