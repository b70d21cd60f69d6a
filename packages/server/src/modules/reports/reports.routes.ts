import {
  type ExportFormat,
  exportAuditCommand,
  exportMediaTypes,
  type ReportName,
  reportExportQuery,
  reportParams,
  reportQuery,
  reportRead,
  reportSchema,
  reportSources,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../../platform/access.ts';
import { auditSource, writeAudit } from '../../platform/audit.ts';
import { csvStream } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { exportFileName, xlsxStream } from '../../platform/exports.ts';
import { actorOf } from '../../platform/http.ts';
import { runReport } from './reports.service.ts';

const tags = ['Reports'];
const access = { access: { permission: reportRead.code } };

/** report.read opens the catalogue; each report also needs the read permission of its source. */
function mayRead(actor: Actor, name: ReportName) {
  if (!actor.permissions.has(reportSources[name])) throw new AppError('FORBIDDEN');
}

async function* each<T>(rows: T[]) {
  yield* rows;
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
      return runReport(app.db, req.params.name, req.query);
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
      const report = await runReport(app.db, name, range);
      await writeAudit(app.db, auditSource(actor), {
        command: exportAuditCommand,
        outcome: 'SUCCESS',
        targetType: `report:${name}`,
        after: { format, from: report.from, to: report.to },
      });
      reply
        .type(format === 'csv' ? `${exportMediaTypes.csv}; charset=utf-8` : exportMediaTypes.xlsx)
        .header('content-disposition', `attachment; filename="${exportFileName(`report-${name}`, format)}"`);
      const rows = each(report.rows);
      return reply.send(
        format === 'csv' ? csvStream(rows, report.columns) : xlsxStream(rows, report.columns, name),
      );
    },
  );
};
