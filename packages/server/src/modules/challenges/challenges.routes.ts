import {
  challengeChannelCommands,
  challengeCommands,
  challengeFields,
  challengeJoinParams,
  challengeJoinResult,
  challengeParticipationResource,
  challengeProgressPreview,
  challengeReportSchema,
  challengeResource,
  challengeSchema,
  customerChallengesSchema,
  customerNumberParams,
  idParams,
  problemSchema,
  resourcePath,
  ruleSimulationInput,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addListRoutes, crudRoutes } from '../../platform/crud.routes.ts';
import { AppError } from '../../platform/errors.ts';
import { actorOf, pendingSchema, runCommand } from '../../platform/http.ts';
import { findCustomerByNumber } from '../customers/index.ts';
import { requireApiKey } from '../integration/index.ts';
import {
  challengeReport,
  customerChallenges,
  getChallenge,
  listChallengeParticipations,
  listChallenges,
  previewChallenges,
} from './challenges.service.ts';

const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

export const challengeCrudRoutes = crudRoutes(challengeResource, {
  body: { create: challengeFields },
  list: listChallenges,
  get: getChallenge,
});

const previewQuery = ruleSimulationInput
  .pick({ transactionTypeId: true, amount: true, occurredAt: true })
  .extend({ customerNumber: z.string().trim().min(1).max(64), amount: z.coerce.number().min(0) });

/** Status actions (activate is maker-checker by default), a challenge's report, a customer's progress, the preview. */
export const challengeExtraRoutes: FastifyPluginAsyncZod = async (app) => {
  const path = resourcePath(challengeResource);
  const tags = [challengeResource.tag];
  const read = { access: { permission: challengeResource.read?.code ?? '' } };
  for (const action of ['activate', 'pause', 'end'] as const) {
    const def = challengeCommands[action];
    app.post(
      `${path}/:id/${action}`,
      {
        config: { access: { permission: def.name } },
        schema: {
          tags,
          summary: def.summary,
          params: idParams,
          response: { 200: challengeSchema, 202: pendingSchema, ...errors },
        },
      },
      (req, reply) => runCommand(req, reply, def.name, { id: req.params.id }),
    );
  }
  addListRoutes(
    app,
    challengeParticipationResource,
    listChallengeParticipations,
    'Participations (a customer per cycle) with their progress; a challenge’s by challengeId',
  );
  app.get(
    `${path}/:id/report`,
    {
      config: read,
      schema: {
        tags,
        summary: 'A challenge’s completion funnel by step and cost',
        params: idParams,
        response: { 200: challengeReportSchema, 404: problemSchema },
      },
    },
    (req) => challengeReport(app.db, req.params.id),
  );
  app.get(
    // A query, not a path under /challenges/{id}: a customer's list, read by their number.
    '/customer-challenges',
    {
      config: read,
      schema: {
        tags,
        summary: 'A customer’s challenges with progress (customer info)',
        querystring: customerNumberParams,
        response: { 200: customerChallengesSchema, 404: problemSchema },
      },
    },
    async (req) => {
      const customer = await findCustomerByNumber(app.db, req.query.customerNumber);
      return { items: await customerChallenges(app.db, customer.id) };
    },
  );
  app.get(
    `${path}/preview`,
    {
      config: read,
      schema: {
        tags,
        summary: 'What a transaction would move in the customer’s challenges (points rules’ simulate panel)',
        querystring: previewQuery,
        response: { 200: z.object({ items: z.array(challengeProgressPreview) }), ...errors },
      },
    },
    async (req) => ({ items: await previewChallenges(app.db, req.query) }),
  );
};

const security = [{ apiKey: [] }];
const channelErrors = { 401: problemSchema, ...errors };

/** The integration API: a customer's challenges with progress, and opting in. */
export const challengeChannelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireApiKey);
  app.get(
    '/customers/:customerNumber/challenges',
    {
      config: { apiKeyScope: 'customers' },
      schema: {
        tags: ['Integration'],
        security,
        summary: 'The customer’s challenges with progress (joined, and open to them)',
        params: customerNumberParams,
        response: { 200: customerChallengesSchema, ...channelErrors },
      },
    },
    async (req) => {
      const customer = await findCustomerByNumber(app.db, req.params.customerNumber);
      return { items: await customerChallenges(app.db, customer.id) };
    },
  );
  app.post(
    '/customers/:customerNumber/challenges/:id/join',
    {
      config: { apiKeyScope: 'customers' },
      schema: {
        tags: ['Integration'],
        security,
        summary: challengeChannelCommands.join.summary,
        params: challengeJoinParams,
        response: { 200: challengeJoinResult, ...channelErrors },
      },
    },
    async (req) => {
      const outcome = await req.server.commands.execute(
        actorOf(req),
        challengeChannelCommands.join.name,
        req.params,
      );
      if (outcome.status !== 'DONE')
        throw new AppError('INTERNAL', 'Channel commands are never held for approval');
      return outcome.result as never;
    },
  );
};
