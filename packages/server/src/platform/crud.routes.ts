import { idParams, problemSchema, type ResourceDescriptor, resourcePath } from '@loyalty/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { addExportRoute, type ListFunction } from './exports.ts';
import { actorOf, pendingSchema, runCommand } from './http.ts';

/** What a resource with the five plain routes adds to its descriptor: the bodies and the reads. */
export interface CrudRoutes<R extends ResourceDescriptor, C extends z.ZodType, U extends z.ZodType> {
  /** The create form's body; `update` defaults to it (the edit form may answer other messages). */
  body: { create: C; update?: U };
  /** The list (through listPage, which also serves its export in keyset batches). */
  list: ListFunction<z.output<R['query']>>;
  get(db: Executor, id: number): Promise<unknown>;
}

const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

/**
 * GET /path and GET /path/export with the read permission: a listed resource's reads (the plain
 * routes below, and a read-only list such as a challenge's participants).
 */
export function addListRoutes<R extends ResourceDescriptor>(
  app: FastifyInstance,
  resource: R,
  list: ListFunction<z.output<R['query']>>,
  summary?: string,
): void {
  if (!resource.read) throw new Error(`${resource.name}: a list needs a read permission`);
  addExportRoute(app, resource, list);
  app.get(
    resourcePath(resource),
    {
      config: { access: { permission: resource.read.code } },
      schema: {
        tags: [resource.tag],
        ...(summary && { summary }),
        querystring: resource.query,
        response: { 200: resource.page },
      },
    },
    (req) => list(app.db, req.query as z.output<R['query']>, actorOf(req)),
  );
}

/**
 * GET /path, GET /path/export, GET /path/:id, POST /path, PUT /path/:id, DELETE /path/:id: reads
 * with the read permission, writes as commands (202 when held for approval).
 */
export function crudRoutes<R extends ResourceDescriptor, C extends z.ZodType, U extends z.ZodType = C>(
  resource: R,
  r: CrudRoutes<R, C, U>,
): FastifyPluginAsyncZod {
  const { create, update, delete: remove } = resource.commands;
  if (!resource.read || !create || !update || !remove) {
    throw new Error(
      `${resource.name}: crudRoutes needs a read permission and create, update and delete commands`,
    );
  }
  const commands = { create, update, delete: remove };
  const path = resourcePath(resource);
  const tags = [resource.tag];
  const read = { access: { permission: resource.read.code } };
  const byId = `${path}/:id`;
  return async (app) => {
    addListRoutes(app, resource, r.list);

    app.get(
      byId,
      {
        config: read,
        schema: { tags, params: idParams, response: { 200: resource.item, 404: problemSchema } },
      },
      (req) => r.get(app.db, req.params.id),
    );

    app.post(
      path,
      {
        config: { access: { permission: commands.create.name } },
        schema: {
          tags,
          summary: commands.create.summary,
          body: r.body.create,
          response: { 201: resource.item, 202: pendingSchema, ...errors },
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
          body: r.body.update ?? r.body.create,
          response: { 200: resource.item, 202: pendingSchema, ...errors },
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
