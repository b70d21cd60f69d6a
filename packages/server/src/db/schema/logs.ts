import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';

/** Server events (SystemLogs): start-up, jobs, integration calls, warnings and errors. */
export const systemLogs = pgTable(
  'system_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** pino's numeric level: 10 trace … 60 fatal. */
    level: smallint('level').notNull(),
    category: text('category').notNull(),
    message: text('message').notNull(),
    requestId: text('request_id'),
    context: jsonb('context'),
  },
  (t) => [
    index('system_logs_at_idx').on(t.at),
    index('system_logs_level_idx').on(t.level, t.at),
    index('system_logs_request_idx').on(t.requestId),
  ],
);

/** System log settings: exactly one row (id 1). */
export const systemLogSettings = pgTable(
  'system_log_settings',
  {
    id: integer('id').primaryKey().default(1),
    retentionDays: integer('retention_days').notNull().default(90),
    updatedAt: updatedAt(),
    updatedBy: text('updated_by'),
  },
  (t) => [
    check('system_log_settings_single_row', sql`${t.id} = 1`),
    check('system_log_settings_retention', sql`${t.retentionDays} between 1 and 3650`),
  ],
);
