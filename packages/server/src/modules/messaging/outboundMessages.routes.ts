import {
  CSV_MAX_CHARS,
  idParams,
  outboundDeliveryResource,
  outboundMessageCommands,
  outboundMessageDetailSchema,
  outboundMessageFields,
  outboundMessageResource,
  outboundMessageSchema,
  outboundPreviewInput,
  outboundPreviewResult,
  problemSchema,
  resourcePath,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addExportRoute } from '../../platform/exports.ts';
import { actorOf, pendingSchema, runCommand } from '../../platform/http.ts';
import {
  getOutboundMessage,
  listOutboundDeliveries,
  listOutboundMessages,
  OUTBOUND_JOB,
  previewOutbound,
} from './outboundMessages.service.ts';

const tags = [outboundMessageResource.tag];
const read = { access: { permission: outboundMessageResource.read?.code ?? '' } };
const send = outboundMessageCommands.send;
const path = resourcePath(outboundMessageResource);
const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };
/** A CSV of 200,000 customer numbers, as JSON text. */
const bodyLimit = CSV_MAX_CHARS * 2;

/** Messages to customers: preview the audience, send (a background job), follow its progress. */
export const outboundMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  addExportRoute(app, outboundMessageResource, listOutboundMessages);
  addExportRoute(app, outboundDeliveryResource, listOutboundDeliveries);
  app.get(
    path,
    {
      config: read,
      schema: {
        tags,
        summary: 'Messages sent to customers, newest first',
        querystring: outboundMessageResource.query,
        response: { 200: outboundMessageResource.page },
      },
    },
    (req) => listOutboundMessages(app.db, req.query),
  );

  app.get(
    `${path}/:id`,
    {
      config: read,
      schema: {
        tags,
        summary: 'A send: its progress and its results (sent / skipped / failed, by reason)',
        params: idParams,
        response: { 200: outboundMessageDetailSchema, 404: problemSchema },
      },
    },
    (req) => getOutboundMessage(app.db, req.params.id),
  );

  app.post(
    `${path}/preview`,
    {
      config: { access: { permission: send.name } },
      bodyLimit,
      schema: {
        tags,
        summary: 'How many customers a send would reach (nothing is sent), and a sample recipient',
        body: outboundPreviewInput,
        response: { 200: outboundPreviewResult, ...errors },
      },
    },
    (req) => previewOutbound(app.db, req.body.audience, actorOf(req)),
  );

  app.post(
    path,
    {
      config: { access: { permission: send.name } },
      bodyLimit,
      schema: {
        tags,
        summary: `${send.summary}: accepted at once (202, the send is its job), written in the background`,
        body: outboundMessageFields,
        response: { 202: outboundMessageSchema.or(pendingSchema), ...errors },
      },
    },
    async (req, reply) => {
      const answered = await runCommand(req, reply, send.name, req.body, 202);
      // Start at once rather than at the next poll; e-mail leaves as soon as it is queued.
      void app.jobs
        .tick(OUTBOUND_JOB)
        .then(() => app.mailer.flush())
        .catch((err) => app.log.error({ err }, 'outbound send failed to start'));
      return answered;
    },
  );

  app.get(
    resourcePath(outboundDeliveryResource),
    {
      config: read,
      schema: {
        tags,
        summary: 'Deliveries of outbound messages: one send’s, or one customer’s (customerId)',
        querystring: outboundDeliveryResource.query,
        response: { 200: outboundDeliveryResource.page },
      },
    },
    (req) => listOutboundDeliveries(app.db, req.query),
  );
};
