import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { registerErrorHandling } from './errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

describe('a server error', () => {
  it('is logged with its database code, never with the query’s parameters', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { stream: { write: (line: string) => lines.push(line) } } });
    registerErrorHandling(app, { indexHtml: false });
    app.get('/fail', async () => {
      await t.app.db.execute(sql`select ${'card 4111 1111 1111 1111'}::int`);
    });
    const res = await app.inject({ method: 'GET', url: '/fail' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL');
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed');
    expect(logged.err).toMatchObject({ code: '22P02', message: expect.stringContaining('Failed query') });
    expect(lines.join('\n')).not.toContain('4111');
    await app.close();
  });
});

describe('a lost database connection', () => {
  it('answers 503 with Retry-After, so a channel sends the request again', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app, { indexHtml: false });
    // What PostgreSQL's administrator shutdown (pg_terminate_backend) looks like through Drizzle.
    app.get('/cut', async () => {
      throw Object.assign(new Error('Failed query: select 1'), {
        cause: Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        }),
      });
    });
    app.get('/gone', async () => {
      throw new Error('Connection terminated unexpectedly');
    });
    for (const url of ['/cut', '/gone']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json().code).toBe('SERVICE_UNAVAILABLE');
    }
    await app.close();
  });
});
