import {
  idParams,
  problemSchema,
  redemptionCancelInput,
  redemptionCancelResultSchema,
  redemptionCommands,
  redemptionInput,
  redemptionListQuery,
  redemptionPage,
  redemptionRead,
  redemptionResource,
  redemptionResultSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addExportRoute } from '../../platform/exports.ts';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { listRedemptions } from './redemptions.service.ts';

const tags = ['Rewards: redemptions'];
const errors = { 400: problemSchema, 404: problemSchema, 409: problemSchema };

export const redemptionRoutes: FastifyPluginAsyncZod = async (app) => {
  addExportRoute(app, redemptionResource, listRedemptions);
  app.get(
    '/redemptions',
    {
      config: { access: { permission: redemptionRead.code } },
      schema: { tags, querystring: redemptionListQuery, response: { 200: redemptionPage } },
    },
    (req) => listRedemptions(app.db, req.query),
  );

  app.post(
    '/redemptions',
    {
      config: { access: { permission: redemptionCommands.create.name } },
      schema: {
        tags,
        summary: 'Redeem a voucher for a customer (staff-assisted)',
        body: redemptionInput,
        response: { 201: redemptionResultSchema, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) => runCommand(req, reply, redemptionCommands.create.name, req.body, 201),
  );

  app.post(
    '/redemptions/:id/cancel',
    {
      config: { access: { permission: redemptionCommands.cancel.name } },
      schema: {
        tags,
        summary: 'Cancel a redemption: its points go back to the customer, its code to the stock',
        params: idParams,
        body: redemptionCancelInput.omit({ id: true }),
        response: { 200: redemptionCancelResultSchema, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) =>
      runCommand(req, reply, redemptionCommands.cancel.name, { ...req.body, id: req.params.id }),
  );
};
