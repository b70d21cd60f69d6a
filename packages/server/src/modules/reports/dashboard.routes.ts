import { dashboardSchema, dayRangeQuery } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/http.ts';
import { dashboard } from './dashboard.service.ts';

/** The home dashboard: every signed-in user; each figure only for those who may see its source. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['Reports: dashboard'],
        summary: 'KPIs of a period against the period before it, and the charts’ series',
        querystring: dayRangeQuery,
        response: { 200: dashboardSchema },
      },
    },
    (req) => dashboard(app.db, actorOf(req), req.query),
  );
};
