import {
  approvalBulkInput,
  approvalBulkResult,
  approvalCommands,
  approvalListQuery,
  approvalPage,
  approvalReasonInput,
  approvalRequestSchema,
  approvalWithdrawInput,
  idParams,
  pendingCountSchema,
  problemSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, runCommand } from '../../platform/http.ts';
import { decideMany, getRequest, listRequests, pendingCounts } from './approvalRequests.service.ts';

const tags = ['Maker-checker: requests'];
/** Who may decide is the configured checker permission, checked by the command; who may see, by the view. */
const signedIn = { access: 'signed-in' as const };
const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/approval-requests',
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          'Requests: mine (pending), mine-history, inbox (pending I may check), inbox-history (I decided)',
        querystring: approvalListQuery,
        response: { 200: approvalPage, 403: problemSchema },
      },
    },
    (req) => listRequests(app.db, actorOf(req), req.query),
  );

  app.get(
    '/approval-requests/pending-count',
    { config: signedIn, schema: { tags, response: { 200: pendingCountSchema } } },
    (req) => pendingCounts(app.db, actorOf(req)),
  );

  app.get(
    '/approval-requests/:id',
    {
      config: signedIn,
      schema: { tags, params: idParams, response: { 200: approvalRequestSchema, ...errors } },
    },
    (req) => getRequest(app.db, actorOf(req), req.params.id),
  );

  app.post(
    '/approval-requests/:id/approve',
    {
      config: signedIn,
      schema: { tags, params: idParams, response: { 200: approvalRequestSchema, ...errors } },
    },
    (req, reply) => runCommand(req, reply, approvalCommands.approve.name, { id: req.params.id }),
  );

  app.post(
    '/approval-requests/:id/reject',
    {
      config: signedIn,
      schema: {
        tags,
        params: idParams,
        body: approvalReasonInput,
        response: { 200: approvalRequestSchema, ...errors },
      },
    },
    (req, reply) => runCommand(req, reply, approvalCommands.reject.name, { ...req.body, id: req.params.id }),
  );

  app.post(
    '/approval-requests/:id/withdraw',
    {
      config: signedIn,
      schema: {
        tags,
        params: idParams,
        body: approvalWithdrawInput.nullish(),
        response: { 200: approvalRequestSchema, ...errors },
      },
    },
    (req, reply) =>
      runCommand(req, reply, approvalCommands.withdraw.name, { ...req.body, id: req.params.id }),
  );

  app.post(
    '/approval-requests/bulk',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Approve or reject several requests; each is decided on its own and reported',
        body: approvalBulkInput,
        response: { 200: approvalBulkResult, 400: problemSchema, 403: problemSchema },
      },
    },
    async (req) => ({ results: await decideMany(app.commands, app.db, actorOf(req), req.body) }),
  );
};
