import {
  type ReportName,
  type ReportRun,
  type ReportSchedule,
  type ReportScheduleListQuery,
  reportRead,
  reportRunCommands,
  reportScheduleCommands,
  type reportScheduleResource,
  reportSources,
} from '@loyalty/contracts';
import { and, arrayContains, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { reportRuns, reportSchedules, users } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/access.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { reportsReader } from '../../platform/exports.ts';
import { type JobDefinition, requestJobRun } from '../../platform/jobs.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { enqueueMails } from '../../platform/mail.ts';
import { findOrFail } from '../../platform/records.ts';
import { tunable } from '../../platform/settings/values.ts';
import { reportFile } from './files.ts';

/** The job that runs queued reports, and the one that e-mails scheduled reports when due. */
export const REPORT_RUN_JOB = 'reports.run';
export const REPORT_SCHEDULE_JOB = 'reports.scheduled';

/** A report needs report.read and the read permission of its source. */
export function mayReadReport(actor: Pick<Actor, 'permissions'>, name: ReportName) {
  return actor.permissions.has(reportRead.code) && actor.permissions.has(reportSources[name]);
}

// ---------------------------------------------------------------------------------------------
// Background runs

type RunRow = typeof reportRuns.$inferSelect;

const toRun = (r: RunRow): ReportRun => ({
  id: r.id,
  report: r.report as ReportName,
  from: r.from,
  to: r.to,
  format: r.format,
  status: r.status,
  progress: r.progress,
  rows: r.rows,
  fileName: r.fileName,
  error: r.error,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

const runColumns = {
  id: reportRuns.id,
  report: reportRuns.report,
  from: reportRuns.from,
  to: reportRuns.to,
  format: reportRuns.format,
  status: reportRuns.status,
  progress: reportRuns.progress,
  rows: reportRuns.rows,
  fileName: reportRuns.fileName,
  error: reportRuns.error,
  createdById: reportRuns.createdById,
  createdAt: reportRuns.createdAt,
  startedAt: reportRuns.startedAt,
  finishedAt: reportRuns.finishedAt,
};

/** The caller's recent runs, newest first (never the files). */
export async function listMyRuns(db: Executor, userId: number): Promise<ReportRun[]> {
  const rows = await db
    .select(runColumns)
    .from(reportRuns)
    .where(eq(reportRuns.createdById, userId))
    .orderBy(desc(reportRuns.id))
    .limit(20);
  return rows.map((r) => toRun({ ...r, file: null }));
}

/** One of the caller's runs (someone else's is not found). */
export async function getMyRun(db: Executor, userId: number, id: number): Promise<ReportRun> {
  const [row] = await db
    .select(runColumns)
    .from(reportRuns)
    .where(and(eq(reportRuns.id, id), eq(reportRuns.createdById, userId)));
  if (!row) throw new AppError('NOT_FOUND', 'Report run not found');
  return toRun({ ...row, file: null });
}

/** The file of one of the caller's finished runs. */
export async function myRunFile(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select({ fileName: reportRuns.fileName, file: reportRuns.file, format: reportRuns.format })
    .from(reportRuns)
    .where(and(eq(reportRuns.id, id), eq(reportRuns.createdById, userId), eq(reportRuns.status, 'DONE')));
  if (!row?.file || !row.fileName) throw new AppError('NOT_FOUND', 'Report file not found');
  return row as { fileName: string; file: Buffer; format: 'csv' | 'xlsx' };
}

/** Claims the oldest queued run (another instance's claim is skipped) and marks it running. */
async function claimRun(db: Db): Promise<RunRow | undefined> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`
      update report_runs set status = 'RUNNING', started_at = now(), progress = 5
      where id = (select id from report_runs where status = 'QUEUED' order by id limit 1 for update skip locked)
      returning id`),
  );
  if (!row) return undefined;
  const [run] = await db
    .select()
    .from(reportRuns)
    .where(eq(reportRuns.id, Number(row.id)));
  return run;
}

/** Runs every queued report: its progress written as it goes, its file kept on the run. */
export async function runQueuedReports(db: Db): Promise<number> {
  let ran = 0;
  for (let run = await claimRun(db); run; run = await claimRun(db)) {
    const id = run.id;
    try {
      const file = await reportFile(
        reportsReader(db),
        run.report as ReportName,
        { from: run.from, to: run.to },
        run.format,
        async (progress) => {
          await db.update(reportRuns).set({ progress }).where(eq(reportRuns.id, id));
        },
      );
      await db
        .update(reportRuns)
        .set({
          status: 'DONE',
          progress: 100,
          rows: file.rows,
          fileName: file.fileName,
          file: file.content,
          finishedAt: sql`now()`,
        })
        .where(eq(reportRuns.id, id));
    } catch (err) {
      await db
        .update(reportRuns)
        .set({ status: 'FAILED', error: String(err).slice(0, 500), finishedAt: sql`now()` })
        .where(eq(reportRuns.id, id));
    }
    ran += 1;
  }
  return ran;
}

// ---------------------------------------------------------------------------------------------
// Scheduled reports

type ScheduleRow = typeof reportSchedules.$inferSelect;

const scheduleSpec: ResourceListSpec<typeof reportSchedules, typeof reportScheduleResource> = {
  table: reportSchedules,
  sortable: {
    title: reportSchedules.title,
    nextRunAt: reportSchedules.nextRunAt,
    createdAt: reportSchedules.createdAt,
  },
  defaultSort: { field: 'title', direction: 'asc' },
  tieBreaker: reportSchedules.id,
  search: [reportSchedules.title],
  filters: {
    report: (v: string) => eq(reportSchedules.report, v),
    frequency: (v: ScheduleRow['frequency']) => eq(reportSchedules.frequency, v),
    recipientId: (v: number) => arrayContains(reportSchedules.recipientIds, [v]),
  },
};

/** Recipients' names for a page of schedules: one query. */
async function withRecipients(db: Executor, rows: ScheduleRow[]): Promise<ReportSchedule[]> {
  const ids = [...new Set(rows.flatMap((r) => r.recipientIds))];
  const people = ids.length
    ? await db
        .select({
          id: users.id,
          username: users.username,
          fullName: users.fullName,
          fullNameAr: users.fullNameAr,
        })
        .from(users)
        .where(sql`${users.id} = any(${sql`${`{${ids.join(',')}}`}::int[]`})`)
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return rows.map(({ createdById: _by, lastSentAt, ...row }) => ({
    ...isoDates(row),
    lastSentAt: lastSentAt?.toISOString() ?? null,
    report: row.report as ReportName,
    recipients: row.recipientIds.flatMap((id) => byId.get(id) ?? []),
  }));
}

export async function listReportSchedules(db: Executor, query: ReportScheduleListQuery) {
  const page = await listPage(db, scheduleSpec, query, (row) => row);
  return { ...page, items: await withRecipients(db, page.items) };
}

const findSchedule = (db: Executor, id: number, forUpdate = false) =>
  findOrFail(db, reportSchedules, reportSchedules.id, id, 'Scheduled report', forUpdate);
const toSchedule = async (db: Executor, row: ScheduleRow) =>
  (await withRecipients(db, [row]))[0] as ReportSchedule;
export const getReportSchedule = async (db: Executor, id: number) =>
  toSchedule(db, await findSchedule(db, id));

/**
 * Staff who may receive a report: active, with an e-mail address, whose role holds report.read
 * and the report's source permission (any report's, without a name).
 */
export const reportRecipients = (db: Executor, name?: ReportName) =>
  staffHolding(db, name ? [reportRead.code, reportSources[name]] : [reportRead.code]);

/**
 * Active staff with an e-mail address whose active role holds every one of `codes` (active): who
 * may be sent a file of what those permissions read (a report, a replay's figures).
 */
export async function staffHolding(db: Executor, needs: readonly string[]) {
  return rowsOf<{ id: number; username: string; fullName: string; fullNameAr: string; email: string }>(
    await db.execute(sql`
      select u.id, u.username, u.full_name as "fullName", u.full_name_ar as "fullNameAr", u.email
      from users u join roles r on r.id = u.role_id and r.status = 'ACTIVE'
      where u.status = 'ACTIVE' and u.email is not null and u.email <> ''
        and (select count(distinct p.code) from role_permissions rp
             join permissions p on p.code = rp.permission_code and p.status = 'ACTIVE'
             where rp.role_id = u.role_id and p.code in (${sql.join(
               needs.map((c) => sql`${c}`),
               sql`, `,
             )})) = ${needs.length}
      order by u.full_name, u.id`),
  );
}

/** Every recipient must be able to receive the report (refused as a field error otherwise). */
async function requireRecipients(db: Executor, name: ReportName, ids: number[]) {
  const allowed = new Set((await reportRecipients(db, name)).map((r) => r.id));
  if (ids.some((id) => !allowed.has(id))) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Every recipient needs an e-mail address and the permission to read this report',
      [{ path: 'recipientIds', message: 'reports.schedules.recipientNotAllowed' }],
    );
  }
}

/** The schedule's first run: the start of the next day, week (Monday) or month, UTC. */
export const nextBoundary = (frequency: ScheduleRow['frequency']) => {
  const unit = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month' }[frequency];
  return sql`(date_trunc(${unit}, now() at time zone 'UTC') + ${`1 ${unit}`}::interval) at time zone 'UTC'`;
};

function requireReadable(actor: Actor, name: ReportName) {
  if (!mayReadReport(actor, name)) throw new AppError('FORBIDDEN');
}

export const reportJobHandlers = [
  defineHandler(
    reportRunCommands.start,
    async ({ tx, actor, onBehalfOf }, input) => {
      requireReadable(actor, input.report);
      const [row] = (await tx
        .insert(reportRuns)
        .values({
          report: input.report,
          // The period is fixed when asked (a default "last 30 days" does not move while queued).
          from: input.from ?? sql`(now() at time zone 'UTC')::date - 29`,
          to: input.to ?? sql`(now() at time zone 'UTC')::date`,
          format: input.format,
          createdById: onBehalfOf?.userId ?? (actor.userId as number),
        } as typeof reportRuns.$inferInsert)
        .returning()) as [RunRow];
      await requestJobRun(tx, REPORT_RUN_JOB);
      const run = toRun(row);
      return { result: run, targetType: 'reportRun', targetId: run.id, after: run };
    },
    // Asking for a file changes nothing anyone checks: never held for approval.
    { approvable: false },
  ),
  defineHandler(
    reportScheduleCommands.create,
    async ({ tx, actor, onBehalfOf }, input) => {
      requireReadable(actor, input.report);
      await requireRecipients(tx, input.report, input.recipientIds);
      const [row] = (await tx
        .insert(reportSchedules)
        .values({
          ...input,
          recipientIds: [...new Set(input.recipientIds)],
          nextRunAt: nextBoundary(input.frequency),
          createdById: onBehalfOf?.userId ?? actor.userId,
        })
        .returning()) as [ScheduleRow];
      const after = await toSchedule(tx, row);
      return { result: after, targetType: 'reportSchedule', targetId: row.id, after };
    },
    { recordKey: (input) => input.title.toLowerCase() },
  ),
  defineHandler(reportScheduleCommands.update, async ({ tx, actor }, { id, ...input }) => {
    const old = await findSchedule(tx, id, true);
    const before = await toSchedule(tx, old);
    requireReadable(actor, input.report);
    await requireRecipients(tx, input.report, input.recipientIds);
    const [row] = (await tx
      .update(reportSchedules)
      .set({
        ...input,
        recipientIds: [...new Set(input.recipientIds)],
        // A new frequency (or switching back on) starts from the next boundary of its own.
        ...(old.frequency !== input.frequency || (!old.active && input.active)
          ? { nextRunAt: nextBoundary(input.frequency) }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(reportSchedules.id, id))
      .returning()) as [ScheduleRow];
    const after = await toSchedule(tx, row);
    return { result: after, targetType: 'reportSchedule', targetId: id, before, after };
  }),
  defineHandler(reportScheduleCommands.delete, async ({ tx }, { id }) => {
    const before = await toSchedule(tx, await findSchedule(tx, id, true));
    await tx.delete(reportSchedules).where(eq(reportSchedules.id, id));
    return { result: undefined, targetType: 'reportSchedule', targetId: id, before };
  }),
];

interface Claimed {
  id: number;
  title: string;
  report: ReportName;
  format: 'csv' | 'xlsx';
  recipient_ids: number[];
  from: string;
  to: string;
}

/**
 * Claims one due schedule in the caller's transaction: the period sent is the last whole day,
 * week or month before now (one mail however long the server was down), and the next run moves to
 * the end of the current one. SKIP LOCKED: two instances never claim the same schedule, and a
 * claim rolled back (a failed send) leaves it due for the next tick.
 */
async function claimSchedule(tx: Executor): Promise<Claimed | undefined> {
  const [row] = rowsOf<Claimed>(
    await tx.execute(sql`
      with due as (
        select id, case frequency when 'DAILY' then 'day' when 'WEEKLY' then 'week' else 'month' end as unit
        from report_schedules where active and next_run_at <= now()
        order by next_run_at limit 1 for update skip locked
      ), b as (
        select id, unit, date_trunc(unit, now() at time zone 'UTC') as current from due
      )
      update report_schedules s set
        next_run_at = (b.current + (1 || ' ' || b.unit)::interval) at time zone 'UTC',
        last_sent_at = now(),
        last_period = to_char(b.current - (1 || ' ' || b.unit)::interval, 'YYYY-MM-DD') || '..' ||
          to_char(b.current - interval '1 day', 'YYYY-MM-DD')
      from b where s.id = b.id
      returning s.id, s.title, s.report, s.format, s.recipient_ids,
        to_char(b.current - (1 || ' ' || b.unit)::interval, 'YYYY-MM-DD') as "from",
        to_char(b.current - interval '1 day', 'YYYY-MM-DD') as "to"`),
  );
  return row;
}

const reportTitles: Record<ReportName, [string, string]> = {
  liability: ['Points liability', 'التزامات النقاط'],
  expiryForecast: ['Expiry forecast', 'توقعات انتهاء صلاحية النقاط'],
  activity: ['Issuance and redemption', 'إصدار النقاط واستبدالها'],
  tierMigration: ['Tier migration', 'انتقال العملاء بين الشرائح'],
  serviceDesk: ['Service desk', 'مكتب خدمة العملاء'],
  staffActivity: ['Staff activity', 'نشاط الموظفين'],
  vouchers: ['Vouchers', 'القسائم'],
  cohorts: ['Customer cohorts', 'مجموعات العملاء حسب شهر الانضمام'],
};

/**
 * Sends every due schedule: one transaction each (claim, render, queue the mail with the file),
 * so a failure leaves the schedule due and nothing queued. Recipients are checked again at
 * sending: someone who lost the permission or the address since is skipped.
 */
export async function sendDueSchedules(db: Db): Promise<number> {
  let sent = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const s = await claimSchedule(tx);
      if (!s) return false;
      const allowed = new Map((await reportRecipients(tx, s.report)).map((r) => [r.id, r]));
      const to = s.recipient_ids.flatMap((id) => allowed.get(id) ?? []);
      if (to.length) {
        // On a replica the report is read there; otherwise in this transaction (one connection on PGlite).
        const reader = reportsReader(db);
        const file = await reportFile(reader === db ? tx : reader, s.report, s, s.format);
        const [en, ar] = reportTitles[s.report];
        await enqueueMails(
          tx,
          to.map((r) => ({
            to: r.email,
            subject: `${s.title}: ${en}, ${s.from} to ${s.to}`,
            text: [
              `${r.fullName},`,
              '',
              `Attached: the report "${en}" for ${s.from} to ${s.to} (${file.rows} rows), sent by the schedule "${s.title}".`,
              `مرفق: تقرير «${ar}» للفترة من ${s.from} إلى ${s.to} (${file.rows} صفاً)، مرسل وفق الجدولة «${s.title}».`,
              '',
              `Loyalty Admin — {{app}}`,
            ].join('\n'),
            attachments: [{ fileName: file.fileName, contentType: file.contentType, content: file.content }],
          })),
        );
      }
      return true;
    });
    if (!done) return sent;
    sent += 1;
  }
}

/**
 * Removes finished runs (their files, or their failures) older than `reports.fileRetentionDays`:
 * files are kept in the database, and a month of large exports would otherwise stay there.
 */
export async function purgeOldRuns(db: Db): Promise<number> {
  const days = await tunable<number>(db, 'reports.fileRetentionDays');
  const gone = await db
    .delete(reportRuns)
    .where(
      and(
        inArray(reportRuns.status, ['DONE', 'FAILED']),
        lt(reportRuns.finishedAt, sql`now() - make_interval(days => ${days})`),
      ),
    )
    .returning({ id: reportRuns.id });
  return gone.length;
}

export const reportScheduleJobs: JobDefinition[] = [
  {
    name: REPORT_RUN_JOB,
    intervalSeconds: 60,
    async run(db) {
      await runQueuedReports(db);
      await purgeOldRuns(db);
    },
  },
  {
    name: REPORT_SCHEDULE_JOB,
    intervalSeconds: 300,
    async run(db) {
      await sendDueSchedules(db);
    },
  },
];
