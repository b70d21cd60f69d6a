import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { isLoopback } from '../config.ts';
import { type Db, rowsOf } from '../db/client.ts';
import { AppError } from './errors.ts';

/**
 * What operators watch, in the Prometheus text format at `/api/metrics` (prom-client): requests by
 * route and status with their latency, the earning queue, each background queue, the database
 * pool, sign-in failures and lockouts, and the process (event-loop lag, heap, CPU). Counters and
 * histograms are this instance's; queue depths are read from the database at each scrape, so they
 * are the whole installation's (the same on every instance). Dashboard and alert rules:
 * docs/operations.md and ops/.
 */

/** A background queue's state as a module reports it (ServerModule.queues). */
export interface QueueState {
  waiting: number;
  running: number;
  failed: number;
  /** Age of the oldest waiting item, 0 when none waits. */
  oldestWaitingSeconds: number;
}

/** A module's background queue: its name in the metrics and how to read its state. */
export interface QueueProbe {
  name: string;
  probe(db: Db): Promise<QueueState>;
}

/**
 * A queue kept as rows with a status (the table's name and statuses are the module's constants):
 * one count per group of statuses, each able to use the table's partial index on its statuses.
 */
export function statusQueue(
  name: string,
  table: string,
  statuses: { waiting: string[]; running: string[]; failed: string[] },
): QueueProbe {
  const where = (list: string[]) => sql.raw(`status in (${list.map((s) => `'${s}'`).join(', ')})`);
  const count = async (db: Db, list: string[]) =>
    list.length
      ? Number(
          rowsOf<{ n: number }>(
            await db.execute(
              sql`select count(*)::int as n from ${sql.identifier(table)} where ${where(list)}`,
            ),
          )[0]?.n ?? 0,
        )
      : 0;
  return {
    name,
    async probe(db) {
      const [waiting] = rowsOf<{ n: number; age: number | null }>(
        await db.execute(sql`
          select count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as age
          from ${sql.identifier(table)} where ${where(statuses.waiting)}`),
      );
      return {
        waiting: Number(waiting?.n ?? 0),
        running: await count(db, statuses.running),
        failed: await count(db, statuses.failed),
        oldestWaitingSeconds: Number(waiting?.age ?? 0),
      };
    },
  };
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(db: Db, sources: { queues: QueueProbe[]; pool?: () => PoolStats | undefined }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'loyalty_' });
  const http = {
    requests: new Counter({
      name: 'loyalty_http_requests_total',
      help: 'HTTP requests answered, by method, route (its pattern) and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    seconds: new Histogram({
      name: 'loyalty_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route and status class',
      labelNames: ['method', 'route', 'status_class'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
  };
  const earnings = {
    waiting: new Gauge({
      name: 'loyalty_earning_queue_waiting',
      help: 'Channel earnings waiting for the next batch to the database',
      registers: [registry],
    }),
    batchSize: new Histogram({
      name: 'loyalty_earning_batch_size',
      help: 'Earnings per batch sent to the database',
      buckets: [1, 2, 4, 8, 16, 32, 64, 128],
      registers: [registry],
    }),
    batchSeconds: new Histogram({
      name: 'loyalty_earning_batch_duration_seconds',
      help: "A batch's round trip to the database (one statement, one commit)",
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    fallbacks: new Counter({
      name: 'loyalty_earning_batch_fallbacks_total',
      help: 'Batches that failed and were posted again one earning at a time, by SQLSTATE',
      labelNames: ['code'],
      registers: [registry],
    }),
  };
  const signIn = {
    failures: new Counter({
      name: 'loyalty_sign_in_failures_total',
      help: 'Staff sign-in attempts refused (wrong username, password or second factor)',
      registers: [registry],
    }),
    lockouts: new Counter({
      name: 'loyalty_sign_in_lockouts_total',
      help: 'Staff accounts locked by repeated failures',
      registers: [registry],
    }),
  };
  // The queues are read once per scrape (prom-client collects every metric at once): the first
  // gauge to ask starts the read, the other three share it.
  let reading: Promise<(readonly [string, QueueState])[]> | undefined;
  const readQueues = () => {
    reading ??= Promise.all(sources.queues.map(async (q) => [q.name, await q.probe(db)] as const)).finally(
      () => {
        reading = undefined;
      },
    );
    return reading;
  };
  const queueGauge = (name: string, help: string, read: (s: QueueState) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        for (const [queue, state] of await readQueues()) this.set({ queue }, read(state));
      },
    });
  queueGauge('loyalty_queue_waiting', 'Items waiting in a background queue', (s) => s.waiting);
  queueGauge('loyalty_queue_running', 'Items a background queue is working on', (s) => s.running);
  queueGauge('loyalty_queue_failed', 'Items a background queue gave up on (dead or failed)', (s) => s.failed);
  queueGauge(
    'loyalty_queue_oldest_waiting_seconds',
    'Age of the oldest item waiting in a background queue',
    (s) => s.oldestWaitingSeconds,
  );
  const poolGauge = (name: string, help: string, read: (s: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = sources.pool?.();
        if (stats) this.set(read(stats));
      },
    });
  poolGauge('loyalty_db_pool_connections', 'Connections the pool holds to PostgreSQL', (s) => s.total);
  poolGauge('loyalty_db_pool_in_use', 'Pool connections checked out', (s) => s.total - s.idle);
  poolGauge('loyalty_db_pool_waiting', 'Queries waiting for a pool connection', (s) => s.waiting);
  return { registry, http, earnings, signIn };
}

export type Metrics = ReturnType<typeof createMetrics>;
export type EarningMetrics = Metrics['earnings'];

/** Counts every answered request by its route's pattern (bounded labels: never the raw URL). */
export function measureRequests(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    metrics.http.requests.inc({ method: req.method, route, status });
    metrics.http.seconds.observe(
      { method: req.method, route, status_class: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * `GET /api/metrics` for operators only: with `METRICS_TOKEN`, the scraper presents it as a bearer
 * token; without it, only a connection from this machine may scrape, and only on a server that is
 * not exposed (behind a proxy on the same machine every request would come from loopback).
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  metrics: Metrics,
  access: { token: string | undefined; exposed: boolean },
) {
  const mayScrape = (req: FastifyRequest) => {
    if (access.token) {
      const presented = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      return timingSafeEqual(digest(presented), digest(access.token));
    }
    return !access.exposed && isLoopback(req.socket.remoteAddress ?? '');
  };
  app.get(
    '/api/metrics',
    { config: { access: 'public' }, schema: { hide: true }, logLevel: 'warn' },
    async (req, reply) => {
      if (!mayScrape(req)) {
        throw new AppError(
          'FORBIDDEN',
          access.token || access.exposed
            ? 'Metrics need the operators’ token (METRICS_TOKEN)'
            : 'Metrics are served to this machine only; set METRICS_TOKEN to scrape from elsewhere',
        );
      }
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    },
  );
}
