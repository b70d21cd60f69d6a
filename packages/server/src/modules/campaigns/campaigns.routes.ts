import {
  campaignCommands,
  campaignFields,
  campaignPerformanceQuery,
  campaignPerformanceSchema,
  campaignResource,
  campaignSchema,
  idParams,
  problemSchema,
  resourcePath,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { getCampaign, listCampaigns } from './campaigns.service.ts';
import { campaignPerformance } from './performance.service.ts';

const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

export const campaignCrudRoutes = crudRoutes(campaignResource, {
  body: { create: campaignFields },
  list: listCampaigns,
  get: getCampaign,
});

/** The status actions (activate is maker-checker by default) and the performance report. */
export const campaignExtraRoutes: FastifyPluginAsyncZod = async (app) => {
  const path = resourcePath(campaignResource);
  const tags = [campaignResource.tag];
  for (const action of ['activate', 'pause', 'end'] as const) {
    const def = campaignCommands[action];
    app.post(
      `${path}/:id/${action}`,
      {
        config: { access: { permission: def.name } },
        schema: {
          tags,
          summary: def.summary,
          params: idParams,
          response: { 200: campaignSchema, 202: pendingSchema, ...errors },
        },
      },
      (req, reply) => runCommand(req, reply, def.name, { id: req.params.id }),
    );
  }
  app.get(
    `${path}/performance`,
    {
      config: { access: { permission: campaignResource.read?.code ?? '' } },
      schema: {
        tags,
        summary:
          'Campaign performance by product for a period: points, transactions, customers, spend, burn, uplift',
        querystring: campaignPerformanceQuery,
        response: { 200: campaignPerformanceSchema, 400: problemSchema },
      },
    },
    (req) => campaignPerformance(app.db, req.query),
  );
};
