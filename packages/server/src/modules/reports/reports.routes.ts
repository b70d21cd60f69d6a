import {
  type ExportFormat,
  exportAuditCommand,
  exportMediaTypes,
  idParams,
  problemSchema,
  type ReportName,
  reportExportQuery,
  reportParams,
  reportQuery,
  reportRead,
  reportRecipientSchema,
  reportRunCommands,
  reportRunInput,
  reportRunSchema,
  reportScheduleFields,
  reportScheduleRead,
  reportScheduleResource,
  reportSchema,
  reportSources,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { auditSource, writeAudit } from '../../platform/audit.ts';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { AppError } from '../../platform/errors.ts';
import { exportFileName, reportsReader } from '../../platform/exports.ts';
import { actorOf, pendingSchema, runCommand } from '../../platform/http.ts';
import { reportStream } from './files.ts';
import {
  getMyRun,
  getReportSchedule,
  listMyRuns,
  listReportSchedules,
  myRunFile,
  REPORT_RUN_JOB,
  reportRecipients,
} from './jobs.service.ts';
import { runReport } from './reports.service.ts';

const tags = ['Reports'];
const access = { access: { permission: reportRead.code } };

/** report.read opens the catalogue; each report also needs the read permission of its source. */
function mayRead(actor: Actor, name: ReportName) {
  if (!actor.permissions.has(reportSources[name])) throw new AppError('FORBIDDEN');
}

async function* once<T>(rows: T[]) {
  yield rows;
}

/** MainReports: one report as a table, or as a CSV / XLSX file. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/:name',
    {
      config: access,
      schema: {
        tags,
        summary: 'One report of the catalogue for a period',
        params: reportParams,
        querystring: reportQuery,
        response: { 200: reportSchema },
      },
    },
    (req) => {
      mayRead(actorOf(req), req.params.name);
      return runReport(reportsReader(app.db), req.params.name, req.query);
    },
  );

  app.get(
    '/reports/:name/export',
    {
      config: { ...access, download: [exportMediaTypes.csv, exportMediaTypes.xlsx] },
      schema: {
        tags,
        summary: 'One report for a period as CSV or XLSX',
        params: reportParams,
        querystring: reportExportQuery,
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const { name } = req.params;
      mayRead(actor, name);
      const { format, ...range } = req.query as { format: ExportFormat; from?: string; to?: string };
      const report = await runReport(reportsReader(app.db), name, range);
      await writeAudit(app.db, auditSource(actor), {
        command: exportAuditCommand,
        outcome: 'SUCCESS',
        targetType: `report:${name}`,
        after: { format, from: report.from, to: report.to },
      });
      reply
        .type(format === 'csv' ? `${exportMediaTypes.csv}; charset=utf-8` : exportMediaTypes.xlsx)
        .header('content-disposition', `attachment; filename="${exportFileName(`report-${name}`, format)}"`);
      return reply.send(reportStream(once(report.rows), report.columns, name, format));
    },
  );

  // Background runs: a long period is prepared as a file, followed by its progress.
  const userOf = (actor: Actor) => {
    if (actor.userId === undefined) throw new AppError('FORBIDDEN');
    return actor.userId;
  };
  app.post(
    '/report-runs',
    {
      config: { access: { permission: reportRunCommands.start.name } },
      schema: {
        tags,
        summary: `${reportRunCommands.start.summary}: accepted at once (202), followed at /report-runs/{id}`,
        body: reportRunInput,
        response: { 202: reportRunSchema.or(pendingSchema), 400: problemSchema, 403: problemSchema },
      },
    },
    async (req, reply) => {
      const answered = await runCommand(req, reply, reportRunCommands.start.name, req.body, 202);
      void app.jobs.tick(REPORT_RUN_JOB).catch((err) => app.log.error({ err }, 'report run failed to start'));
      return answered;
    },
  );
  app.get(
    '/report-runs',
    {
      config: access,
      schema: {
        tags,
        summary: 'My latest background report runs',
        response: { 200: z.array(reportRunSchema) },
      },
    },
    (req) => listMyRuns(app.db, userOf(actorOf(req))),
  );
  app.get(
    '/report-runs/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'One of my background report runs: status and progress',
        params: idParams,
        response: { 200: reportRunSchema, 404: problemSchema },
      },
    },
    (req) => getMyRun(app.db, userOf(actorOf(req)), req.params.id),
  );
  app.get(
    '/report-runs/:id/file',
    {
      config: { ...access, download: [exportMediaTypes.csv, exportMediaTypes.xlsx] },
      schema: { tags, summary: 'The file of one of my finished report runs', params: idParams },
    },
    async (req, reply) => {
      const file = await myRunFile(app.db, userOf(actorOf(req)), req.params.id);
      reply
        .type(file.format === 'csv' ? `${exportMediaTypes.csv}; charset=utf-8` : exportMediaTypes.xlsx)
        .header('content-disposition', `attachment; filename="${file.fileName}"`);
      return reply.send(file.file);
    },
  );

  // Scheduled reports: the list, its export and the commands, plus who may receive one.
  await app.register(
    crudRoutes(reportScheduleResource, {
      body: { create: reportScheduleFields },
      list: listReportSchedules,
      get: getReportSchedule,
    }),
  );
  app.get(
    '/report-schedules/recipients',
    {
      config: { access: { permission: reportScheduleRead.code } },
      schema: {
        tags: [reportScheduleResource.tag],
        summary:
          'Staff who may receive a report: active, with an e-mail address and the permission to read it',
        querystring: z.object({ report: reportParams.shape.name.optional() }),
        response: { 200: z.array(reportRecipientSchema) },
      },
    },
    (req) => reportRecipients(app.db, req.query.report),
  );
};
