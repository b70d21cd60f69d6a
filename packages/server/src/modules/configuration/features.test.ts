import type { Feature } from '@loyalty/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';

let t: TestApp;
let admin: { authorization: string };
let pos: ReturnType<typeof channel>;
let app: ReturnType<typeof channel>;

const get = (url: string, as = admin) => t.inject({ method: 'GET', url: `/api/admin${url}`, as });
const put = (url: string, payload: object, as = admin) =>
  t.inject({ method: 'PUT', url: `/api/admin${url}`, payload, as });
const feature = async (code: string): Promise<Feature> =>
  (await get(`/features?q=${code}`)).json().items.find((f: Feature) => f.code === code);
const allChannels = ['MOBILE_APP', 'INTERNET_BANKING', 'BRANCH', 'CALL_CENTRE', 'POS'];
let n = 0;
const earn = (api: ReturnType<typeof channel>) =>
  api('POST', '/transactions', {
    externalId: `F-${++n}`,
    customerNumber: 'F1',
    transactionTypeCode: 'SPEND',
    amount: 10,
  });

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 1_000_000);
  const spend = await fx.type('SPEND');
  await fx.rule({ transactionTypeId: spend.id, amount: 1, pointsPerTransaction: 1 });
  const scopes = ['customers', 'transactions', 'balance', 'content'];
  const key = async (ch: string) =>
    (
      await t.inject({
        method: 'POST',
        url: '/api/admin/api-keys',
        as: admin,
        payload: { name: ch, scopes, channel: ch },
      })
    ).json().key as string;
  pos = channel(t, { 'x-api-key': await key('POS') });
  app = channel(t, { 'x-api-key': await key('MOBILE_APP') });
  await app('PUT', '/customers/F1', { fullName: 'Feature Tester' });
});

describe('GET /api/admin/features', () => {
  it('lists the built-in customer-app features, on for every channel', async () => {
    const res = await get('/features?sort=code:asc&pageSize=100');
    expect(res.statusCode).toBe(200);
    const items: Feature[] = res.json().items;
    expect(items.map((f) => f.code)).toEqual(['balance', 'earn', 'faq', 'locations', 'messages', 'redeem']);
    for (const f of items) expect(f).toMatchObject({ status: 'ACTIVE', system: true, channels: allChannels });
  });

  it('needs feature.read', async () => {
    const nobody = await t.userWith([]);
    expect((await get('/features', nobody)).statusCode).toBe(403);
  });
});

describe('PUT /api/admin/features/:id', () => {
  it('a feature switched off for one channel is refused there (FEATURE_DISABLED) and served elsewhere', async () => {
    expect((await earn(pos)).statusCode).toBe(201);
    const earnFeature = await feature('earn');
    const off = await put(`/features/${earnFeature.id}`, {
      status: 'ACTIVE',
      channels: allChannels.filter((c) => c !== 'POS'),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().channels).not.toContain('POS');

    const refused = await earn(pos);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refused.json().code).toBe('FEATURE_DISABLED');
    expect((await earn(app)).statusCode).toBe(201);

    const told = await pos('GET', '/features');
    expect(told.statusCode).toBe(200);
    expect(told.json().channel).toBe('POS');
    expect(told.json().features).toContainEqual({ code: 'earn', name: 'Earn points', enabled: false });
    expect((await app('GET', '/features')).json().features).toContainEqual({
      code: 'earn',
      name: 'Earn points',
      enabled: true,
    });

    await put(`/features/${earnFeature.id}`, { status: 'ACTIVE', channels: allChannels });
    expect((await earn(pos)).statusCode).toBe(201);
  });

  it('a DISABLED feature is off on every channel: balance, locations and the FAQ', async () => {
    for (const [code, call] of [
      ['balance', () => app('GET', '/customers/F1/balance')],
      ['locations', () => app('GET', '/content/locations')],
      ['faq', () => app('GET', '/content/faqs?lang=en')],
    ] as const) {
      expect((await call()).statusCode, code).toBe(200);
      const f = await feature(code);
      await put(`/features/${f.id}`, { status: 'DISABLED', channels: allChannels });
      const refused = await call();
      expect(refused.statusCode, code).toBe(403);
      expect(refused.json().code).toBe('FEATURE_DISABLED');
      expect((await pos('GET', '/features')).json().features).toContainEqual({
        code,
        name: f.name,
        enabled: false,
      });
      await put(`/features/${f.id}`, { status: 'ACTIVE', channels: allChannels });
      expect((await call()).statusCode, code).toBe(200);
    }
  });

  it('the customer-permissions screen switches the same feature (one concept)', async () => {
    const f = await feature('earn');
    const perm = (await get(`/customer-permissions/${f.id}`)).json();
    await put(`/customer-permissions/${f.id}`, { ...perm, status: 'DISABLED' });
    expect((await feature('earn')).status).toBe('DISABLED');
    expect((await earn(app)).json().code).toBe('FEATURE_DISABLED');
    await put(`/customer-permissions/${f.id}`, { ...perm, status: 'ACTIVE' });
    expect((await earn(app)).statusCode).toBe(201);
  });

  it('refuses bad input with problem+json and saves nothing', async () => {
    const f = await feature('redeem');
    for (const body of [
      { status: 'ACTIVE', channels: ['MARS'] },
      { status: 'MAYBE', channels: [] },
      { status: 'ACTIVE' },
    ]) {
      const res = await put(`/features/${f.id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await feature('redeem')).toEqual(f);
    expect((await put('/features/999999', { status: 'ACTIVE', channels: [] })).statusCode).toBe(404);
  });

  it('is a command: audited with before and after, and held for approval when the service asks', async () => {
    const f = await feature('messages');
    await put(`/features/${f.id}`, { status: 'ACTIVE', channels: ['MOBILE_APP'] });
    const audit = (await get(`/admin-logs?targetType=feature&targetId=${f.id}`)).json().items;
    expect(audit[0]).toMatchObject({ command: 'feature.update', outcome: 'SUCCESS' });

    const gate = await put('/maker-checker', {
      enabled: true,
      allowSelfApproval: false,
      checkerPermission: 'approval.check',
      services: [{ serviceId: 'feature.update', approvalRequired: true }],
    });
    expect(gate.statusCode).toBe(200);
    const held = await put(`/features/${f.id}`, { status: 'ACTIVE', channels: allChannels });
    expect(held.statusCode).toBe(202);
    expect((await feature('messages')).channels).toEqual(['MOBILE_APP']);
  });
});

describe('API keys belong to a channel', () => {
  it('records the channel and filters by it', async () => {
    const keys = (await get('/api-keys?channel=POS')).json().items;
    expect(keys.map((k: { name: string; channel: string }) => [k.name, k.channel])).toEqual([['POS', 'POS']]);
    const bad = await t.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      as: admin,
      payload: { name: 'Mars', scopes: ['balance'], channel: 'MARS' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('channel');
  });
});
