import {
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
import { addExportRoute } from '../../platform/exports.ts';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { listApiKeys } from './apiKeys.service.ts';

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
        summary: 'Create a key; the answer holds the secret, shown this once',
        body: apiKeyInput,
        response: { 201: apiKeyCreatedSchema, 202: pendingSchema, 400: problemSchema },
      },
    },
    (req, reply) => runCommand(req, reply, apiKeyCommands.create.name, req.body, 201),
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
