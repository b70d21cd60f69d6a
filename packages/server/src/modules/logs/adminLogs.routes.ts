import {
  adminLogListQuery,
  adminLogPage,
  adminLogRead,
  adminLogResource,
  adminLogSchema,
  adminLogVerifySchema,
  idParams,
  problemSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifyChain } from '../../platform/audit.ts';
import { addExportRoute } from '../../platform/exports.ts';
import { adminLogExportColumns, getAdminLog, listAdminLogs } from './adminLogs.service.ts';

const adminTags = [adminLogResource.tag];
const readAdmin = { access: { permission: adminLogRead.code } };

/** The audit trail: list, one entry, export (CSV, XLSX), chain verification. */
export const adminLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin-logs',
    {
      config: readAdmin,
      schema: { tags: adminTags, querystring: adminLogListQuery, response: { 200: adminLogPage } },
    },
    (req) => listAdminLogs(app.db, req.query),
  );

  addExportRoute(app, adminLogResource, listAdminLogs, { columns: adminLogExportColumns });

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
};
