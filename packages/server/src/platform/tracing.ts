/**
 * Traces (OpenTelemetry), on only when OTEL_EXPORTER_OTLP_ENDPOINT is set. Then, and only then,
 * the SDK is loaded (dynamic imports: otherwise no module of it is in memory and no hook, wrapper
 * or span is made) and the app gets
 * - a span per HTTP request (`POST /api/admin/tiers`), the child of an incoming `traceparent`,
 *   carrying the request id (`request.id`: Fastify's req.id, `reqId` in the JSON logs); the
 *   request's log lines carry the trace id in turn (`trace_id`);
 * - a span per command (`command tier.create`, platform/commands.ts), inside the request's;
 * - a span per database statement inside those (db/client.ts), with its text: `$1`… placeholders,
 *   never the values. Statements outside any trace (pollers, start-up) are not traced.
 * Spans leave in batches over OTLP/HTTP with JSON bodies. The SDK's own OTEL_* variables apply:
 * OTEL_SERVICE_NAME (default loyalty-admin), OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER,
 * OTEL_BSP_*, OTEL_EXPORTER_OTLP_HEADERS, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT…
 *
 * Tracing belongs to the process (the OpenTelemetry API's context, propagator and provider are
 * global): the first app that asks for it starts it, the last one closed flushes and stops it.
 */
import type * as Api from '@opentelemetry/api';
import type { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { databaseError, observeStatements } from '../db/client.ts';

interface Tracing {
  api: typeof Api;
  tracer: Api.Tracer;
  provider: NodeTracerProvider;
  /** Attribute names (@opentelemetry/semantic-conventions). */
  attr: Awaited<ReturnType<typeof attributeNames>>;
  /** Stops observing statements and unregisters the API's globals. */
  unregister(): void;
}

let current: Tracing | undefined;
let starting: Promise<Tracing> | undefined;
let users = 0;

async function attributeNames() {
  const sc = await import('@opentelemetry/semantic-conventions');
  return {
    method: sc.ATTR_HTTP_REQUEST_METHOD,
    route: sc.ATTR_HTTP_ROUTE,
    status: sc.ATTR_HTTP_RESPONSE_STATUS_CODE,
    path: sc.ATTR_URL_PATH,
    scheme: sc.ATTR_URL_SCHEME,
    errorType: sc.ATTR_ERROR_TYPE,
    dbSystem: sc.ATTR_DB_SYSTEM_NAME,
    dbText: sc.ATTR_DB_QUERY_TEXT,
    dbOperation: sc.ATTR_DB_OPERATION_NAME,
    dbStatus: sc.ATTR_DB_RESPONSE_STATUS_CODE,
    postgresql: sc.DB_SYSTEM_NAME_VALUE_POSTGRESQL,
    serviceName: sc.ATTR_SERVICE_NAME,
  };
}

/** The traces' destination: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT when set (the SDK reads it), else the endpoint's /v1/traces. */
const tracesUrl = (endpoint: string) =>
  process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ? undefined : `${endpoint.replace(/\/?$/, '/')}v1/traces`;

/** Where the SDK's own troubles go (an unreachable collector): the first app's log, as warnings. */
type DiagLog = (message: string) => void;

async function start(endpoint: string, warn: DiagLog): Promise<Tracing> {
  // Each an import() of its own: the bundle (build.mjs) keeps them out of dist/main.js's start-up.
  const [api, node, otlp, resources, attr] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    attributeNames(),
  ]);
  // The service's name unless OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES say otherwise.
  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ [attr.serviceName]: 'loyalty-admin' }))
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const url = tracesUrl(endpoint);
  const exporter = new otlp.OTLPTraceExporter(url ? { url } : {});
  // Sampler and span limits from OTEL_TRACES_SAMPLER…, batching from OTEL_BSP_* (the SDK's defaults).
  const provider = new node.NodeTracerProvider({
    resource,
    spanProcessors: [new node.BatchSpanProcessor(exporter)],
  });
  // The API's tracer provider, W3C trace-context propagation, and AsyncLocalStorage as context.
  provider.register();
  const tracer = provider.getTracer('loyalty-admin');
  const { SpanKind, SpanStatusCode, context, trace } = api;
  // One warning a minute at most (each is a SystemLogs row): a collector that is down fails every batch.
  let quietUntil = 0;
  let unsaid = 0;
  const say = (message: string, ...args: unknown[]) => {
    const now = Date.now();
    if (now < quietUntil) {
      unsaid += 1;
      return;
    }
    quietUntil = now + 60_000;
    const text = [message, ...args.map((a) => (a instanceof Error ? a.message : String(a)))].join(' ');
    warn(unsaid ? `${text} (and ${unsaid} more since the last warning)` : text);
    unsaid = 0;
  };
  api.diag.setLogger(
    { error: say, warn: say, info: () => {}, debug: () => {}, verbose: () => {} },
    api.DiagLogLevel.WARN,
  );
  const stopObserving = observeStatements((text) => {
    const parent = context.active();
    if (!trace.getSpan(parent)) return undefined;
    const operation = /^\s*\(?\s*([a-z]+)/i.exec(text)?.[1]?.toUpperCase();
    const span = tracer.startSpan(
      operation ?? attr.postgresql,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          [attr.dbSystem]: attr.postgresql,
          [attr.dbText]: text,
          ...(operation ? { [attr.dbOperation]: operation } : {}),
        },
      },
      parent,
    );
    return (error) => {
      if (error !== undefined) {
        // The SQLSTATE only: a database message can quote the values (`Key (name)=(Gold)…`).
        const code = databaseError(error).code;
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute(attr.errorType, code ?? 'error');
        if (code) span.setAttribute(attr.dbStatus, code);
      }
      span.end();
    };
  });
  return {
    api,
    tracer,
    provider,
    attr,
    unregister() {
      stopObserving();
      api.diag.disable();
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
    },
  };
}

/** Starts tracing for one more app (the first starts it); answers it once it is running. */
async function acquire(endpoint: string, warn: DiagLog): Promise<Tracing> {
  users += 1;
  starting ??= start(endpoint, warn).then(
    (tracing) => {
      current = tracing;
      return tracing;
    },
    (err) => {
      starting = undefined;
      throw err;
    },
  );
  try {
    return await starting;
  } catch (err) {
    users -= 1;
    throw err;
  }
}

/** One app fewer; the last one flushes what is pending and stops tracing. */
async function release() {
  users -= 1;
  if (users > 0 || !current) return;
  const tracing = current;
  current = undefined;
  starting = undefined;
  try {
    await tracing.provider.shutdown();
  } finally {
    tracing.unregister();
  }
}

/** Sends the spans that are waiting for their batch (tests; a graceful stop does it by itself). */
export async function flushTraces(): Promise<void> {
  await current?.provider.forceFlush();
}

const kSpan = Symbol('request span');
type Traced = FastifyRequest & { [kSpan]: Api.Span | null };

/**
 * Turns tracing on for this app (OTEL_EXPORTER_OTLP_ENDPOINT: `config.otlpEndpoint`; a second app
 * in the process shares the first one's). Called before any other hook and before the command bus
 * is made, so the request span encloses the whole request and the bus is traced.
 */
export async function traceRequests(app: FastifyInstance, endpoint: string): Promise<void> {
  const { api, tracer, attr } = await acquire(endpoint, (message) =>
    app.log.warn({ category: 'tracing' }, message),
  );
  const { context, propagation, trace, ROOT_CONTEXT, SpanKind, SpanStatusCode } = api;
  app.addHook('onClose', release);
  app.decorateRequest(kSpan, null);

  app.addHook('onRequest', (req, _reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const query = req.url.indexOf('?');
    // The route is known here (an unknown URL has none): `POST /api/admin/tiers/:id`.
    const route = req.routeOptions.url;
    const span = tracer.startSpan(
      route ? `${req.method} ${route}` : req.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          [attr.method]: req.method,
          ...(route ? { [attr.route]: route } : {}),
          // The path only: a query string may carry what staff searched for.
          [attr.path]: query === -1 ? req.url : req.url.slice(0, query),
          [attr.scheme]: req.protocol,
          // The request id: `reqId` of the request's log lines, `requestId` of its audit entries
          // and problem answers.
          'request.id': req.id,
        },
      },
      parent,
    );
    (req as Traced)[kSpan] = span;
    // The request's log lines carry the trace id (its first line, 'incoming request', is written before).
    (req.log as { setBindings?: (bindings: object) => void }).setBindings?.({
      trace_id: span.spanContext().traceId,
    });
    // The rest of the request runs in the span's context (Fastify carries it across the body's
    // reading: its content-type parser is an AsyncResource of the request).
    context.with(trace.setSpan(parent, span), done);
  });
  const end = (req: FastifyRequest, status: number | undefined) => {
    const span = (req as Traced)[kSpan];
    if (!span) return;
    (req as Traced)[kSpan] = null;
    if (status === undefined) {
      span.setAttribute(attr.errorType, 'aborted');
    } else {
      span.setAttribute(attr.status, status);
      if (status >= 500) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute(attr.errorType, String(status));
      }
    }
    span.end();
  };
  app.addHook('onResponse', (req, reply, done) => {
    end(req, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (req, done) => {
    end(req, undefined);
    done();
  });
  app.log.info({ category: 'startup', endpoint: new URL(endpoint).origin }, 'traces are exported');
}

interface Bus {
  execute(actor: unknown, name: string, input: unknown): Promise<{ status: string }>;
}

/**
 * The command bus with a span around each command, when tracing is on as the bus is made (the
 * app turns it on first); otherwise the bus as it is, nothing wrapped. A refusal's span records
 * its code only: error messages can quote the input (`Overlaps tier Gold…`).
 */
export function traceCommands<B extends Bus>(bus: B): B {
  if (!current) return bus;
  const { api, tracer, attr } = current;
  const execute = bus.execute;
  const traced: Bus['execute'] = (actor, name, input) =>
    tracer.startActiveSpan(`command ${name}`, { attributes: { 'loyalty.command': name } }, async (span) => {
      try {
        const outcome = await execute.call(bus, actor, name, input);
        span.setAttribute('loyalty.command.status', outcome.status);
        return outcome;
      } catch (err) {
        span.setStatus({ code: api.SpanStatusCode.ERROR });
        // An AppError's code (`TIER_RANGE_OVERLAP`), or the database's SQLSTATE.
        span.setAttribute(attr.errorType, databaseError(err).code ?? 'INTERNAL');
        throw err;
      } finally {
        span.end();
      }
    });
  bus.execute = traced as B['execute'];
  return bus;
}
