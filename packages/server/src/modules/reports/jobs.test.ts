/**
 * Reports in the background (a run with progress and a file kept for download) and reports
 * e-mailed on a schedule through the outbox, to a real SMTP server.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, DEMO_SETUP_TIMEOUT, type TestApp } from '../../test/app.ts';
import { startMailbox } from '../../test/mailbox.ts';
import { reportFile } from './files.ts';
import {
  purgeOldRuns,
  REPORT_RUN_JOB,
  REPORT_SCHEDULE_JOB,
  runQueuedReports,
  sendDueSchedules,
} from './jobs.service.ts';
import { addDays, isoDay } from './period.ts';

let t: TestApp;
let admin: { authorization: string };
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
const to = isoDay(new Date());
const from = addDays(to, -500);

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await buildTestApp({ SMTP_URL: mailbox.url }, { demo: true });
  admin = await t.signIn();
}, DEMO_SETUP_TIMEOUT);

const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.app.db.execute(query))[0] as T;

/** A staff member with these permissions and an e-mail address: their id, address and header. */
async function staff(codes: string[], email: string | null) {
  const as = await t.userWith(codes);
  const { id } = await one<{ id: number }>(sql`select max(id) as id from users`);
  await t.app.db.execute(sql`update users set email = ${email} where id = ${id}`);
  return { id: Number(id), email, as };
}

describe('POST /api/admin/report-runs', () => {
  it('queues the report, runs it as a job with progress and keeps the file for its owner', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/admin/report-runs',
      as: admin,
      payload: { report: 'liability', from, to, format: 'csv' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json();
    expect(queued).toMatchObject({ report: 'liability', from, to, status: 'QUEUED', progress: 0 });
    // The route has started the job; on another instance a tick would. Followed until done.
    await t.app.jobs.tick(REPORT_RUN_JOB);
    let done = queued;
    for (let i = 0; i < 200 && done.status !== 'DONE' && done.status !== 'FAILED'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      done = (
        await t.inject({ method: 'GET', url: `/api/admin/report-runs/${queued.id}`, as: admin })
      ).json();
      if (done.status === 'RUNNING') expect(done.progress).toBeGreaterThan(0);
    }
    expect(done).toMatchObject({ status: 'DONE', progress: 100 });
    expect(done.fileName).toMatch(new RegExp(`^report-liability-${from}-${to}-.*\\.csv$`));

    // The file holds exactly the report's rows.
    const report = (
      await t.inject({ method: 'GET', url: `/api/admin/reports/liability?from=${from}&to=${to}`, as: admin })
    ).json();
    const file = await t.inject({
      method: 'GET',
      url: `/api/admin/report-runs/${queued.id}/file`,
      as: admin,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(done.fileName);
    const rows = parse(file.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(done.rows);
    expect(rows.map((r) => Number(r.outstanding))).toEqual(
      report.rows.map((r: { outstanding: number }) => r.outstanding),
    );

    const mine = (await t.inject({ method: 'GET', url: '/api/admin/report-runs', as: admin })).json();
    expect(mine[0]).toMatchObject({ id: queued.id, status: 'DONE' });
    const audit = await one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where command = 'reportRun.start' and outcome = 'SUCCESS'`,
    );
    expect(audit.n).toBeGreaterThan(0);

    // Someone else's run is not found, its file neither.
    const other = await t.userWith(['report.read', 'customer.read', 'reportRun.start']);
    for (const url of [`/api/admin/report-runs/${queued.id}`, `/api/admin/report-runs/${queued.id}/file`]) {
      expect((await t.inject({ method: 'GET', url, as: other })).statusCode).toBe(404);
    }
    expect((await t.inject({ method: 'GET', url: '/api/admin/report-runs', as: other })).json()).toEqual([]);
  });

  it('removes finished runs older than reports.fileRetentionDays, and keeps the newer ones', async () => {
    const queue = async () =>
      (
        await t.inject({
          method: 'POST',
          url: '/api/admin/report-runs',
          as: admin,
          payload: { report: 'liability', from: addDays(to, -30), to, format: 'csv' },
        })
      ).json().id as number;
    const [old, recent] = [await queue(), await queue()];
    // The route started the job (which also purges): let it finish before the clock is moved back.
    await t.app.jobs.settled();
    await runQueuedReports(t.app.db);
    await t.app.db.execute(
      sql`update report_runs set finished_at = now() - interval '8 days' where id = ${old}`,
    );
    await t.app.db.execute(
      sql`update report_runs set finished_at = now() - interval '6 days' where id = ${recent}`,
    );
    expect(await purgeOldRuns(t.app.db)).toBe(1);
    const status = async (id: number) =>
      (await t.inject({ method: 'GET', url: `/api/admin/report-runs/${id}`, as: admin })).statusCode;
    expect(await status(old)).toBe(404);
    expect(await status(recent)).toBe(200);
  });

  it('progress rises as the file is written; XLSX is a workbook', async () => {
    const seen: number[] = [];
    const file = await reportFile(
      t.app.db,
      'liability',
      { from: addDays(to, -60), to },
      'xlsx',
      async (p) => {
        seen.push(p);
      },
    );
    expect(file.content.subarray(0, 2).toString()).toBe('PK');
    // A day per row, for the days the ledger moved (just after midnight UTC today has none yet).
    const days = await one<{ n: number }>(
      sql`select count(distinct day)::int as n from reports_ledger_daily where day between ${addDays(to, -60)} and ${to}`,
    );
    expect(days.n).toBeGreaterThanOrEqual(60);
    expect(file.rows).toBe(days.n);
    expect(seen[0]).toBe(40);
    expect(seen.length).toBeGreaterThan(5);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(Math.max(...seen)).toBeLessThan(100);
  });

  it('needs the source’s read permission; a bad period is refused and nothing is queued', async () => {
    const before = await one<{ n: number }>(sql`select count(*)::int as n from report_runs`);
    const noDesk = await t.userWith(['report.read', 'customer.read', 'reportRun.start']);
    const denied = await t.inject({
      method: 'POST',
      url: '/api/admin/report-runs',
      as: noDesk,
      payload: { report: 'serviceDesk', from, to },
    });
    expect(denied.statusCode).toBe(403);
    const bad = await t.inject({
      method: 'POST',
      url: '/api/admin/report-runs',
      as: admin,
      payload: { report: 'liability', from: to, to: from },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const after = await one<{ n: number }>(sql`select count(*)::int as n from report_runs`);
    expect(after.n).toBe(before.n);
  });
});

describe('scheduled reports (/api/admin/report-schedules)', () => {
  it('refuses recipients without an e-mail address or the report’s permission', async () => {
    const noMail = await staff(['report.read', 'customer.read'], null);
    const noRight = await staff(['report.read'], 'no-right@bank.test');
    const before = await one<{ n: number }>(sql`select count(*)::int as n from report_schedules`);
    for (const recipient of [noMail, noRight]) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/admin/report-schedules',
        as: admin,
        payload: {
          title: `Weekly liability ${recipient.id}`,
          report: 'liability',
          frequency: 'WEEKLY',
          recipientIds: [recipient.id],
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { path: 'recipientIds', message: 'reports.schedules.recipientNotAllowed' },
      ]);
    }
    const after = await one<{ n: number }>(sql`select count(*)::int as n from report_schedules`);
    expect(after.n).toBe(before.n);
    const recipients = (
      await t.inject({
        method: 'GET',
        url: '/api/admin/report-schedules/recipients?report=liability',
        as: admin,
      })
    ).json() as { id: number }[];
    expect(recipients.map((r) => r.id)).not.toContain(noMail.id);
    expect(recipients.map((r) => r.id)).not.toContain(noRight.id);
  });

  it('e-mails the last whole period once per period, with the file attached', async () => {
    const finance = await staff(['report.read', 'customer.read'], 'finance@bank.test');
    const created = await t.inject({
      method: 'POST',
      url: '/api/admin/report-schedules',
      as: admin,
      payload: {
        title: 'Monthly liability',
        report: 'liability',
        frequency: 'MONTHLY',
        format: 'csv',
        recipientIds: [finance.id],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const schedule = created.json();
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    expect(schedule).toMatchObject({
      report: 'liability',
      frequency: 'MONTHLY',
      recipients: [{ id: finance.id }],
      nextRunAt: nextMonth.toISOString(),
      lastSentAt: null,
    });

    // Not due yet: nothing is sent.
    expect(await sendDueSchedules(t.app.db)).toBe(0);

    // Due (as if the month had ended): claimed once, however many ticks and instances run.
    await t.app.db.execute(
      sql`update report_schedules set next_run_at = now() - interval '1 minute' where id = ${schedule.id}`,
    );
    await Promise.all([t.app.jobs.tick(REPORT_SCHEDULE_JOB), sendDueSchedules(t.app.db)]);
    expect(await sendDueSchedules(t.app.db)).toBe(0);
    await t.app.mailer.flush();
    const mail = await mailbox.next('finance@bank.test');
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const period = `${isoDay(lastMonth)}..${addDays(isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))), -1)}`;
    const [pFrom, pTo] = period.split('..') as [string, string];
    expect(mail.subject).toContain('Monthly liability');
    expect(mail.raw).toContain(`filename=report-liability-${pFrom}-${pTo}-`);
    // The attachment is the report of that month.
    const part = /Content-Type: text\/csv[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/.exec(mail.raw);
    const csv = Buffer.from((part?.[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8');
    const report = (
      await t.inject({
        method: 'GET',
        url: `/api/admin/reports/liability?from=${pFrom}&to=${pTo}`,
        as: admin,
      })
    ).json();
    const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => Number(r.outstanding))).toEqual(
      report.rows.map((r: { outstanding: number }) => r.outstanding),
    );
    expect(mailbox.received.filter((m) => m.to.includes('finance@bank.test'))).toHaveLength(1);

    const after = (
      await t.inject({ method: 'GET', url: `/api/admin/report-schedules/${schedule.id}`, as: admin })
    ).json();
    expect(after).toMatchObject({ lastPeriod: period, nextRunAt: nextMonth.toISOString() });
    expect(after.lastSentAt).not.toBeNull();
  });

  it('every change is an audited command; a change of frequency moves the next run', async () => {
    const ops = await staff(['report.read', 'message.read'], 'ops@bank.test');
    const created = (
      await t.inject({
        method: 'POST',
        url: '/api/admin/report-schedules',
        as: admin,
        payload: {
          title: 'Service desk daily',
          report: 'serviceDesk',
          frequency: 'DAILY',
          recipientIds: [ops.id],
        },
      })
    ).json();
    const tomorrow = `${addDays(to, 1)}T00:00:00.000Z`;
    expect(created).toMatchObject({ nextRunAt: tomorrow, format: 'xlsx', active: true });
    const updated = await t.inject({
      method: 'PUT',
      url: `/api/admin/report-schedules/${created.id}`,
      as: admin,
      payload: { ...created, frequency: 'WEEKLY' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const monday = new Date(`${to}T00:00:00Z`);
    monday.setUTCDate(monday.getUTCDate() + 7 - ((monday.getUTCDay() + 6) % 7));
    expect(updated.json().nextRunAt).toBe(monday.toISOString());

    const list = (
      await t.inject({ method: 'GET', url: `/api/admin/report-schedules?recipientId=${ops.id}`, as: admin })
    ).json();
    expect(list.items.map((s: { id: number }) => s.id)).toEqual([created.id]);

    const removed = await t.inject({
      method: 'DELETE',
      url: `/api/admin/report-schedules/${created.id}`,
      as: admin,
    });
    expect(removed.statusCode).toBe(204);
    const audit = rowsOf<{ command: string }>(
      await t.app.db.execute(sql`select command from audit_log
        where target_type = 'reportSchedule' and target_id = ${String(created.id)} order by seq`),
    );
    expect(audit.map((a) => a.command)).toEqual([
      'reportSchedule.create',
      'reportSchedule.update',
      'reportSchedule.delete',
    ]);
    // A reader without the command may list but not change.
    const reader = await t.userWith(['reportSchedule.read']);
    expect(
      (await t.inject({ method: 'GET', url: '/api/admin/report-schedules', as: reader })).statusCode,
    ).toBe(200);
    const refused = await t.inject({
      method: 'POST',
      url: '/api/admin/report-schedules',
      as: reader,
      payload: { title: 'x', report: 'liability', frequency: 'DAILY', recipientIds: [ops.id] },
    });
    expect(refused.statusCode).toBe(403);
  });
});
