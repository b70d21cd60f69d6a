import { type CommandDef, idParams, problemSchema, type ReadPermission } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { pendingSchema, runCommand } from './http.ts';

/** A resource with the five plain routes; what differs between resources is declared here. */
export interface CrudResource<Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType> {
  /** `/vouchers` */
  path: string;
  /** The OpenAPI tag, e.g. 'Rewards: vouchers'. */
  tag: string;
  read: ReadPermission;
  commands: { create: CommandDef; update: CommandDef; delete: CommandDef };
  /** `update` defaults to `create` (the edit form may answer other messages than the create form). */
  schemas: { query: Q; create: C; update?: U; item: z.ZodType; page: z.ZodType };
  list(db: Executor, query: z.output<Q>): Promise<unknown>;
  get(db: Executor, id: number): Promise<unknown>;
}

const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

/**
 * GET /path, GET /path/:id, POST /path, PUT /path/:id, DELETE /path/:id: reads with the read
 * permission, writes as commands (202 when held for approval).
 */
export function crudRoutes<Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType = C>(
  r: CrudResource<Q, C, U>,
): FastifyPluginAsyncZod {
  const { commands, schemas } = r;
  const tags = [r.tag];
  const read = { access: { permission: r.read.code } };
  const byId = `${r.path}/:id`;
  return async (app) => {
    app.get(
      r.path,
      { config: read, schema: { tags, querystring: schemas.query, response: { 200: schemas.page } } },
      (req) => r.list(app.db, req.query as z.output<Q>),
    );

    app.get(
      byId,
      {
        config: read,
        schema: { tags, params: idParams, response: { 200: schemas.item, 404: problemSchema } },
      },
      (req) => r.get(app.db, req.params.id),
    );

    app.post(
      r.path,
      {
        config: { access: { permission: commands.create.name } },
        schema: {
          tags,
          summary: commands.create.summary,
          body: schemas.create,
          response: { 201: schemas.item, 202: pendingSchema, ...errors },
        },
      },
      (req, reply) => runCommand(req, reply, commands.create.name, req.body, 201),
    );

    app.put(
      byId,
      {
        config: { access: { permission: commands.update.name } },
        schema: {
          tags,
          summary: commands.update.summary,
          params: idParams,
          body: schemas.update ?? schemas.create,
          response: { 200: schemas.item, 202: pendingSchema, ...errors },
        },
      },
      (req, reply) =>
        runCommand(req, reply, commands.update.name, { ...(req.body as object), id: req.params.id }),
    );

    app.delete(
      byId,
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
