import { type CommandDef, idParams, problemSchema, type ReadPermission } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { pendingSchema, runCommand } from '../../platform/http.ts';

/** A resource with the plain list/get/create/update/delete routes (like tiers). */
export interface CrudResource<Q extends z.ZodType, F extends z.ZodType> {
  path: string;
  tags: string[];
  read: ReadPermission;
  commands: { create: CommandDef; update: CommandDef; delete: CommandDef };
  item: z.ZodType;
  page: z.ZodType;
  listQuery: Q;
  fields: F;
  list(db: Executor, query: z.output<Q>): Promise<unknown>;
  get(db: Executor, id: number): Promise<unknown>;
}

const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

/** GET /path, GET /path/:id, POST /path, PUT /path/:id, DELETE /path/:id — writes as commands. */
export function crudRoutes<Q extends z.ZodType, F extends z.ZodType>(
  r: CrudResource<Q, F>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const { tags, commands } = r;
    const read = { access: { permission: r.read.code } };
    app.get(
      r.path,
      { config: read, schema: { tags, querystring: r.listQuery, response: { 200: r.page } } },
      (req) => r.list(app.db, req.query as z.output<Q>),
    );
    app.get(
      `${r.path}/:id`,
      { config: read, schema: { tags, params: idParams, response: { 200: r.item, 404: problemSchema } } },
      (req) => r.get(app.db, req.params.id),
    );
    app.post(
      r.path,
      {
        config: { access: { permission: commands.create.name } },
        schema: {
          tags,
          summary: commands.create.summary,
          body: r.fields,
          response: { 201: r.item, 202: pendingSchema, ...errors },
        },
      },
      (req, reply) => runCommand(req, reply, commands.create.name, req.body, 201),
    );
    app.put(
      `${r.path}/:id`,
      {
        config: { access: { permission: commands.update.name } },
        schema: {
          tags,
          summary: commands.update.summary,
          params: idParams,
          body: r.fields,
          response: { 200: r.item, 202: pendingSchema, ...errors },
        },
      },
      (req, reply) =>
        runCommand(req, reply, commands.update.name, { ...(req.body as object), id: req.params.id }),
    );
    app.delete(
      `${r.path}/:id`,
      {
        config: { access: { permission: commands.delete.name } },
        schema: {
          tags,
          summary: commands.delete.summary,
          params: idParams,
          response: { 204: z.null(), 202: pendingSchema, ...errors },
        },
      },
      (req, reply) => runCommand(req, reply, commands.delete.name, { id: req.params.id }),
    );
  };
}
