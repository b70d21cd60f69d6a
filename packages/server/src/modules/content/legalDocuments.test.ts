import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';

let t: TestApp;
let admin: { authorization: string };
let api: ReturnType<typeof channel>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  api = channel(t, await fx.apiKey(['content', 'customers']));
  await api('PUT', '/customers/C-100', { fullName: 'Noura Al-Qahtani' });
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, as = admin) =>
  t.inject({ method, url: `/api/admin${url}`, ...(payload ? { payload } : {}), as });
const draft = (kind: string, words: string, extra: object = {}) => ({
  kind,
  titleEn: `${kind} policy`,
  titleAr: 'سياسة',
  bodyEn: `<p>${words}</p>`,
  bodyAr: `<p>نص ${words}</p>`,
  effectiveDate: '2026-01-01',
  ...extra,
});
const created = async (body: object) => {
  const res = await call('POST', '/legal-documents', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number; status: string };
};

describe('POST /api/admin/legal-documents', () => {
  it('stores a draft with the script, handlers and javascript: links removed', async () => {
    const doc = await created(
      draft('PRIVACY', 'x', {
        bodyEn:
          '<h2 onclick="steal()">Your data</h2><p style="color:red">We <strong>protect</strong> it.<script>alert(1)</script><img src=x onerror=alert(1)> <a href="javascript:alert(1)">here</a> <a href="https://bank.example.com/privacy">full text</a></p>',
      }),
    );
    expect(doc).toMatchObject({ version: 1, status: 'DRAFT' });
    const stored = (await call('GET', `/legal-documents/${doc.id}`)).json();
    expect(stored.bodyEn).toBe(
      '<h2>Your data</h2><p>We <strong>protect</strong> it. <a rel="noopener noreferrer" target="_blank">here</a> <a href="https://bank.example.com/privacy" rel="noopener noreferrer" target="_blank">full text</a></p>',
    );
    expect(stored.bodyEn).not.toMatch(/script|onerror|onclick|javascript|style/);
  });

  it('numbers versions per kind, and refuses a draft without a body', async () => {
    const first = await created(draft('TERMS', 'Terms one'));
    const second = await created(draft('TERMS', 'Terms two'));
    expect([first.version, second.version]).toEqual([1, 2]);
    const bad = await call('POST', '/legal-documents', draft('TERMS', 'x', { bodyAr: ' ' }));
    expect(bad.json().errors).toEqual([{ path: 'bodyAr', message: 'fillAllFields' }]);
  });
});

describe('POST /api/admin/legal-documents/{id}/publish', () => {
  it('is a maker-checker service switched on by default', async () => {
    const services = (await call('GET', '/services?pageSize=100&q=legal')).json().items as {
      serviceId: string;
      approvalRequired: boolean;
    }[];
    expect(services.find((s) => s.serviceId === 'legalDocument.publish')?.approvalRequired).toBe(true);
    expect(services.find((s) => s.serviceId === 'legalDocument.create')?.approvalRequired).toBe(false);
  });

  it('publishes one version at a time; the one it replaces is retired and drafts only change', async () => {
    const v1 = await created(draft('TERMS', 'We keep your data for five years.'));
    const v2 = await created(draft('TERMS', 'We keep your data for seven years.'));
    expect((await call('POST', `/legal-documents/${v1.id}/publish`)).json()).toMatchObject({
      status: 'PUBLISHED',
    });
    expect((await call('POST', `/legal-documents/${v2.id}/publish`)).json()).toMatchObject({
      status: 'PUBLISHED',
      publishedBy: 'admin',
    });
    expect((await call('GET', `/legal-documents/${v1.id}`)).json().status).toBe('RETIRED');
    expect((await call('GET', '/legal-documents?kind=TERMS&status=PUBLISHED')).json().total).toBe(1);
    expect((await call('PUT', `/legal-documents/${v2.id}`, draft('TERMS', 'changed'))).statusCode).toBe(409);
    expect((await call('DELETE', `/legal-documents/${v1.id}`)).statusCode).toBe(409);
    expect((await call('POST', `/legal-documents/${v2.id}/publish`)).statusCode).toBe(409);

    const diff = (await call('GET', `/legal-documents/${v2.id}/diff?against=${v1.id}`)).json();
    expect(diff.from).toEqual({ id: v1.id, version: v1.version });
    expect(
      diff.en.filter((c: { removed: boolean }) => c.removed).map((c: { value: string }) => c.value),
    ).toEqual(['five']);
    expect(diff.en.filter((c: { added: boolean }) => c.added).map((c: { value: string }) => c.value)).toEqual(
      ['seven'],
    );
    const privacy = (await call('GET', '/legal-documents?kind=PRIVACY')).json().items[0].id;
    expect((await call('GET', `/legal-documents/${v2.id}/diff?against=${privacy}`)).statusCode).toBe(400);
  });
});

describe('the integration API: /content/terms and /customers/{customerNumber}/consents', () => {
  it('serves the published version in the language asked, and records the customer accepting it once', async () => {
    const terms = await api('GET', '/content/terms?lang=ar');
    expect(terms.statusCode, terms.body).toBe(200);
    const published = terms.json();
    expect(published).toMatchObject({
      kind: 'TERMS',
      lang: 'ar',
      html: '<p>نص We keep your data for seven years.</p>',
    });
    expect((await api('GET', '/content/privacy')).statusCode).toBe(404);

    const accepted = await api('POST', '/customers/C-100/consents', { documentId: published.id });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({
      customerNumber: 'C-100',
      version: published.version,
      replayed: false,
    });
    const again = await api('POST', '/customers/C-100/consents', { documentId: published.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ replayed: true, acceptedAt: accepted.json().acceptedAt });
    expect((await call('GET', `/legal-documents/${published.id}`)).json().acceptances).toBe(1);

    const retired = (await call('GET', '/legal-documents?kind=TERMS&status=RETIRED')).json().items[0].id;
    expect((await api('POST', '/customers/C-100/consents', { documentId: retired })).statusCode).toBe(409);
    expect((await api('POST', '/customers/NOBODY/consents', { documentId: published.id })).statusCode).toBe(
      404,
    );
  });

  it('answers 304 for a current copy, a new tag once another version is published', async () => {
    const first = await api('GET', '/content/terms?lang=en');
    const key = await programmeFixtures(t, admin).apiKey(['content']);
    const etag = first.headers.etag as string;
    const cached = await t.inject({
      method: 'GET',
      url: '/api/integration/v1/content/terms?lang=en',
      headers: { ...key, 'if-none-match': etag },
    });
    expect(cached.statusCode).toBe(304);
    const v = await created(draft('TERMS', 'Now ten years.'));
    await call('POST', `/legal-documents/${v.id}/publish`);
    expect((await api('GET', '/content/terms?lang=en')).headers.etag).not.toBe(etag);
  });
});
