import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Append-only trail of every write, sign-in attempt and refused access. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorUsername: text('actor_username'),
    ip: text('ip'),
    visitorId: text('visitor_id'),
    requestId: text('request_id'),
    command: text('command').notNull(),
    outcome: text('outcome', { enum: ['SUCCESS', 'DENIED', 'FAILED', 'PENDING'] }).notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    detail: text('detail'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);
