import {
  idParams,
  problemSchema,
  tierCommands,
  tierInput,
  tierListQuery,
  tierPage,
  tierSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { getTier, listTiers, toTier } from './tiers.service.ts';

const tags = ['Loyalty: tiers'];
const read = { access: { permission: 'tier.read' } };
const errors = { 400: problemSchema, 404: problemSchema, 409: problemSchema };

export const tierRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tiers',
    { config: read, schema: { tags, querystring: tierListQuery, response: { 200: tierPage } } },
    (req) => listTiers(app.db, req.query),
  );

  app.get(
    '/tiers/:id',
    { config: read, schema: { tags, params: idParams, response: { 200: tierSchema, 404: problemSchema } } },
    async (req) => toTier(await getTier(app.db, req.params.id)),
  );

  app.post(
    '/tiers',
    {
      config: { access: { permission: tierCommands.create.name } },
      schema: { tags, body: tierInput, response: { 201: tierSchema, 202: pendingSchema, ...errors } },
    },
    (req, reply) => runCommand(req, reply, tierCommands.create.name, req.body, 201),
  );

  app.put(
    '/tiers/:id',
    {
      config: { access: { permission: tierCommands.update.name } },
      schema: {
        tags,
        params: idParams,
        body: tierInput,
        response: { 200: tierSchema, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) => runCommand(req, reply, tierCommands.update.name, { ...req.body, id: req.params.id }),
  );

  app.delete(
    '/tiers/:id',
    {
      config: { access: { permission: tierCommands.delete.name } },
      schema: { tags, params: idParams, response: { 204: z.null(), 202: pendingSchema, ...errors } },
    },
    (req, reply) => runCommand(req, reply, tierCommands.delete.name, { id: req.params.id }),
  );
};
