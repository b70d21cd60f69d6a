import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import { and, eq } from 'drizzle-orm';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../db/schema/index.ts';
import { programmeFixtures } from '../modules/loyalty/testing.ts';
import { buildTestApp } from '../test/app.ts';
import { flushTraces } from './tracing.ts';

// Tracing belongs to the process (platform/tracing.ts): the test without it runs first, before
// any app of this file has loaded the SDK.

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: OtlpValue }[];
  status?: { code?: number };
}
interface OtlpBody {
  resourceSpans: {
    resource: { attributes: { key: string; value: OtlpValue }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

const plain = (v: OtlpValue) => v.stringValue ?? v.intValue ?? v.boolValue;
const attributes = (list: { key: string; value: OtlpValue }[]) =>
  Object.fromEntries(list.map((a) => [a.key, plain(a.value)]));

/** An OTLP/HTTP receiver on loopback: the JSON bodies the exporter posts to /v1/traces. */
async function receiver() {
  const bodies: OtlpBody[] = [];
  const contentTypes = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        contentTypes.add(String(req.headers['content-type']));
        bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    contentTypes,
    spans: () => bodies.flatMap((b) => b.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans))),
  };
}

/**
 * POSTs JSON with its body in a later packet than its headers, as a slow client would: the body
 * is then read on socket events of their own, outside the request's context.
 */
async function postLate(url: string, headers: Record<string, string>, payload: object) {
  const req = httpRequest(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
  });
  const answer = once(req, 'response');
  req.flushHeaders();
  await new Promise((resolve) => setTimeout(resolve, 20));
  req.end(JSON.stringify(payload));
  const [res] = (await answer) as [import('node:http').IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return { status: res.statusCode ?? 0, json: () => JSON.parse(Buffer.concat(chunks).toString('utf8')) };
}

/** Modules of the SDK (CommonJS packages, so in require's cache once imported). */
const sdkLoaded = () =>
  Object.keys(createRequire(import.meta.url).cache).filter((file) =>
    /@opentelemetry[\\/](sdk-trace|exporter-trace|resources|context-async-hooks)/.test(file),
  );

describe('tracing with OTEL_EXPORTER_OTLP_ENDPOINT unset', () => {
  it('loads no SDK: the API stays a no-op and statements run unwrapped', async () => {
    const t = await buildTestApp();
    const admin = await t.signIn();
    await programmeFixtures(t, admin).tier(`Untraced ${randomBytes(3).toString('hex')}`, 0, 9);

    expect(sdkLoaded()).toEqual([]);
    const span = trace.getTracer('test').startSpan('probe');
    expect(span.isRecording()).toBe(false);
    expect(trace.isSpanContextValid(span.spanContext())).toBe(false);
    span.end();
    // Drizzle's own method, not observeStatements' wrapper (db/client.ts).
    const proto = PgPreparedQuery.prototype as unknown as { queryWithCache: { name: string } };
    expect(proto.queryWithCache.name).toBe('queryWithCache');
  });
});

describe('tracing with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  it('exports the request, its command and its statements in one trace, with the request id and no values', async () => {
    const sink = await receiver();
    const t = await buildTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: sink.url });
    const admin = await t.signIn();
    expect(sdkLoaded().length).toBeGreaterThan(0);

    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const name = `Traced ${randomBytes(4).toString('hex')}`;
    const create = (minPoints: number, maxPoints: number) =>
      postLate(
        `${base}/api/admin/tiers`,
        { ...admin, traceparent: `00-${traceId}-${callerSpanId}-01` },
        { name, description: `${name} members`, minPoints, maxPoints },
      );
    const created = await create(0, 9);
    expect(created.status).toBeLessThan(300);
    // The same name again: the database refuses it (unique index), and the spans say so by code,
    // without quoting it (PostgreSQL's message would: `Key (lower(name))=(traced …)`).
    const refused = await create(10, 19);
    expect(refused.status).toBe(409);
    const problem = refused.json() as { requestId: string; code: string };
    expect(problem.code).toBe('CONFLICT');

    const audits = await t.app.db
      .select({ requestId: auditLog.requestId })
      .from(auditLog)
      .where(and(eq(auditLog.command, 'tier.create'), eq(auditLog.outcome, 'SUCCESS')));
    const requestId = audits.at(-1)?.requestId;
    expect(requestId).toBeTruthy();

    const requestSpans = () => sink.spans().filter((s) => s.name === 'POST /api/admin/tiers');
    await vi.waitFor(
      async () => {
        await flushTraces();
        expect(requestSpans()).toHaveLength(2);
      },
      { timeout: 5_000, interval: 50 },
    );
    expect([...sink.contentTypes]).toEqual(['application/json']);
    const spans = sink.spans();
    const request = requestSpans().find((s) => attributes(s.attributes)['request.id'] === requestId);
    expect(request).toBeDefined();
    if (!request) return;
    // The caller's trace, continued: the request span is the child of its traceparent.
    expect(request.traceId).toBe(traceId);
    expect(request.parentSpanId).toBe(callerSpanId);
    expect(attributes(request.attributes)).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/api/admin/tiers',
      'url.path': '/api/admin/tiers',
    });

    const inRequest = (root: OtlpSpan) => {
      const ids = new Set([root.spanId]);
      const found: OtlpSpan[] = [];
      for (let grew = true; grew; ) {
        grew = false;
        for (const s of spans)
          if (s.parentSpanId && ids.has(s.parentSpanId) && !ids.has(s.spanId)) {
            ids.add(s.spanId);
            found.push(s);
            grew = true;
          }
      }
      return found;
    };
    const under = inRequest(request);
    const command = under.find((s) => s.name === 'command tier.create');
    expect(command?.parentSpanId).toBe(request.spanId);
    expect(attributes(command?.attributes ?? [])['loyalty.command.status']).toBe('DONE');
    const statements = under.filter((s) => attributes(s.attributes)['db.query.text'] !== undefined);
    const insert = statements.find((s) =>
      /^insert into "tiers"/i.test(String(attributes(s.attributes)['db.query.text'])),
    );
    expect(insert).toBeDefined();
    expect(attributes(insert?.attributes ?? [])).toMatchObject({
      'db.system.name': 'postgresql',
      'db.operation.name': 'INSERT',
    });
    expect(String(attributes(insert?.attributes ?? [])['db.query.text'])).toContain('$1');
    // Statements made by the command sit inside its span.
    expect(inRequest(command as OtlpSpan)).toContain(insert);
    expect(under.every((s) => s.traceId === traceId)).toBe(true);

    const refusal = requestSpans().find((s) => attributes(s.attributes)['request.id'] === problem.requestId);
    expect(attributes(refusal?.attributes ?? [])['http.response.status_code']).toBe(409);
    const underRefusal = inRequest(refusal as OtlpSpan);
    const refusedCommand = underRefusal.find((s) => s.name === 'command tier.create');
    expect(refusedCommand?.status?.code).toBe(2); // ERROR
    expect(attributes(refusedCommand?.attributes ?? [])['error.type']).toBe('23505');
    const failed = underRefusal.find((s) => s.name === 'INSERT' && s.status?.code === 2);
    expect(attributes(failed?.attributes ?? [])).toMatchObject({
      'error.type': '23505',
      'db.response.status_code': '23505',
    });

    // Nothing exported quotes what was sent: statements carry placeholders, errors their codes.
    expect(JSON.stringify(sink.bodies).toLowerCase()).not.toContain(name.toLowerCase());
    const resource = attributes(sink.bodies[0]?.resourceSpans[0]?.resource.attributes ?? []);
    expect(resource['service.name']).toBe('loyalty-admin');
  });
});
