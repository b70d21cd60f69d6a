import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Scheduled background jobs (platform/jobs.ts). An instance claims a due job by moving its
 * `next_run_at` forward in one UPDATE … SKIP LOCKED, so a run happens on one instance only.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  intervalSeconds: integer('interval_seconds').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true, mode: 'date' }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true, mode: 'date' }),
  lastStatus: text('last_status', { enum: ['OK', 'FAILED'] }),
  lastError: text('last_error'),
  /** What the job keeps between runs (e.g. the expiry job's watermark). */
  state: text('state'),
});
