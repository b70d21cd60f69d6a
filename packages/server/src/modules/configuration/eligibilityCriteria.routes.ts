import {
  eligibilityCheckQuery,
  eligibilityCheckSchema,
  eligibilityCriterionFields,
  eligibilityCriterionRead,
  eligibilityCriterionResource,
  problemSchema,
  resourcePath,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../platform/crud.routes.ts';
import {
  checkCustomer,
  getEligibilityCriterion,
  listEligibilityCriteria,
} from './eligibilityCriteria.service.ts';

/** BusinessConfigurations/EligibilityCriteria: the five plain routes and the "check a customer" panel. */
export const eligibilityCriterionRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the plain routes: /check is not an id.
  app.get(
    `${resourcePath(eligibilityCriterionResource)}/check`,
    {
      config: { access: { permission: eligibilityCriterionRead.code } },
      schema: {
        tags: [eligibilityCriterionResource.tag],
        summary: 'Which active criteria a customer meets, with the facts they decide with',
        querystring: eligibilityCheckQuery,
        response: { 200: eligibilityCheckSchema, 400: problemSchema, 404: problemSchema },
      },
    },
    (req) => checkCustomer(app.db, req.query.customerNumber),
  );
  await app.register(
    crudRoutes(eligibilityCriterionResource, {
      body: { create: eligibilityCriterionFields },
      list: listEligibilityCriteria,
      get: getEligibilityCriterion,
    }),
  );
};
