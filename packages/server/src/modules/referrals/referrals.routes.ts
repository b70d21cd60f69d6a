import {
  customerNumberParams,
  customerReferralsSchema,
  problemSchema,
  referralChannelCommands,
  referralCodeResult,
  referralCostSchema,
  referralProgrammeFields,
  referralProgrammeResource,
  referralRead,
  referralResource,
  resourcePath,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { AppError } from '../../platform/errors.ts';
import { addExportRoute } from '../../platform/exports.ts';
import { actorOf } from '../../platform/http.ts';
import { findCustomerByNumber } from '../customers/index.ts';
import { requireApiKey } from '../integration/index.ts';
import { getReferralProgramme, listReferralProgrammes } from './referralProgrammes.service.ts';
import { customerReferrals, listReferrals, referralCost } from './referrals.service.ts';

export const referralProgrammeRoutes = crudRoutes(referralProgrammeResource, {
  body: { create: referralProgrammeFields },
  list: listReferralProgrammes,
  get: getReferralProgramme,
});

/** The referrals with their status (and their export), and the cost per acquired customer. */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const path = resourcePath(referralResource);
  const read = { access: { permission: referralRead.code } };
  const tags = [referralResource.tag];
  addExportRoute(app, referralResource, listReferrals);
  app.get(
    path,
    {
      config: read,
      schema: {
        tags,
        summary: 'Referrals and their status',
        querystring: referralResource.query,
        response: { 200: referralResource.page },
      },
    },
    (req) => listReferrals(app.db, req.query),
  );
  app.get(
    `${path}/cost`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Cost per acquired customer, per programme and month of the reward (last 12 months)',
        response: { 200: referralCostSchema },
      },
    },
    () => referralCost(app.db),
  );
  app.get(
    // A query, not a path under /referrals/{id}: a customer's, read by their number (as challenges).
    '/customer-referrals',
    {
      config: read,
      schema: {
        tags,
        summary: 'A customer’s referral code, who referred them and the referrals they made (customer info)',
        querystring: customerNumberParams,
        response: { 200: customerReferralsSchema, 404: problemSchema },
      },
    },
    async (req) => customerReferrals(app.db, await findCustomerByNumber(app.db, req.query.customerNumber)),
  );
};

/** The integration API: a customer's referral code. */
export const referralChannelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireApiKey);
  app.get(
    '/customers/:customerNumber/referral-code',
    {
      config: { apiKeyScope: 'customers' },
      schema: {
        tags: ['Integration'],
        security: [{ apiKey: [] }],
        summary: `${referralChannelCommands.code.summary}: 8 characters, stable, to share with friends`,
        params: customerNumberParams,
        response: {
          200: referralCodeResult,
          401: problemSchema,
          403: problemSchema,
          404: problemSchema,
        },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const outcome = await req.server.commands.execute<{ customerNumber: string; code: string }>(
        actor,
        referralChannelCommands.code.name,
        req.params,
      );
      if (outcome.status !== 'DONE')
        throw new AppError('INTERNAL', 'Channel commands are never held for approval');
      return outcome.result;
    },
  );
};
