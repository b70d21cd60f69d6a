import {
  channelFeatures,
  featureCommands,
  featureFields,
  featureListQuery,
  featurePage,
  featureRead,
  featureResource,
  featureSchema,
  idParams,
  problemSchema,
  resourcePath,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addExportRoute } from '../../platform/exports.ts';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { channelOf } from '../integration/index.ts';
import { channelFeatureList, getFeature, listFeatures } from './features.service.ts';

const tags = [featureResource.tag];
const path = resourcePath(featureResource);
const read = { access: { permission: featureRead.code } };
const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

/** MasterDataManagement/Features: the list, one feature, and its switches (a command). */
export const featureRoutes: FastifyPluginAsyncZod = async (app) => {
  addExportRoute(app, featureResource, listFeatures);
  app.get(
    path,
    { config: read, schema: { tags, querystring: featureListQuery, response: { 200: featurePage } } },
    (req) => listFeatures(app.db, req.query),
  );

  app.get(
    `${path}/:id`,
    {
      config: read,
      schema: { tags, params: idParams, response: { 200: featureSchema, 404: problemSchema } },
    },
    (req) => getFeature(app.db, req.params.id),
  );

  app.put(
    `${path}/:id`,
    {
      config: { access: { permission: featureCommands.update.name } },
      schema: {
        tags,
        summary: featureCommands.update.summary,
        params: idParams,
        body: featureFields,
        response: { 200: featureSchema, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) => runCommand(req, reply, featureCommands.update.name, { ...req.body, id: req.params.id }),
  );
};

/** `GET /api/integration/v1/features`: any active key; the answer is for the key's channel. */
export const publicFeatureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/features',
    {
      config: { apiKeyScope: 'any' },
      schema: {
        tags: ['Integration'],
        summary: 'The customer-app features switched on for the calling key’s channel',
        security: [{ apiKey: [] }],
        response: { 200: channelFeatures, 401: problemSchema, 403: problemSchema },
      },
    },
    (req) => channelFeatureList(app.db, channelOf(req)),
  );
};
