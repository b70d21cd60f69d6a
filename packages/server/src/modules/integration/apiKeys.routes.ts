import {
  type ApiKey,
  apiKeyCommands,
  apiKeyCreatedSchema,
  apiKeyInput,
  apiKeyListQuery,
  apiKeyPage,
  apiKeyRead,
  apiKeyResource,
  apiKeySchema,
  idParams,
  problemSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addExportRoute } from '../../platform/exports.ts';
import { actorOf, pendingSchema, runCommand } from '../../platform/http.ts';
import { drawApiKey, listApiKeys } from './apiKeys.service.ts';

const tags = ['Integration: API keys'];

export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  addExportRoute(app, apiKeyResource, listApiKeys);
  app.get(
    '/api-keys',
    {
      config: { access: { permission: apiKeyRead.code } },
      schema: { tags, querystring: apiKeyListQuery, response: { 200: apiKeyPage } },
    },
    (req) => listApiKeys(app.db, req.query),
  );

  app.post(
    '/api-keys',
    {
      config: { access: { permission: apiKeyCommands.create.name } },
      schema: {
        tags,
        summary:
          'Create a key; the answer holds the secret, shown this once — also when the key waits for a second person’s approval, after which it works',
        body: apiKeyInput,
        response: {
          201: apiKeyCreatedSchema,
          202: pendingSchema.extend({
            key: z
              .string()
              .describe('The secret key, shown this once: it works once the request is approved'),
          }),
          400: problemSchema,
        },
      },
    },
    async (req, reply) => {
      // Drawn here, so that its maker holds the key also when the request waits for approval.
      const { key, ...drawn } = drawApiKey();
      const outcome = await app.commands.execute(actorOf(req), apiKeyCommands.create.name, {
        ...req.body,
        ...drawn,
      });
      if (outcome.status === 'PENDING')
        return reply.code(202).send({ requestId: outcome.requestId, status: 'PENDING' as const, key });
      return reply.code(201).send({ ...(outcome.result as ApiKey), key });
    },
  );

  app.delete(
    '/api-keys/:id',
    {
      config: { access: { permission: apiKeyCommands.revoke.name } },
      schema: {
        tags,
        summary: 'Revoke a key (it stays listed as REVOKED)',
        params: idParams,
        response: { 200: apiKeySchema, 202: pendingSchema, 404: problemSchema, 409: problemSchema },
      },
    },
    (req, reply) => runCommand(req, reply, apiKeyCommands.revoke.name, { id: req.params.id }),
  );
};
