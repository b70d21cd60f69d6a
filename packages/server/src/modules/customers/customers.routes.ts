import {
  channelReversalResult,
  churnRead,
  customerCommands,
  customerDetailSchema,
  customerListQuery,
  customerPage,
  customerRead,
  customerResource,
  customerSchema,
  idParams,
  ledgerCommands,
  ledgerListQuery,
  ledgerPage,
  ledgerReverseInput,
  pointsAdjustmentInput,
  postingResultSchema,
  problemSchema,
  tierHistoryListQuery,
  tierHistoryPage,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { addExportRoute } from '../../platform/exports.ts';
import { actorOf, pendingSchema, runCommand } from '../../platform/http.ts';
import {
  customerExportCells,
  getCustomerDetail,
  listCustomers,
  listLedger,
  listTierHistory,
} from './customers.service.ts';

const tags = ['Customers'];
const read = { access: { permission: customerRead.code } };
const errors = { 400: problemSchema, 404: problemSchema, 409: problemSchema };
const reasonBody = customerCommands.block.input.omit({ id: true });

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  // The churn band filter tells a customer's risk: the list and its export need the churn read
  // permission for it besides the customers'.
  app.addHook('preHandler', async (req) => {
    const band = (req.query as { churnBand?: unknown } | undefined)?.churnBand;
    if (band !== undefined && !actorOf(req).permissions.has(churnRead.code)) {
      throw new AppError('FORBIDDEN', `Filtering by churn risk needs ${churnRead.code}`);
    }
  });
  addExportRoute(app, customerResource, listCustomers, { cells: customerExportCells });
  app.get(
    '/customers',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Search customers by number, name, mobile or e-mail; filter by tier, status, segment, churn risk band (with churn.read)',
        querystring: customerListQuery,
        response: { 200: customerPage },
      },
    },
    (req) => listCustomers(app.db, req.query),
  );

  app.get(
    '/customers/:id',
    {
      config: read,
      schema: { tags, params: idParams, response: { 200: customerDetailSchema, 404: problemSchema } },
    },
    (req) => getCustomerDetail(app.db, req.params.id),
  );

  app.get(
    '/customers/:id/ledger',
    {
      config: read,
      schema: { tags, params: idParams, querystring: ledgerListQuery, response: { 200: ledgerPage } },
    },
    (req) => listLedger(app.db, req.params.id, req.query),
  );

  app.get(
    '/customers/:id/tier-history',
    {
      config: read,
      schema: {
        tags,
        params: idParams,
        querystring: tierHistoryListQuery,
        response: { 200: tierHistoryPage },
      },
    },
    (req) => listTierHistory(app.db, req.params.id, req.query),
  );

  for (const [path, def] of [
    ['block', customerCommands.block],
    ['unblock', customerCommands.unblock],
  ] as const) {
    app.post(
      `/customers/:id/${path}`,
      {
        config: { access: { permission: def.name } },
        schema: {
          tags,
          params: idParams,
          body: reasonBody,
          response: { 200: customerSchema, 202: pendingSchema, ...errors },
        },
      },
      (req, reply) => runCommand(req, reply, def.name, { ...req.body, id: req.params.id }),
    );
  }

  app.post(
    '/customers/:id/adjustments',
    {
      config: { access: { permission: customerCommands.adjustPoints.name } },
      schema: {
        tags,
        summary: 'Credit (+) or debit (−) points with a reason',
        params: idParams,
        body: pointsAdjustmentInput.omit({ id: true }),
        response: { 201: postingResultSchema, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) =>
      runCommand(req, reply, customerCommands.adjustPoints.name, { ...req.body, id: req.params.id }, 201),
  );

  app.post(
    '/ledger-entries/:id/reversal',
    {
      config: { access: { permission: ledgerCommands.reverse.name } },
      schema: {
        tags,
        summary: 'Reverse a channel transaction (an EARN entry) with a reason',
        params: idParams,
        body: ledgerReverseInput.omit({ id: true }),
        response: { 201: channelReversalResult, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) =>
      runCommand(req, reply, ledgerCommands.reverse.name, { ...req.body, id: req.params.id }, 201),
  );
};
