import {
  pointsRuleInput,
  pointsRuleRead,
  pointsRuleResource,
  problemSchema,
  ruleSimulationInput,
  ruleSimulationSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { getPointsRule, listPointsRules, simulate } from './pointsRules.service.ts';

/** The five plain routes, and the dry run of an earning. */
export const pointsRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    crudRoutes(pointsRuleResource, {
      body: { create: pointsRuleInput },
      list: listPointsRules,
      get: getPointsRule,
    }),
  );
  app.post(
    '/points-rules/simulate',
    {
      config: { access: { permission: pointsRuleRead.code } },
      schema: {
        tags: [pointsRuleResource.tag],
        summary: 'Dry run: which rule would fire for a customer (or tier), type and amount, and why',
        body: ruleSimulationInput,
        response: { 200: ruleSimulationSchema, 400: problemSchema, 404: problemSchema },
      },
    },
    (req) => simulate(app.db, req.body),
  );
};
