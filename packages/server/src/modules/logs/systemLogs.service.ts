import {
  type LogLevel,
  logLevels,
  type SystemLog,
  type SystemLogListQuery,
  type SystemLogSettings,
  systemLogCommands,
  type systemLogResource,
} from '@loyalty/contracts';
import { eq, gte, lt, sql } from 'drizzle-orm';
import { type Db, type Executor, rowsOf } from '../../db/client.ts';
import { systemLogSettings, systemLogs } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { recordTunableChange } from '../../platform/settings/history.ts';

type LogRow = typeof systemLogs.$inferSelect;
type SettingsRow = typeof systemLogSettings.$inferSelect;

/** pino's numeric levels. */
const levelValue: Record<LogLevel, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};
const levelName = (value: number): LogLevel =>
  [...logLevels].reverse().find((l) => levelValue[l] <= value) ?? 'trace';

export const toSystemLog = (r: LogRow): SystemLog => ({ ...isoDates(r), level: levelName(r.level) });

const listSpec: ResourceListSpec<typeof systemLogs, typeof systemLogResource> = {
  table: systemLogs,
  sortable: { at: systemLogs.at },
  defaultSort: { field: 'at', direction: 'desc' },
  tieBreaker: systemLogs.id,
  search: [systemLogs.message, systemLogs.category, systemLogs.requestId],
  filters: {
    level: (level: LogLevel) => gte(systemLogs.level, levelValue[level]),
    category: (category: string) => eq(systemLogs.category, category),
    requestId: (id: string) => eq(systemLogs.requestId, id),
    from: (at: string) => gte(systemLogs.at, new Date(at)),
    to: (at: string) => lt(systemLogs.at, new Date(at)),
  },
};

export const listSystemLogs = (db: Executor, query: SystemLogListQuery) =>
  listPage(db, listSpec, query, toSystemLog);

const toSettings = ({ id: _, ...row }: SettingsRow): SystemLogSettings => isoDates(row);

export async function getSettings(db: Executor): Promise<SystemLogSettings> {
  const [row] = await db.select().from(systemLogSettings).where(eq(systemLogSettings.id, 1));
  return toSettings(row as SettingsRow);
}

export const systemLogHandlers = [
  defineHandler(systemLogCommands.configure, async ({ tx, actor, onBehalfOf }, input) => {
    const before = await getSettings(tx);
    const [row] = (await tx
      .update(systemLogSettings)
      .set({ ...input, updatedAt: sql`now()`, updatedBy: onBehalfOf?.username ?? actor.username })
      .where(eq(systemLogSettings.id, 1))
      .returning()) as [SettingsRow];
    // Also a SystemConfigurations tunable: its history keeps this change.
    await recordTunableChange(
      { tx, actor, onBehalfOf },
      'logs.retentionDays',
      row.retentionDays,
      systemLogCommands.configure.name,
    );
    return {
      result: toSettings(row),
      targetType: 'systemLogSettings',
      targetId: 1,
      before,
      after: toSettings(row),
    };
  }),
];

const PURGE_BATCH = 5_000;

/**
 * Deletes events older than the retention, in batches. Safe with several instances: the job
 * runner gives each run to one instance, and deleting the same old rows twice is harmless.
 */
export async function purgeSystemLogs(db: Db): Promise<number> {
  const { retentionDays } = await getSettings(db);
  let purged = 0;
  for (;;) {
    const deleted = rowsOf<{ id: number }>(
      await db.execute(sql`
        delete from system_logs where id in (
          select id from system_logs where at < now() - make_interval(days => ${retentionDays})
          order by at limit ${PURGE_BATCH})
        returning id`),
    ).length;
    purged += deleted;
    if (deleted < PURGE_BATCH) return purged;
  }
}

export const systemLogJobs: JobDefinition[] = [
  {
    name: 'systemLogs.purge',
    intervalSeconds: 3_600,
    run: async (db) => {
      await purgeSystemLogs(db);
      return undefined;
    },
  },
];
