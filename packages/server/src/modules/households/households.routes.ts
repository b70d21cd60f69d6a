import {
  channelConsentResult,
  channelPoolInput,
  channelTransferInput,
  channelTransferResult,
  customerNumberParams,
  householdChannelCommands,
  householdCommands,
  householdCreateInput,
  householdListQuery,
  householdMemberBody,
  householdPage,
  householdPoolBody,
  householdRead,
  householdSchema,
  idParams,
  poolResult,
  problemSchema,
  staffTransferInput,
} from '@loyalty/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { actorOf, pendingSchema, runCommand } from '../../platform/http.ts';
import { requireApiKey } from '../integration/index.ts';
import { getHousehold, listHouseholds } from './households.service.ts';

const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };
const tags = ['Households'];
const path = '/households';

/** Staff: households, their members, and a transfer between members (under maker-checker). */
export const householdRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { access: { permission: householdRead.code } };
  app.get(
    path,
    {
      config: read,
      schema: {
        tags,
        summary: 'Households',
        querystring: householdListQuery,
        response: { 200: householdPage },
      },
    },
    (req) => listHouseholds(app.db, req.query),
  );
  app.get(
    `${path}/:id`,
    {
      config: read,
      schema: {
        tags,
        summary: 'A household: its members and latest transfers',
        params: idParams,
        response: { 200: householdSchema, 404: problemSchema },
      },
    },
    (req) => getHousehold(app.db, req.params.id),
  );
  app.post(
    path,
    {
      config: { access: { permission: householdCommands.create.name } },
      schema: {
        tags,
        summary: householdCommands.create.summary,
        body: householdCreateInput,
        response: { 201: householdSchema, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) => runCommand(req, reply, householdCommands.create.name, req.body, 201),
  );
  app.post(
    `${path}/:id/members`,
    {
      config: { access: { permission: householdCommands.addMember.name } },
      schema: {
        tags,
        summary: `${householdCommands.addMember.summary} (the member consents through a channel)`,
        params: idParams,
        body: householdMemberBody,
        response: { 200: householdSchema, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) =>
      runCommand(req, reply, householdCommands.addMember.name, { id: req.params.id, ...req.body }),
  );
  app.delete(
    `${path}/:id/members/:customerNumber`,
    {
      config: { access: { permission: householdCommands.removeMember.name } },
      schema: {
        tags,
        summary: householdCommands.removeMember.summary,
        params: idParams.extend(customerNumberParams.shape),
        response: { 200: householdSchema, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) => runCommand(req, reply, householdCommands.removeMember.name, req.params),
  );
  app.post(
    `${path}/transfers`,
    {
      config: { access: { permission: householdCommands.transfer.name } },
      schema: {
        tags,
        summary: `${householdCommands.transfer.summary}: 202 while the request waits for a checker`,
        body: staffTransferInput,
        response: { 200: channelTransferResult, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) => runCommand(req, reply, householdCommands.transfer.name, req.body),
  );
  app.post(
    `${path}/:id/pool`,
    {
      config: { access: { permission: householdCommands.pool.name } },
      schema: {
        tags,
        summary: `${householdCommands.pool.summary}: 202 while the request waits for a checker`,
        params: idParams,
        body: householdPoolBody,
        response: { 200: poolResult, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) => runCommand(req, reply, householdCommands.pool.name, { id: req.params.id, ...req.body }),
  );
};

async function run(
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  input: unknown,
  created: boolean | ((r: { replayed?: boolean }) => boolean),
) {
  const actor = actorOf(req);
  const outcome = await req.server.commands.execute<{ replayed?: boolean }>(actor, name, input);
  if (outcome.status !== 'DONE')
    throw new AppError('INTERNAL', 'Channel commands are never held for approval');
  const status = (typeof created === 'function' ? created(outcome.result) : created) ? 201 : 200;
  req.log.info({ category: 'integration', key: actor.username, command: name, status }, 'integration call');
  return reply.code(status).send(outcome.result as never);
}

const security = [{ apiKey: [] }];
const channelErrors = { 401: problemSchema, ...errors };

/** The integration API: a customer's consent to their household, and transfers between members. */
export const householdChannelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireApiKey);
  app.post(
    '/customers/:customerNumber/household-consent',
    {
      config: { apiKeyScope: 'customers' },
      schema: {
        tags: ['Integration'],
        security,
        summary: householdChannelCommands.consent.summary,
        params: customerNumberParams,
        response: { 200: channelConsentResult, ...channelErrors },
      },
    },
    (req, reply) => run(req, reply, householdChannelCommands.consent.name, req.params, false),
  );
  app.post(
    '/transfers',
    {
      config: { apiKeyScope: 'transactions' },
      schema: {
        tags: ['Integration'],
        security,
        summary: `${householdChannelCommands.transfer.summary}: 201, or 200 with the first result when the externalId was sent before`,
        body: channelTransferInput.meta({
          examples: [{ externalId: 'tr-0001', from: 'C0001', to: 'C0002', points: 250 }],
        }),
        response: { 200: channelTransferResult, 201: channelTransferResult, ...channelErrors },
      },
    },
    (req, reply) =>
      run(req, reply, householdChannelCommands.transfer.name, req.body, (r) => r.replayed !== true),
  );
  app.post(
    '/customers/:customerNumber/household-pool',
    {
      config: { apiKeyScope: 'transactions' },
      schema: {
        tags: ['Integration'],
        security,
        summary: `${householdChannelCommands.pool.summary}: every transfer made (or made before for this externalId), and the members left out`,
        params: customerNumberParams,
        body: channelPoolInput.meta({ examples: [{ externalId: 'pool-0001' }] }),
        response: { 200: poolResult, ...channelErrors },
      },
    },
    (req, reply) =>
      run(req, reply, householdChannelCommands.pool.name, { ...req.params, ...req.body }, false),
  );
};
