import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.ts';
import { users } from './identity.ts';

/**
 * A replay over history (docs/decisions/replay.md): the candidate change as its command would send
 * it, the period, and once run the figures. Run in the background (the job `replays.run`).
 */
export const replays = pgTable(
  'replays',
  {
    id: idColumn(),
    command: text('command').notNull(),
    targetId: integer('target_id'),
    input: jsonb('input'),
    from: date('from', { mode: 'string' }).notNull(),
    to: date('to', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] })
      .notNull()
      .default('QUEUED'),
    progress: smallint('progress').notNull().default(0),
    /** The figures (contracts replaySchema's totals … exactness), once done. */
    result: jsonb('result'),
    error: text('error'),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('replays_queued_idx').on(t.id).where(sql`${t.status} = 'QUEUED'`),
    check('replays_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);
