import {
  adminLogExportQuery,
  adminLogListQuery,
  adminLogPage,
  adminLogRead,
  adminLogSchema,
  adminLogVerifySchema,
  idParams,
  problemSchema,
  systemLogCommands,
  systemLogListQuery,
  systemLogPage,
  systemLogRead,
  systemLogSettingsFields,
  systemLogSettingsSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { exportAdminLogs, getAdminLog, listAdminLogs, verifyChain } from './adminLogs.service.ts';
import { getSettings, listSystemLogs } from './systemLogs.service.ts';

const adminTags = ['Logs: audit trail (AdminLogs)'];
const systemTags = ['Logs: system logs'];
const readAdmin = { access: { permission: adminLogRead.code } };
const readSystem = { access: { permission: systemLogRead.code } };

export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin-logs',
    {
      config: readAdmin,
      schema: { tags: adminTags, querystring: adminLogListQuery, response: { 200: adminLogPage } },
    },
    (req) => listAdminLogs(app.db, req.query),
  );

  app.get(
    '/admin-logs/export',
    {
      config: readAdmin,
      schema: {
        tags: adminTags,
        summary: 'The matching entries as CSV (text/csv, UTF-8), streamed',
        querystring: adminLogExportQuery,
      },
    },
    (req, reply) => {
      const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="admin-logs-${stamp}Z.csv"`)
        .send(exportAdminLogs(app.db, req.query));
    },
  );

  app.get(
    '/admin-logs/verify',
    {
      config: readAdmin,
      schema: {
        tags: adminTags,
        summary: 'Checks the hash chain and reports the first broken link',
        response: { 200: adminLogVerifySchema },
      },
    },
    () => verifyChain(app.db),
  );

  app.get(
    '/admin-logs/:id',
    {
      config: readAdmin,
      schema: { tags: adminTags, params: idParams, response: { 200: adminLogSchema, 404: problemSchema } },
    },
    (req) => getAdminLog(app.db, req.params.id),
  );

  app.get(
    '/system-logs',
    {
      config: readSystem,
      schema: { tags: systemTags, querystring: systemLogListQuery, response: { 200: systemLogPage } },
    },
    (req) => listSystemLogs(app.db, req.query),
  );

  app.get(
    '/system-logs/settings',
    { config: readSystem, schema: { tags: systemTags, response: { 200: systemLogSettingsSchema } } },
    () => getSettings(app.db),
  );

  app.put(
    '/system-logs/settings',
    {
      config: { access: { permission: systemLogCommands.configure.name } },
      schema: {
        tags: systemTags,
        body: systemLogSettingsFields,
        response: {
          200: systemLogSettingsSchema,
          202: pendingSchema,
          400: problemSchema,
          409: problemSchema,
        },
      },
    },
    (req, reply) => runCommand(req, reply, systemLogCommands.configure.name, req.body),
  );
};
