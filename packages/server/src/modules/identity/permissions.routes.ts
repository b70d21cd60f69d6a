import {
  idParams,
  problemSchema,
  staffPermissionCommands,
  staffPermissionFields,
  staffPermissionListQuery,
  staffPermissionPage,
  staffPermissionRead,
  staffPermissionResource,
  staffPermissionSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addExportRoute } from '../../platform/exports.ts';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { getPermission, listPermissions } from './permissions.service.ts';

const tags = ['Identity: permissions'];
const read = { access: { permission: staffPermissionRead.code } };
const params = idParams;

/** The staff permission catalogue: its codes come from the command registry, so no create or delete. */
export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  addExportRoute(app, staffPermissionResource, listPermissions);
  app.get(
    '/permissions',
    {
      config: read,
      schema: { tags, querystring: staffPermissionListQuery, response: { 200: staffPermissionPage } },
    },
    (req) => listPermissions(app.db, req.query),
  );

  app.get(
    '/permissions/:id',
    { config: read, schema: { tags, params, response: { 200: staffPermissionSchema, 404: problemSchema } } },
    (req) => getPermission(app.db, req.params.id),
  );

  app.put(
    '/permissions/:id',
    {
      config: { access: { permission: staffPermissionCommands.update.name } },
      schema: {
        tags,
        params,
        body: staffPermissionFields,
        response: {
          200: staffPermissionSchema,
          202: pendingSchema,
          400: problemSchema,
          403: problemSchema,
          404: problemSchema,
          409: problemSchema,
        },
      },
    },
    (req, reply) =>
      runCommand(req, reply, staffPermissionCommands.update.name, { ...req.body, id: req.params.id }),
  );
};
