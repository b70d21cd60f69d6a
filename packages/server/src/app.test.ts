import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { DEVELOPMENT_SECRET_KEY } from './platform/secrets.ts';
import { buildTestApp, type TestApp } from './test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

describe('GET /api/health', () => {
  it('reports liveness and database readiness', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
    const ready = await t.inject({ method: 'GET', url: '/api/health/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok', database: 'up' }]);
    const live = await t.inject({ method: 'GET', url: '/api/health/live' });
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
  });
});

describe('security headers', () => {
  it('sends a strict content security policy and the usual hardening headers', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });
});

describe('OpenAPI', () => {
  it('documents the admin API with its schemas', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/auth/login',
        '/api/admin/tiers',
        '/api/admin/tiers/{id}',
        '/api/health',
      ]),
    );
    expect(
      doc.paths['/api/admin/tiers'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['name', 'description', 'minPoints', 'maxPoints']));
    const ui = await t.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('is for signed-in staff only with API_DOCS=signed-in (the default of an exposed server)', async () => {
    const exposed = {
      HOST: '0.0.0.0',
      SECRET_KEYS: DEVELOPMENT_SECRET_KEY,
      SMTP_URL: 'smtp://mail.bank.example:587',
    };
    expect(loadConfig(exposed).apiDocs).toBe('signed-in');
    expect(loadConfig({}).apiDocs).toBe('public');
    const closed = await buildTestApp({ API_DOCS: 'signed-in' });
    for (const url of ['/api/docs/json', '/api/docs/', '/api/docs/static/index.html']) {
      const res = await closed.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 401, 'UNAUTHENTICATED']);
    }
    const staff = await closed.userWith(['tier.read']);
    const doc = await closed.inject({ method: 'GET', url: '/api/docs/json', as: staff });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toMatch(/^3\./);
  });
});

describe('unknown API paths', () => {
  it('answer problem+json 404', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/admin/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      type: 'urn:loyalty-admin:problem:NOT_FOUND',
    });
  });
});
