import {
  contentLangs,
  faqCommands,
  faqInput,
  faqMoveInput,
  faqResource,
  problemSchema,
  publicFaqList,
  publicFaqQuery,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { sendCacheable } from '../../platform/etag.ts';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { getFaq, listFaqs, publicFaqs } from './faqs.service.ts';
import { integrationErrors, security } from './publicApi.ts';

const crud = crudRoutes(faqResource, { body: { create: faqInput }, list: listFaqs, get: getFaq });

const faqOrder = z.object({
  lang: z.enum(contentLangs),
  items: z.array(z.object({ id: z.number().int(), position: z.number().int() })),
});

/** The five plain routes, and the move of drag-to-reorder. */
export const faqRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(crud);
  app.post(
    '/faqs/move',
    {
      config: { access: { permission: faqCommands.move.name } },
      schema: {
        tags: [faqResource.tag],
        summary: faqCommands.move.summary,
        body: faqMoveInput,
        response: {
          200: faqOrder,
          202: pendingSchema,
          400: problemSchema,
          403: problemSchema,
          404: problemSchema,
          409: problemSchema,
        },
      },
    },
    (req, reply) => runCommand(req, reply, faqCommands.move.name, req.body),
  );
};

/** `GET /content/faqs?lang=`: the customer app's FAQ. */
export const publicFaqRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/content/faqs',
    {
      config: { apiKeyScope: 'content', customerFeature: 'faq', service: 'read-content' },
      schema: {
        tags: ['Integration: content'],
        summary: 'The active FAQ entries of one language, in order',
        security,
        querystring: publicFaqQuery,
        response: { 200: publicFaqList, ...integrationErrors },
      },
    },
    async (req, reply) => sendCacheable(req, reply, await publicFaqs(app.db, req.query.lang)),
  );
};
