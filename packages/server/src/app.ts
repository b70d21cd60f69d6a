import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { chooseSentimentModel } from './modules/analytics/index.ts';
import { makerCheckerGate } from './modules/approvals/index.ts';
import { importLimits, useImportFiles, useImportInbox, useStagingThread } from './modules/imports/index.ts';
import { modules, tunables } from './modules/index.ts';
import { systemLogDestination } from './modules/logs/index.ts';
import { reportEarningFallbacks, reportEarningMetrics } from './modules/loyalty/index.ts';
import { keyExistingChain } from './platform/audit.ts';
import { authRoutes } from './platform/auth/auth.routes.ts';
import { createKeyStore } from './platform/auth/keys.ts';
import { createTokenService, type TokenService } from './platform/auth/tokens.ts';
import { listenForChanges } from './platform/changes.ts';
import { createCommandBus } from './platform/commands.ts';
import {
  AppError,
  badUrlDetail,
  clientErrorHandler,
  registerErrorHandling,
  toProblem,
} from './platform/errors.ts';
import { registerGuard } from './platform/guard.ts';
import { createJobRunner, type JobRunner } from './platform/jobs.ts';
import { createMailer } from './platform/mail.ts';
import { createMetrics, type Metrics, measureRequests, registerMetricsRoute } from './platform/metrics.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { useOutboundAllow } from './platform/outbound.ts';
import { type SharedCounter, sharedCounter, sharedStore } from './platform/rateLimits.ts';
import { useSecretKeys } from './platform/secrets.ts';
import { useTunables } from './platform/settings/registry.ts';
import { ensureSystemBundles } from './platform/settings/values.ts';
import { traceRequests } from './platform/tracing.ts';
import { defaultWebDist, registerWeb } from './platform/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    tokens: TokenService;
    jobs: JobRunner;
    /** The integration API's rate limits, shared by every instance. */
    integrationLimits: SharedCounter;
    /** What operators scrape at /api/metrics (platform/metrics.ts). */
    metrics: Metrics;
  }
}

/** Content-Security-Policy of the whole app: nothing runs that is not served by us. */
const csp = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Ant Design injects its CSS-in-JS as <style> elements.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The image source of a configured map tile server (`MAP_TILE_URL`): its origin, with `{s}.`
 * subdomains as a wildcard. None when no tile server is configured: the map is offline.
 */
export function tileSources(template: string | undefined): string[] {
  if (!template) return [];
  const url = new URL(template.replace(/\{s\}\./, 'a.').replace(/\{[a-z]+\}/g, '0'));
  const host = /^https?:\/\/\{s\}\./.test(template) ? `*.${url.host.slice(2)}` : url.host;
  return [`${url.protocol}//${host}`];
}

export interface AppOptions {
  /** Serve the built web app (off in API tests). */
  web?: boolean;
}

/** Builds the whole server: platform plugins first, then each area's routes under /api/admin. */
export async function buildApp(
  config: Config,
  database: Database,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  // Every line goes to stdout; warnings, errors and categorised events also to SystemLogs.
  const logStream = systemLogDestination(database.db);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      stream: logStream,
    },
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 1_048_576,
    // A URL the router refuses (malformed escapes, a path segment over its length limit) is
    // answered like any other bad request, without echoing the URL back.
    frameworkErrors: (err, req, reply) =>
      (reply as FastifyReply)
        .code(400)
        .type('application/problem+json')
        .send(toProblem(new AppError('BAD_REQUEST', badUrlDetail(err.code)), req.id)),
    // A request the HTTP parser refuses (a malformed Content-Length…): problem+json too.
    clientErrorHandler,
  });
  // Registered first, so run last: root onClose hooks run in reverse order of registration.
  app.addHook('onClose', () => logStream.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Traces, when OTEL_EXPORTER_OTLP_ENDPOINT is set (platform/tracing.ts): first, so the request's
  // span encloses its other hooks and the command bus made below is traced. Unset, nothing loads.
  if (config.otlpEndpoint) await traceRequests(app, config.otlpEndpoint);

  useSecretKeys(config.secretKeys);
  useOutboundAllow(config.outboundAllow);
  await chooseSentimentModel(config.nlpModelDir);
  useImportInbox(config.importInbox);
  useImportFiles(config.importFiles);
  importLimits.postWorkers = config.importPostWorkers;
  useStagingThread(
    config.database.kind === 'postgres' ? config.database.url : undefined,
    config.importStagingHeapMb,
  );
  await keyExistingChain(database.db);
  // Caches of every instance drop what another instance changed (platform/changes.ts).
  const stopListening = await listenForChanges(database);
  app.addHook('onClose', stopListening);
  const keys = await createKeyStore(database.db);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('tokens', createTokenService(keys, config.jwt));
  app.addHook('onReady', async () => keys.start());
  app.addHook('onClose', async () => keys.stop());
  const mailer = createMailer({ ...config.mail, publicUrl: config.publicUrl }, database.db, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onReady', async () => mailer.start());
  app.addHook('onClose', async () => mailer.stop());
  const jobs = createJobRunner(
    database.db,
    modules.flatMap((m) => m.jobs ?? []),
    app.log,
  );
  app.decorate('jobs', jobs);
  // Tests run jobs by calling app.jobs.tick(); everywhere else they run on their schedule.
  if (config.env !== 'test') app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  reportEarningFallbacks(database.db, app.log);
  const metrics = createMetrics(database.db, {
    queues: modules.flatMap((m) => m.queues ?? []),
    pool: () => database.poolStats(),
  });
  app.decorate('metrics', metrics);
  if (config.metrics) {
    measureRequests(app, metrics);
    reportEarningMetrics(database.db, metrics.earnings);
  }
  const commands = createCommandBus(database.db, makerCheckerGate);
  for (const m of modules) commands.register(...m.handlers);
  // Every area's tunables (platform/settings), seeded as SystemConfigurations items when ready.
  useTunables(tunables);
  app.addHook('onReady', () => ensureSystemBundles(database.db, config));
  app.decorate('commands', commands);

  // Security headers on every answer, from helmet built once (@fastify/helmet builds it anew for
  // every request, a measurable cost at thousands of integration calls per second).
  const securityHeaders = helmet({
    // Upgrading requests to https only makes sense where the app is served over https.
    contentSecurityPolicy: {
      directives: {
        ...csp,
        imgSrc: [...csp.imgSrc, ...tileSources(config.mapTiles?.url)],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  await app.register(fastifyCookie);
  // Rate limits count in the PostgreSQL database every instance shares (platform/rateLimits.ts);
  // the embedded database has one process, whose memory is enough.
  const shared = database.kind === 'postgres' ? database.db : undefined;
  await app.register(fastifyRateLimit, { global: false, ...(shared ? { store: sharedStore(shared) } : {}) });
  const integrationLimits = sharedCounter(shared, 60_000);
  app.decorate('integrationLimits', integrationLimits);
  app.addHook('onClose', () => integrationLimits.stop());
  await registerOpenApi(app);

  const webServed = options.web !== false && (await registerWeb(app, config.webDist ?? defaultWebDist));
  registerErrorHandling(app, { indexHtml: webServed });
  registerGuard(app);
  if (config.metrics)
    registerMetricsRoute(app, metrics, { token: config.metricsToken, exposed: config.exposed });

  // Health for a load balancer: live = the process answers; ready = it can serve (database up,
  // not shutting down). `/api/health` is readiness, kept for existing probes.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const health = { tags: ['Health'] };
  app.get(
    '/api/health/live',
    {
      config: { access: 'public' },
      schema: {
        ...health,
        summary: 'Liveness: the process answers',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  const readiness = {
    config: { access: 'public' as const },
    schema: {
      ...health,
      summary: 'Readiness: the database answers and the server is not shutting down',
      response: {
        200: z.object({ status: z.literal('ok'), database: z.literal('up') }),
        503: z.object({ status: z.literal('unavailable'), database: z.enum(['up', 'down']) }),
      },
    },
  };
  const ready = async (_req: unknown, reply: FastifyReply) => {
    try {
      await database.ping();
    } catch {
      return reply.code(503).send({ status: 'unavailable' as const, database: 'down' as const });
    }
    if (closing) return reply.code(503).send({ status: 'unavailable' as const, database: 'up' as const });
    return { status: 'ok' as const, database: 'up' as const };
  };
  app.get('/api/health/ready', readiness, ready);
  app.get('/api/health', readiness, ready);

  await app.register(
    async (api) => {
      await api.register(authRoutes);
      for (const m of modules) await api.register(m.routes);
    },
    { prefix: '/api/admin' },
  );
  for (const m of modules) if (m.rootRoutes) await app.register(m.rootRoutes);
  return app;
}
