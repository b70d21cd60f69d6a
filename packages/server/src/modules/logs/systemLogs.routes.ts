import {
  problemSchema,
  systemLogCommands,
  systemLogListQuery,
  systemLogPage,
  systemLogRead,
  systemLogResource,
  systemLogSettingsFields,
  systemLogSettingsSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addExportRoute } from '../../platform/exports.ts';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { getSettings, listSystemLogs } from './systemLogs.service.ts';

const systemTags = [systemLogResource.tag];
const readSystem = { access: { permission: systemLogRead.code } };

/** Server events (SystemLogs) and their retention setting. */
export const systemLogRoutes: FastifyPluginAsyncZod = async (app) => {
  addExportRoute(app, systemLogResource, listSystemLogs);
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
