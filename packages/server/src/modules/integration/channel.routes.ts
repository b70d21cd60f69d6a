import {
  type ApiKeyScope,
  channelBalance,
  channelCommands,
  channelCustomerUpsert,
  channelMessageInput,
  channelMessageResult,
  channelRedemptionInput,
  channelReversalResult,
  channelTransactionInput,
  channelTransactionResult,
  customerNumberParams,
  customerSchema,
  externalIdParams,
  inboxEntryParams,
  inboxPage,
  inboxQuery,
  problemSchema,
  redemptionResultSchema,
} from '@loyalty/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { actorOf } from '../../platform/http.ts';
import { isDuplicatePosting } from '../loyalty/index.ts';
import { inbox } from '../messaging/messages.service.ts';
import { requireApiKey } from './apiKeyAuth.ts';
import { balanceOf } from './channel.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Integration API routes: the API-key scope the route needs. */
    apiKeyScope?: ApiKeyScope | 'any';
  }
}

const security = [{ apiKey: [] }];
const errors = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: problemSchema,
};

/**
 * Runs a channel command and answers 201 when it made something new, 200 for an idempotent
 * repeat. Channel calls are SystemLogs events (category integration); staff actions are AdminLogs.
 */
async function run<R>(
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  input: unknown,
  created: (r: R) => boolean,
  body: (r: R) => unknown = (r) => r,
) {
  const actor = actorOf(req);
  // A posting that lost the race to a concurrent twin (same externalId) is run again once: it
  // then finds the twin and answers its result.
  const outcome = await req.server.commands.execute<R>(actor, name, input).catch((err) => {
    if (isDuplicatePosting(err)) return req.server.commands.execute<R>(actor, name, input);
    throw err;
  });
  if (outcome.status !== 'DONE')
    throw new AppError('INTERNAL', 'Channel commands are never held for approval');
  const status = created(outcome.result) ? 201 : 200;
  // Earnings come by the thousand per second and are recorded in the ledger: SystemLogs keeps
  // them at debug level only; the other calls at info.
  const level = name === channelCommands.postTransaction.name ? 'debug' : 'info';
  req.log[level]({ category: 'integration', key: actor.username, command: name, status }, 'integration call');
  return reply.code(status).send(body(outcome.result) as never);
}

/**
 * The integration API channels call (`/api/integration/v1`), authenticated by the `X-Api-Key`
 * header in its own hook (the staff guard covers /api/admin only). Every route names the scope
 * it needs; writes are commands (validated, allowed by the key's scopes, one transaction each).
 */
export const channelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireApiKey);

  app.put(
    '/customers/:customerNumber',
    {
      config: { apiKeyScope: 'customers' },
      schema: {
        tags: ['Integration'],
        summary: 'Create or update a customer by customer number',
        security,
        params: customerNumberParams,
        body: channelCustomerUpsert.omit({ customerNumber: true }).meta({
          examples: [
            {
              fullName: 'Sara Al-Harbi',
              mobile: '+966500000001',
              email: 'sara@example.com',
              language: 'ar',
              segment: 'RETAIL',
            },
          ],
        }),
        response: { 200: customerSchema, 201: customerSchema, ...errors },
      },
    },
    (req, reply) =>
      run<{ customer: unknown; created: boolean }>(
        req,
        reply,
        channelCommands.upsertCustomer.name,
        { ...req.body, customerNumber: req.params.customerNumber },
        (r) => r.created,
        (r) => r.customer,
      ),
  );

  app.get(
    '/customers/:customerNumber/balance',
    {
      config: { apiKeyScope: 'balance', customerFeature: 'balance', service: 'view-balance' },
      schema: {
        tags: ['Integration'],
        summary: 'A customer’s balance, tier and next expiring points',
        description:
          'The tier’s name is in the language of `Accept-Language` (ar or en), else the customer’s own language.',
        security,
        params: customerNumberParams,
        response: { 200: channelBalance, ...errors },
      },
    },
    (req) => balanceOf(app.db, req.params.customerNumber, req.headers['accept-language']),
  );

  app.post(
    '/transactions',
    {
      config: { apiKeyScope: 'transactions', customerFeature: 'earn', service: 'earn' },
      schema: {
        tags: ['Integration'],
        summary: 'Post a transaction: the engine awards points by the rules (idempotent by externalId)',
        security,
        body: channelTransactionInput.meta({
          examples: [
            {
              externalId: 'POS-2026-000123',
              customerNumber: 'C0001234',
              transactionTypeCode: 'CARD_SPEND',
              amount: 250.75,
              occurredAt: '2026-03-01T10:15:00Z',
            },
          ],
        }),
        response: { 200: channelTransactionResult, 201: channelTransactionResult, ...errors },
      },
    },
    (req, reply) =>
      run<{ replayed: boolean }>(
        req,
        reply,
        channelCommands.postTransaction.name,
        req.body,
        (r) => !r.replayed,
      ),
  );

  app.post(
    '/transactions/:externalId/reversal',
    {
      // Reversing takes back earned points: the earning's feature switch and service definition
      // govern it as they govern earning (issue 48); it counts towards no daily limit.
      config: { apiKeyScope: 'transactions', customerFeature: 'earn', service: 'earn' },
      schema: {
        tags: ['Integration'],
        summary:
          'Reverse a transaction your channel posted: its points are taken back (idempotent); another channel’s external id is not found',
        security,
        params: externalIdParams,
        response: { 200: channelReversalResult, 201: channelReversalResult, ...errors },
      },
    },
    (req, reply) =>
      run<{ replayed: boolean }>(
        req,
        reply,
        channelCommands.reverseTransaction.name,
        req.params,
        (r) => !r.replayed,
      ),
  );

  app.post(
    '/redemptions',
    {
      config: { apiKeyScope: 'redemptions', customerFeature: 'redeem', service: 'redeem-voucher' },
      schema: {
        tags: ['Integration'],
        summary: 'Redeem a voucher for points: a unique code is issued (idempotent by externalId)',
        security,
        body: channelRedemptionInput.meta({
          examples: [{ externalId: 'APP-REDEEM-0001', customerNumber: 'C0001234', voucherId: 3 }],
        }),
        response: { 201: redemptionResultSchema, ...errors },
      },
    },
    (req, reply) => run(req, reply, channelCommands.redeem.name, req.body, () => true),
  );

  app.post(
    '/customers/:customerNumber/messages',
    {
      config: { apiKeyScope: 'messages', customerFeature: 'messages', service: 'send-message' },
      schema: {
        tags: ['Integration'],
        summary: 'A customer’s message to the service queue (idempotent by externalId)',
        security,
        params: customerNumberParams,
        body: channelMessageInput.meta({
          examples: [
            {
              externalId: 'APP-MSG-0001',
              subject: 'Points not added',
              body: 'I paid with my card yesterday and the points are not in my balance.',
            },
          ],
        }),
        response: { 200: channelMessageResult, 201: channelMessageResult, ...errors },
      },
    },
    (req, reply) =>
      run<{ replayed: boolean }>(
        req,
        reply,
        channelCommands.postMessage.name,
        { ...req.body, customerNumber: req.params.customerNumber },
        (r) => !r.replayed,
      ),
  );

  app.get(
    '/customers/:customerNumber/messages',
    {
      config: { apiKeyScope: 'messages', customerFeature: 'messages', service: 'read-messages' },
      schema: {
        tags: ['Integration'],
        summary: 'The customer’s in-app inbox: staff replies and messages sent to them, newest first',
        security,
        params: customerNumberParams,
        querystring: inboxQuery,
        response: { 200: inboxPage, ...errors },
      },
    },
    (req) => inbox(app.db, req.params.customerNumber, req.query),
  );

  app.post(
    '/customers/:customerNumber/messages/:entryId/read',
    {
      config: { apiKeyScope: 'messages', customerFeature: 'messages', service: 'read-messages' },
      schema: {
        tags: ['Integration'],
        summary: 'Mark a message of the inbox read',
        security,
        params: customerNumberParams.extend(inboxEntryParams.shape),
        response: { 200: z.object({ id: z.number().int(), readAt: z.string() }), ...errors },
      },
    },
    (req, reply) => run(req, reply, channelCommands.readMessage.name, req.params, () => false),
  );
};
