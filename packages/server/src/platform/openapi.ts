import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { problemSchema, webhookDocument } from '@loyalty/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Responses = Record<string, { description: string; content?: Record<string, unknown> }>;
interface Operation {
  responses?: Responses;
  requestBody?: unknown;
  parameters?: { in: string }[];
  security?: unknown[];
}

const problemRef = { $ref: '#/components/schemas/Problem' };
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: problemRef } },
});

/** What the document needs to know of a route beyond its schemas. */
interface RouteFacts {
  /** Anyone may call it (sign-in, health, JWKS). */
  open: boolean;
  rateLimited: boolean;
  /** The media types of the file it answers with, when not JSON. */
  download: string | readonly string[] | undefined;
}

/** `/api/admin/tiers/:id` → `/api/admin/tiers/{id}`, as the document writes paths. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * The problem answers every operation can give, declared once and attached to each operation of
 * the document according to what it takes (path parameters, a body) and who may call it.
 */
function problemResponses(op: Operation, method: string, facts: RouteFacts | undefined): Responses {
  const write = method !== 'get';
  const hasPathParams = op.parameters?.some((p) => p.in === 'path') ?? false;
  return {
    400: problem('The input is invalid (VALIDATION_FAILED names the fields) or the request malformed'),
    ...(facts?.open ? {} : { 401: problem('Not signed in, or the session has ended') }),
    ...(facts?.open ? {} : { 403: problem('The caller may not do this') }),
    ...(hasPathParams || write ? { 404: problem('A record it names does not exist') } : {}),
    ...(write ? { 409: problem('Conflicts with current data') } : {}),
    ...(op.requestBody ? { 413: problem('The request is too large') } : {}),
    ...(op.requestBody ? { 415: problem('The body is not of a type the operation takes') } : {}),
    ...(facts?.rateLimited ? { 429: problem('Too many attempts; try again later') } : {}),
    default: problem('Unexpected server error or service unavailable'),
  };
}

/**
 * OpenAPI document (at /api/docs/json) and its UI (at /api/docs) — for signed-in staff only when
 * `API_DOCS=signed-in`, the default of an exposed server. Every error answer is declared as
 * `application/problem+json`, 204 answers have no content, and open operations need no credentials,
 * so that a client generated from the document can rely on it.
 */
export async function registerOpenApi(app: FastifyInstance) {
  const facts = new Map<string, RouteFacts>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = route.config as
      | {
          access?: unknown;
          apiKeyScope?: unknown;
          rateLimit?: unknown;
          download?: string | readonly string[];
        }
      | undefined;
    for (const method of [route.method].flat()) {
      facts.set(`${method.toLowerCase()} ${documentPath(route.url)}`, {
        open: config?.access === 'public' && config.apiKeyScope === undefined,
        rateLimited: config?.rateLimit !== undefined,
        download: config?.download,
      });
    }
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Loyalty Admin API',
        version: '1.0.0',
        description: 'Staff back office of the loyalty programme',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
        schemas: {
          Problem: z.toJSONSchema(problemSchema, { target: 'openapi-3.0' }) as Record<string, unknown>,
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (documents) => {
      if (!('openapiObject' in documents)) return documents.swaggerObject;
      const { openapiObject } = documents;
      for (const [path, operations] of Object.entries(openapiObject.paths ?? {})) {
        for (const [method, op] of Object.entries(operations as Record<string, Operation>)) {
          const routeFacts = facts.get(`${method} ${path}`);
          const declared: Responses = {};
          for (const [status, response] of Object.entries(op.responses ?? {})) {
            if (Number(status) >= 400) declared[status] = problem(response.description);
            else if (status === '204') declared[status] = { description: 'No content' };
            else declared[status] = response;
          }
          if (routeFacts?.download) {
            declared[200] = {
              description: 'The file',
              content: Object.fromEntries(
                [routeFacts.download]
                  .flat()
                  .map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
              ),
            };
          }
          op.responses = { ...problemResponses(op, method, routeFacts), ...declared };
          if (routeFacts?.open) op.security = [];
        }
      }
      // The events sent out as webhooks (contracts webhooks/events.ts; docs/decisions/webhooks.md).
      return { ...openapiObject, webhooks: webhookDocument() } as typeof openapiObject;
    },
  });
  if (app.config.apiDocs === 'signed-in') {
    // The guard (guard.ts) then asks the document's and the UI's routes for a staff session.
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'signed-in' };
    });
  }
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
