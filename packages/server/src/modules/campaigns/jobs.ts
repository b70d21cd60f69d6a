import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { invalidateCampaigns } from './active.ts';

export const CAMPAIGN_SCHEDULE_JOB = 'campaigns.schedule';

/**
 * Starts the SCHEDULED campaigns whose start has come and ends the live or paused ones whose end
 * has passed, in one transaction; answers how many changed. Idempotent (each UPDATE picks only
 * what is due), and the job runner lets one instance run it at a time. The engine does not wait
 * for it: the earning's matcher checks the period itself, and the database pays a SCHEDULED
 * campaign whose start has come (migration 0038), so the bonus starts and stops on the second.
 */
export async function runCampaignSchedule(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = rowsOf<{ id: number }>(
      await tx.execute(sql`
        with started as (
          update campaigns set status = 'ACTIVE', updated_at = now()
          where status = 'SCHEDULED' and starts_at <= now() and ends_at > now() returning id
        ), ended as (
          update campaigns set status = 'ENDED', ended_reason = 'PERIOD', updated_at = now()
          where status in ('SCHEDULED', 'ACTIVE', 'PAUSED') and ends_at <= now() returning id
        )
        select id from started union all select id from ended`),
    );
    if (rows.length) await invalidateCampaigns(tx);
    return rows.length;
  });
}

export const campaignJobs: JobDefinition[] = [
  {
    name: CAMPAIGN_SCHEDULE_JOB,
    intervalSeconds: 30,
    run: async (db) => {
      await runCampaignSchedule(db);
      return null;
    },
  },
];
