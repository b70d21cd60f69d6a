import {
  idParams,
  problemSchema,
  roleCommands,
  roleFields,
  roleListQuery,
  rolePage,
  roleRead,
  roleResource,
  roleSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addExportRoute } from '../../platform/exports.ts';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { getRole, listRoles } from './roles.service.ts';

const tags = ['Identity: roles'];
const read = { access: { permission: roleRead.code } };
const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  addExportRoute(app, roleResource, listRoles);
  app.get(
    '/roles',
    { config: read, schema: { tags, querystring: roleListQuery, response: { 200: rolePage } } },
    (req) => listRoles(app.db, req.query),
  );

  app.get(
    '/roles/:id',
    { config: read, schema: { tags, params: idParams, response: { 200: roleSchema, 404: problemSchema } } },
    (req) => getRole(app.db, req.params.id),
  );

  app.post(
    '/roles',
    {
      config: { access: { permission: roleCommands.create.name } },
      schema: { tags, body: roleFields, response: { 201: roleSchema, 202: pendingSchema, ...errors } },
    },
    (req, reply) => runCommand(req, reply, roleCommands.create.name, req.body, 201),
  );

  app.put(
    '/roles/:id',
    {
      config: { access: { permission: roleCommands.update.name } },
      schema: {
        tags,
        params: idParams,
        body: roleFields,
        response: { 200: roleSchema, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) => runCommand(req, reply, roleCommands.update.name, { ...req.body, id: req.params.id }),
  );

  app.delete(
    '/roles/:id',
    {
      config: { access: { permission: roleCommands.delete.name } },
      schema: { tags, params: idParams, response: { 204: z.null(), 202: pendingSchema, ...errors } },
    },
    (req, reply) => runCommand(req, reply, roleCommands.delete.name, { id: req.params.id }),
  );
};
