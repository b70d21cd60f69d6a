import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { channel, programmeFixtures } from '../modules/loyalty/testing.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { registerErrorHandling } from './errors.ts';
import { registerMetricsRoute } from './metrics.ts';

let t: TestApp;
let api: ReturnType<typeof channel>;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 1_000_000);
  const spend = await fx.type('SPEND');
  await fx.rule({ transactionTypeId: spend.id, amount: 1, pointsPerTransaction: 1 });
  api = channel(t, await fx.apiKey(['customers', 'transactions']));
  await api('PUT', '/customers/M-1', { fullName: 'Maha Alharbi' });
});

const scrape = async () => {
  const res = await t.inject({ method: 'GET', url: '/api/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};
/** A sample's value (0 when absent): `name{labels} value`, labels as written in the exposition. */
const sample = (text: string, name: string, labels = '') => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
};

describe('/api/metrics', () => {
  it("is in Prometheus's text format, as promtool reads it", async () => {
    const check = spawnSync('promtool', ['check', 'metrics'], { input: await scrape(), encoding: 'utf8' });
    expect(check.error, 'promtool (Debian package prometheus) is needed').toBeUndefined();
    // Exit 1 is a text it cannot parse; 3 lists lint problems, which only prom-client's default
    // process metrics may have (gauges named *_total, such as nodejs_active_handles_total).
    expect(check.status, `${check.stdout}${check.stderr}`).not.toBe(1);
    const problems = `${check.stdout}${check.stderr}`.split('\n').filter(Boolean);
    expect(problems.filter((p) => !/^loyalty_nodejs_\w+ /.test(p))).toEqual([]);
  });

  it('moves with traffic: requests by route and status, earnings batched, the background queues read', async () => {
    const before = await scrape();
    const live = 'method="GET",route="/api/health/live",status="200"';
    for (let i = 0; i < 3; i++) await t.inject({ method: 'GET', url: '/api/health/live' });
    const earned = await api('POST', '/transactions', {
      externalId: 'M-E1',
      customerNumber: 'M-1',
      transactionTypeCode: 'SPEND',
      amount: 50,
    });
    expect(earned.statusCode).toBe(201);
    const after = await scrape();
    expect(
      sample(after, 'loyalty_http_requests_total', live) -
        sample(before, 'loyalty_http_requests_total', live),
    ).toBe(3);
    const posted = 'method="POST",route="/api/integration/v1/transactions",status="201"';
    expect(sample(after, 'loyalty_http_requests_total', posted)).toBe(1);
    expect(
      sample(after, 'loyalty_earning_batch_size_count') - sample(before, 'loyalty_earning_batch_size_count'),
    ).toBe(1);
    expect(sample(after, 'loyalty_earning_batch_duration_seconds_count')).toBeGreaterThan(0);
    for (const queue of ['alerts', 'messaging', 'reports', 'webhooks', 'webhook_events'])
      expect(after).toContain(`loyalty_queue_waiting{queue="${queue}"} `);
    expect(after).toMatch(/^loyalty_nodejs_eventloop_lag_seconds /m);
    expect(after).toMatch(/^loyalty_nodejs_heap_size_used_bytes /m);
  });

  it('counts sign-in failures', async () => {
    const before = sample(await scrape(), 'loyalty_sign_in_failures_total');
    const res = await t.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'admin', password: 'not the password' },
    });
    expect(res.statusCode).toBe(401);
    expect(sample(await scrape(), 'loyalty_sign_in_failures_total')).toBe(before + 1);
  });

  it('serves every metric the shipped alert rules and dashboard use', async () => {
    const declared = new Set([...(await scrape()).matchAll(/^# TYPE (\w+) /gm)].map((m) => m[1]));
    for (const file of ['ops/prometheus-alerts.yml', 'ops/grafana-dashboard.json']) {
      const text = readFileSync(new URL(`../../../../${file}`, import.meta.url), 'utf8');
      const used = new Set(
        [...text.matchAll(/\bloyalty_\w+/g)].map((m) => m[0].replace(/_(bucket|sum|count)$/, '')),
      );
      expect(used.size, file).toBeGreaterThan(5);
      for (const name of used) expect(declared.has(name), `${file}: ${name}`).toBe(true);
    }
  });

  it('is for operators: their token, or this machine on a server that is not exposed', async () => {
    const serve = async (access: { token: string | undefined; exposed: boolean }) => {
      const app = Fastify();
      registerErrorHandling(app, { indexHtml: false });
      registerMetricsRoute(app, t.app.metrics, access);
      await app.ready();
      return app;
    };
    const token = 'a-token-of-at-least-thirty-two-characters';
    const withToken = await serve({ token, exposed: true });
    expect((await withToken.inject({ url: '/api/metrics' })).statusCode).toBe(403);
    const scraped = await withToken.inject({
      url: '/api/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(scraped.statusCode).toBe(200);
    expect(
      (await withToken.inject({ url: '/api/metrics', headers: { authorization: 'Bearer wrong' } }))
        .statusCode,
    ).toBe(403);
    const exposed = await serve({ token: undefined, exposed: true });
    expect((await exposed.inject({ url: '/api/metrics' })).statusCode).toBe(403);
    const remote = await serve({ token: undefined, exposed: false });
    expect((await remote.inject({ url: '/api/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
    expect((await remote.inject({ url: '/api/metrics' })).statusCode).toBe(200);
    await Promise.all([withToken.close(), exposed.close(), remote.close()]);
  });
});
