import {
  consentCommands,
  consentInput,
  consentResult,
  customerNumberParams,
  idParams,
  type LegalKind,
  legalDiff,
  legalDiffQuery,
  legalDocumentCommands,
  legalDocumentInput,
  legalDocumentResource,
  legalDocumentSchema,
  legalDocumentUpdateInput,
  problemSchema,
  publicLegalDocument,
  publicLegalQuery,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { AppError } from '../../platform/errors.ts';
import { sendCacheable } from '../../platform/etag.ts';
import { actorOf, pendingSchema, runCommand } from '../../platform/http.ts';
import {
  legalDiff as diffVersions,
  getLegalDocument,
  listLegalDocuments,
  publishedLegal,
} from './legalDocuments.service.ts';
import { integrationErrors, security } from './publicApi.ts';

const crud = crudRoutes(legalDocumentResource, {
  body: { create: legalDocumentInput, update: legalDocumentUpdateInput.omit({ id: true }) },
  list: listLegalDocuments,
  get: getLegalDocument,
});
const tags = [legalDocumentResource.tag];

/** The five plain routes (only drafts change), publishing a version, and a diff of two versions. */
export const legalDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(crud);
  app.post(
    '/legal-documents/:id/publish',
    {
      config: { access: { permission: legalDocumentCommands.publish.name } },
      schema: {
        tags,
        summary: `${legalDocumentCommands.publish.summary} (maker-checker by default)`,
        params: idParams,
        response: {
          200: legalDocumentSchema,
          202: pendingSchema,
          400: problemSchema,
          403: problemSchema,
          404: problemSchema,
          409: problemSchema,
        },
      },
    },
    (req, reply) => runCommand(req, reply, legalDocumentCommands.publish.name, { id: req.params.id }),
  );
  app.get(
    '/legal-documents/:id/diff',
    {
      config: { access: { permission: legalDocumentResource.read?.code as string } },
      schema: {
        tags,
        summary: 'Word-level changes from another version (`against`) to this one, in both languages',
        params: idParams,
        querystring: legalDiffQuery,
        response: { 200: legalDiff, 400: problemSchema, 404: problemSchema },
      },
    },
    (req) => diffVersions(app.db, req.params.id, req.query.against),
  );
};

/** `GET /content/privacy`, `GET /content/terms` and the customer's consent. */
export const publicLegalRoutes: FastifyPluginAsyncZod = async (app) => {
  const published = (path: string, kind: LegalKind, summary: string) =>
    app.get(
      path,
      {
        config: { apiKeyScope: 'content', service: 'read-content' },
        schema: {
          tags: ['Integration: content'],
          summary,
          security,
          querystring: publicLegalQuery,
          response: { 200: publicLegalDocument, 404: problemSchema, ...integrationErrors },
        },
      },
      async (req, reply) => sendCacheable(req, reply, await publishedLegal(app.db, kind, req.query.lang)),
    );
  published('/content/privacy', 'PRIVACY', 'The published privacy policy in one language');
  published('/content/terms', 'TERMS', 'The published terms and conditions in one language');

  app.post(
    '/customers/:customerNumber/consents',
    {
      config: { apiKeyScope: 'content' },
      schema: {
        tags: ['Integration: content'],
        summary: 'Record that the customer accepted a published version (idempotent)',
        security,
        params: customerNumberParams,
        body: consentInput,
        response: {
          200: consentResult,
          201: consentResult,
          404: problemSchema,
          409: problemSchema,
          ...integrationErrors,
        },
      },
    },
    async (req, reply) => {
      const outcome = await req.server.commands.execute<{ replayed: boolean }>(
        actorOf(req),
        consentCommands.record.name,
        { ...req.body, customerNumber: req.params.customerNumber },
      );
      if (outcome.status !== 'DONE') throw new AppError('INTERNAL', 'Consents are never held for approval');
      return reply.code(outcome.result.replayed ? 200 : 201).send(outcome.result as never);
    },
  );
};
