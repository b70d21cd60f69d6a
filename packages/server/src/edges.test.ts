/**
 * Bad input at the edges (issue 48): dates outside the years the API takes, a malformed
 * Content-Length, a blank patterned field, a boolean flag that is not `true` or `false` — each a
 * 400 problem+json with a stable code and, for a field, its name; never a 500 nor Fastify's JSON.
 */
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/app.ts';

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
});

type Res = Awaited<ReturnType<TestApp['inject']>>;
const get = (url: string) => t.inject({ method: 'GET', url, as: admin });
/** The problem's field errors as { path: message }, after checking it is a 400 problem+json. */
function refused(res: Res): Record<string, string> {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.json().code).toBe('VALIDATION_FAILED');
  return Object.fromEntries(
    (res.json().errors as { path: string; message: string }[]).map((e) => [e.path, e.message]),
  );
}

describe('date ranges (issue 48)', () => {
  it('GET /api/admin/campaigns/performance refuses a range whose comparison window leaves the calendar', async () => {
    const res = await get('/api/admin/campaigns/performance?from=2026-09-30&to=6402-12-09');
    expect(refused(res)).toEqual({ to: 'dateOutOfRange' });
  });

  it('GET /api/admin/dashboard checks `from` also without `to`', async () => {
    expect(refused(await get('/api/admin/dashboard?from=0020-02-29'))).toEqual({ from: 'dateOutOfRange' });
    // Without `to` the period ends today: from 2000 that is more than two years.
    expect(refused(await get('/api/admin/dashboard?from=2000-01-01'))).toEqual({ from: 'rangeTooLong' });
  });

  it('bounds every date range of the API the same way, by the field', async () => {
    const days = [
      '/api/admin/dashboard',
      '/api/admin/reports/activity',
      '/api/admin/reports/activity/export',
      '/api/admin/campaigns/performance',
      '/api/admin/message-insights/overview',
    ];
    const instants = [
      '/api/admin/admin-logs',
      '/api/admin/admin-logs/export',
      '/api/admin/system-logs',
      '/api/admin/approval-requests',
      '/api/admin/messages',
      '/api/admin/message-insights',
    ];
    for (const path of days) {
      expect(refused(await get(`${path}?from=1999-12-31&to=2000-01-02`)), path).toEqual({
        from: 'dateOutOfRange',
      });
      expect(refused(await get(`${path}?from=2100-12-30&to=2101-01-01`)), path).toEqual({
        to: 'dateOutOfRange',
      });
      expect(refused(await get(`${path}?from=2026-03-01&to=2026-02-01`)), path).toEqual({
        to: 'toBeforeFrom',
      });
    }
    for (const path of instants) {
      expect(refused(await get(`${path}?from=0001-01-01T00:00:00Z`)), path).toEqual({
        from: 'dateOutOfRange',
      });
      expect(refused(await get(`${path}?to=9999-12-31T23:59:59%2B14:00`)), path).toEqual({
        to: 'dateOutOfRange',
      });
    }
    const run = await t.inject({
      method: 'POST',
      url: '/api/admin/report-runs',
      payload: { report: 'activity', from: '2026-01-01', to: '4000-01-01' },
      as: admin,
    });
    expect(refused(run)).toEqual({ to: 'dateOutOfRange' });
  });

  it('keeps the comparison window of the widest range in range', async () => {
    const dashboard = await get('/api/admin/dashboard?from=2000-01-01&to=2001-12-31');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().period).toMatchObject({ previousFrom: '1997-12-31', previousTo: '1999-12-31' });
    const performance = await get('/api/admin/campaigns/performance?from=2000-01-01&to=2001-12-31');
    expect(performance.statusCode, performance.body).toBe(200);
    expect(refused(await get('/api/admin/dashboard?from=2000-01-01&to=2002-01-01'))).toEqual({
      from: 'rangeTooLong',
    });
  });
});

describe('a malformed Content-Length (issue 48)', () => {
  /** Sends raw bytes to the listening server and answers what came back before it closed. */
  const raw = (port: number, request: string) =>
    new Promise<string>((resolve) => {
      let answer = '';
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      socket.on('data', (d) => {
        answer += d;
      });
      socket.on('close', () => resolve(answer));
      socket.on('error', () => resolve(answer));
    });

  it('is answered problem+json 400 BAD_REQUEST, not Fastify’s own JSON', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const length of ['abc', '-1', '5, 6']) {
      const answer = await raw(
        port,
        `POST /api/admin/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{}`,
      );
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head, length).toMatch(/^HTTP\/1.1 400 /);
      expect(head).toMatch(/content-type: application\/problem\+json/i);
      expect(JSON.parse(body)).toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
        type: 'urn:loyalty-admin:problem:BAD_REQUEST',
        detail: 'The Content-Length header is malformed',
      });
    }
  });
});

describe('PUT /api/admin/users/{id} (issue 48)', () => {
  it('refuses an empty mobile, which its pattern forbids; null clears it', async () => {
    const roleId = (await get('/api/admin/roles')).json().items[0].id;
    const fields = { fullName: 'Edge Person', email: 'edge@bank.example', roleId, status: 'ACTIVE' };
    const created = await t.inject({
      method: 'POST',
      url: '/api/admin/users',
      payload: { ...fields, username: 'edge', mobile: '+966 50 000 0000' },
      as: admin,
    });
    expect(created.statusCode, created.body).toBe(201);
    const put = (mobile: unknown) =>
      t.inject({
        method: 'PUT',
        url: `/api/admin/users/${created.json().id}`,
        payload: { ...fields, mobile },
        as: admin,
      });
    expect(refused(await put(''))).toEqual({ mobile: 'mobileFormat' });
    expect(refused(await put('   '))).toEqual({ mobile: 'mobileFormat' });
    const cleared = await put(null);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().mobile).toBeNull();
  });
});

describe('boolean query flags (issue 48)', () => {
  const flags = [
    '/api/admin/tiers?missingTranslation',
    '/api/admin/services?approvalRequired',
    '/api/admin/services?active',
    '/api/admin/vouchers?available',
    '/api/admin/messages?mine',
    '/api/admin/messages?overdue',
    '/api/admin/config-bundles?system',
  ];

  it('are booleans in the OpenAPI document', async () => {
    const doc = t.app.swagger() as unknown as {
      paths: Record<string, { get: { parameters: { name: string; schema: { type: string } }[] } }>;
    };
    const params = Object.values(doc.paths).flatMap((p) => p.get?.parameters ?? []);
    for (const name of [
      'missingTranslation',
      'approvalRequired',
      'active',
      'available',
      'mine',
      'overdue',
      'system',
      'unread',
    ]) {
      const declared = params.filter((p) => p.name === name);
      expect(declared.length, name).toBeGreaterThan(0);
      for (const p of declared) expect(p.schema, name).toEqual({ type: 'boolean' });
    }
  });

  it('take true and false, and refuse anything else naming the flag', async () => {
    for (const flag of flags) {
      const name = flag.split('?')[1] as string;
      for (const value of ['true', 'false']) {
        const res = await get(`${flag}=${value}`);
        expect(res.statusCode, `${flag}=${value} ${res.body}`).toBe(200);
      }
      expect(Object.keys(refused(await get(`${flag}=yes`))), flag).toEqual([name]);
    }
    const bundles = async (system: string) =>
      (await get(`/api/admin/config-bundles?system=${system}&pageSize=100`)).json().items as {
        system: boolean;
      }[];
    expect((await bundles('true')).every((b) => b.system)).toBe(true);
    expect((await bundles('false')).every((b) => !b.system)).toBe(true);
  });
});
