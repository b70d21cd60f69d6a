import { type CommandDef, idParams, problemSchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { pendingSchema, runCommand } from '../../platform/http.ts';

/** The five routes of one catalogue resource, as the tiers declare them, without repeating them. */
export interface CrudResource<Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType> {
  /** `/vouchers` */
  path: string;
  tag: string;
  read: string;
  commands: { create: CommandDef; update: CommandDef; delete: CommandDef };
  schemas: { query: Q; create: C; update: U; item: z.ZodType; page: z.ZodType };
  list(db: Db, query: z.output<Q>): Promise<unknown>;
  get(db: Db, id: number): Promise<unknown>;
}

const errors = { 400: problemSchema, 404: problemSchema, 409: problemSchema };

export function crudRoutes<Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  r: CrudResource<Q, C, U>,
): FastifyPluginAsyncZod {
  const tags = [r.tag];
  const read = { access: { permission: r.read } };
  const byId = `${r.path}/:id`;
  return async (app) => {
    app.get(
      r.path,
      { config: read, schema: { tags, querystring: r.schemas.query, response: { 200: r.schemas.page } } },
      (req) => r.list(app.db, req.query as z.output<Q>),
    );

    app.get(
      byId,
      {
        config: read,
        schema: { tags, params: idParams, response: { 200: r.schemas.item, 404: problemSchema } },
      },
      (req) => r.get(app.db, req.params.id),
    );

    app.post(
      r.path,
      {
        config: { access: { permission: r.commands.create.name } },
        schema: {
          tags,
          body: r.schemas.create,
          response: { 201: r.schemas.item, 202: pendingSchema, ...errors },
        },
      },
      (req, reply) => runCommand(req, reply, r.commands.create.name, req.body, 201),
    );

    app.put(
      byId,
      {
        config: { access: { permission: r.commands.update.name } },
        schema: {
          tags,
          params: idParams,
          body: r.schemas.update,
          response: { 200: r.schemas.item, 202: pendingSchema, ...errors },
        },
      },
      (req, reply) =>
        runCommand(req, reply, r.commands.update.name, { ...(req.body as object), id: req.params.id }),
    );

    app.delete(
      byId,
      {
        config: { access: { permission: r.commands.delete.name } },
        schema: { tags, params: idParams, response: { 204: z.null(), 202: pendingSchema, ...errors } },
      },
      (req, reply) => runCommand(req, reply, r.commands.delete.name, { id: req.params.id }),
    );
  };
}
