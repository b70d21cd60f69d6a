import {
  bigIdSchema,
  idParams,
  problemSchema,
  resourcePath,
  webhookDeliveryCommands,
  webhookDeliveryResource,
  webhookDeliverySchema,
  webhookEndpointCommands,
  webhookEndpointFields,
  webhookEndpointResource,
  webhookReplayBody,
  webhookReplaySchema,
  webhookRotateInput,
  webhookSecretAnswer,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { addExportRoute } from '../../platform/exports.ts';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { WEBHOOKS_JOB } from './delivery.ts';
import { getWebhookDelivery, listWebhookDeliveries } from './webhookDeliveries.service.ts';
import { getWebhookEndpoint, listWebhookEndpoints, listWebhookReplays } from './webhookEndpoints.service.ts';

const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

export const webhookEndpointCrudRoutes = crudRoutes(webhookEndpointResource, {
  body: { create: webhookEndpointFields },
  list: listWebhookEndpoints,
  get: getWebhookEndpoint,
});

/** Rotate, ping, replay (and the replays' progress); the delivery log and its retry. */
export const webhookExtraRoutes: FastifyPluginAsyncZod = async (app) => {
  const endpoints = resourcePath(webhookEndpointResource);
  const tags = [webhookEndpointResource.tag];
  // Starts the delivery job on this instance at once, after the command committed.
  const kick = () =>
    void app.jobs
      .tick(WEBHOOKS_JOB)
      .catch((err) => app.log.error({ err }, 'webhook delivery failed to start'));
  const { rotate, ping, replay } = webhookEndpointCommands;
  app.post(
    `${endpoints}/:id/rotate`,
    {
      config: { access: { permission: rotate.name } },
      schema: {
        tags,
        summary: rotate.summary,
        params: idParams,
        body: webhookRotateInput.omit({ id: true }),
        response: { 200: webhookSecretAnswer, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) => runCommand(req, reply, rotate.name, { ...req.body, id: req.params.id }),
  );
  app.post(
    `${endpoints}/:id/ping`,
    {
      config: { access: { permission: ping.name } },
      schema: {
        tags,
        summary: ping.summary,
        params: idParams,
        response: { 200: z.object({ deliveryId: z.number().int() }), 202: pendingSchema, ...errors },
      },
    },
    async (req, reply) => {
      const answered = await runCommand(req, reply, ping.name, { id: req.params.id });
      kick();
      return answered;
    },
  );
  app.post(
    `${endpoints}/:id/replay`,
    {
      config: { access: { permission: replay.name } },
      schema: {
        tags,
        summary: `${replay.summary} (a background job: follow it at GET …/replays)`,
        params: idParams,
        body: webhookReplayBody,
        response: { 201: webhookReplaySchema, 202: pendingSchema, ...errors },
      },
    },
    async (req, reply) => {
      const answered = await runCommand(req, reply, replay.name, { ...req.body, id: req.params.id }, 201);
      kick();
      return answered;
    },
  );
  app.get(
    `${endpoints}/:id/replays`,
    {
      config: { access: { permission: webhookEndpointResource.read?.code ?? '' } },
      schema: {
        tags,
        summary: "An endpoint's latest replays and their progress",
        params: idParams,
        response: { 200: z.array(webhookReplaySchema), 404: problemSchema },
      },
    },
    (req) => listWebhookReplays(app.db, req.params.id),
  );

  const deliveries = resourcePath(webhookDeliveryResource);
  const deliveryTags = [webhookDeliveryResource.tag];
  const readDeliveries = { access: { permission: webhookDeliveryResource.read?.code ?? '' } };
  addExportRoute(app, webhookDeliveryResource, listWebhookDeliveries);
  app.get(
    deliveries,
    {
      config: readDeliveries,
      schema: {
        tags: deliveryTags,
        summary: 'Webhook deliveries, newest first (by endpoint, event type, status)',
        querystring: webhookDeliveryResource.query,
        response: { 200: webhookDeliveryResource.page },
      },
    },
    (req) => listWebhookDeliveries(app.db, req.query),
  );
  const byId = { params: z.object({ id: bigIdSchema }) };
  app.get(
    `${deliveries}/:id`,
    {
      config: readDeliveries,
      schema: {
        tags: deliveryTags,
        summary: 'A delivery and each of its attempts (code, duration, the first bytes of the answer)',
        ...byId,
        response: { 200: webhookDeliverySchema, 404: problemSchema },
      },
    },
    (req) => getWebhookDelivery(app.db, req.params.id),
  );
  const retry = webhookDeliveryCommands.retry;
  app.post(
    `${deliveries}/:id/retry`,
    {
      config: { access: { permission: retry.name } },
      schema: {
        tags: deliveryTags,
        summary: retry.summary,
        ...byId,
        response: { 200: webhookDeliverySchema, 202: pendingSchema, ...errors },
      },
    },
    async (req, reply) => {
      const answered = await runCommand(req, reply, retry.name, { id: req.params.id });
      kick();
      return answered;
    },
  );
};
