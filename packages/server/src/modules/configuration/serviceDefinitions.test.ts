import type { ServiceDefinition } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { uploadImage } from '../rewards/testing.ts';

let t: TestApp;
let admin: { authorization: string };
let pos: ReturnType<typeof channel>;
let app: ReturnType<typeof channel>;
let voucherId: number;

const url = '/api/admin/service-definitions';
const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  t.inject({ method, url: `${url}${path}`, as: admin, ...(payload ? { payload } : {}) });
const define = async (body: Partial<ServiceDefinition> & { service: string }) => {
  const res = await send('POST', '', {
    nameEn: body.service,
    nameAr: 'خدمة',
    channels: ['MOBILE_APP', 'INTERNET_BANKING', 'BRANCH', 'CALL_CENTRE', 'POS'],
    status: 'ACTIVE',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ServiceDefinition;
};
let n = 0;
const earn = (
  api: ReturnType<typeof channel>,
  customerNumber: string,
  amount = 10,
  externalId = `S-${++n}`,
) => api('POST', '/transactions', { externalId, customerNumber, transactionTypeCode: 'SPEND', amount });
const balance = async (customerNumber: string) =>
  (await app('GET', `/customers/${customerNumber}/balance`)).json().balance as number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 10_000_000);
  const spend = await fx.type('SPEND');
  await fx.rule({ transactionTypeId: spend.id, amount: 1, pointsPerTransaction: 1 });
  const scopes = ['customers', 'transactions', 'balance', 'redemptions', 'messages', 'content'];
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
  for (const c of ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7']) {
    await app('PUT', `/customers/${c}`, { fullName: `Service ${c}` });
    await earn(app, c, 1000);
  }
  const imageId = await uploadImage(t, admin);
  const category = await fx.post('/api/admin/reward-categories', {
    name: 'Gifts',
    description: 'x',
    imageId,
  });
  const store = await fx.post('/api/admin/stores', { name: 'Shop', imageId, categoryId: category.id });
  voucherId = (
    await fx.post('/api/admin/vouchers', {
      name: 'Coffee',
      description: 'A coffee',
      imageId,
      storeId: store.id,
      amount: 100,
      pointsRequired: 100,
      money: 15,
    })
  ).id;
});

describe('POST /api/admin/service-definitions', () => {
  it('a channel the definition does not name gets SERVICE_NOT_ALLOWED; the others are served', async () => {
    const redeem = (api: ReturnType<typeof channel>, externalId: string) =>
      api('POST', '/redemptions', { externalId, customerNumber: 'S1', voucherId });
    expect((await redeem(pos, 'SD-R0')).statusCode).toBe(201);
    const def = await define({ service: 'redeem-voucher', channels: ['MOBILE_APP', 'INTERNET_BANKING'] });
    const refused = await redeem(pos, 'SD-R1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SERVICE_NOT_ALLOWED');
    expect((await redeem(app, 'SD-R2')).statusCode).toBe(201);

    // DISABLED: no channel may use it; deleted: open again.
    const disabled = await send('PUT', `/${def.id}`, { ...def, status: 'DISABLED' });
    expect(disabled.statusCode).toBe(200);
    expect((await redeem(app, 'SD-R3')).json().code).toBe('SERVICE_NOT_ALLOWED');
    expect((await send('DELETE', `/${def.id}`)).statusCode).toBe(204);
    expect((await redeem(pos, 'SD-R4')).statusCode).toBe(201);
  });

  it('refuses bad input with problem+json and saves nothing', async () => {
    const before = (await t.inject({ method: 'GET', url, as: admin })).json().total;
    const cases: [object, string, string][] = [
      [{ service: 'teleport' }, 'VALIDATION_FAILED', 'service'],
      [{ service: 'read-content', dailyCountLimit: 5 }, 'VALIDATION_FAILED', 'dailyCountLimit'],
      [{ service: 'send-message', dailyPointsLimit: 5 }, 'VALIDATION_FAILED', 'dailyPointsLimit'],
      [{ service: 'earn', dailyCountLimit: 0 }, 'VALIDATION_FAILED', 'dailyCountLimit'],
      [{ service: 'earn', channels: ['MARS'] }, 'VALIDATION_FAILED', 'channels.0'],
      [{ service: 'earn', nameEn: ' ' }, 'VALIDATION_FAILED', 'nameEn'],
    ];
    for (const [body, code, path] of cases) {
      const res = await send('POST', '', {
        nameEn: 'x',
        nameAr: 'س',
        channels: [],
        status: 'ACTIVE',
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.json().code).toBe(code);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const first = await define({ service: 'read-messages' });
    const twice = await send('POST', '', { ...first, id: undefined });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('CONFLICT');
    expect((await t.inject({ method: 'GET', url, as: admin })).json().total).toBe(before + 1);
    await send('DELETE', `/${first.id}`);
  });
});

describe('daily limits per customer', () => {
  it('stops earnings at the count limit; a replay is not counted; others are not affected', async () => {
    const def = await define({ service: 'earn', dailyCountLimit: 2 });
    expect((await earn(pos, 'S2', 10, 'L-1')).statusCode).toBe(201);
    expect((await earn(pos, 'S2', 10, 'L-2')).statusCode).toBe(201);
    const refused = await earn(pos, 'S2', 10, 'L-3');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('LIMIT_EXCEEDED');
    expect((await earn(pos, 'S2', 10, 'L-1')).statusCode).toBe(200); // a replay
    expect((await earn(pos, 'S3', 10)).statusCode).toBe(201);
    expect(await balance('S2')).toBe(1020);
    await send('DELETE', `/${def.id}`);
  });

  it('counts atomically: of six earnings at once, exactly the limit are posted', async () => {
    const def = await define({ service: 'earn', dailyCountLimit: 3 });
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => earn(app, 'S4', 10, `P-${i}`)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.json().code === 'LIMIT_EXCEEDED')).toHaveLength(3);
    expect(await balance('S4')).toBe(1030);
    await send('DELETE', `/${def.id}`);
  });

  it("starts the count again on the next day (UTC): yesterday's use does not hold today's", async () => {
    const def = await define({ service: 'earn', dailyCountLimit: 1, dailyPointsLimit: 100 });
    expect((await earn(pos, 'S7', 100)).statusCode).toBe(201);
    expect((await earn(pos, 'S7', 10)).json().code).toBe('LIMIT_EXCEEDED');
    await t.app.db.execute(sql`update customers set earn_day = earn_day - 1 where customer_number = 'S7'`);
    expect((await earn(pos, 'S7', 100)).statusCode).toBe(201);
    expect((await earn(pos, 'S7', 10)).json().code).toBe('LIMIT_EXCEEDED');
    expect(await balance('S7')).toBe(1200);
    await send('DELETE', `/${def.id}`);
  });

  it('stops earnings at the points limit', async () => {
    const def = await define({ service: 'earn', dailyPointsLimit: 150 });
    expect((await earn(app, 'S5', 100)).statusCode).toBe(201);
    expect((await earn(app, 'S5', 100)).json().code).toBe('LIMIT_EXCEEDED');
    expect((await earn(app, 'S5', 50)).statusCode).toBe(201);
    expect((await earn(app, 'S6', 200)).json().code).toBe('LIMIT_EXCEEDED');
    expect(await balance('S5')).toBe(1150);
    await send('DELETE', `/${def.id}`);
  });

  it('limits redemptions and messages; a refused one leaves nothing behind', async () => {
    const redeem = await define({ service: 'redeem-voucher', dailyCountLimit: 1 });
    const message = await define({ service: 'send-message', dailyCountLimit: 1 });
    const r = (externalId: string) =>
      app('POST', '/redemptions', { externalId, customerNumber: 'S6', voucherId });
    expect((await r('LR-1')).statusCode).toBe(201);
    const start = await balance('S6');
    const refused = await r('LR-2');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('LIMIT_EXCEEDED');
    expect(await balance('S6')).toBe(start);
    expect((await r('LR-1')).statusCode).toBe(201); // the first, answered again

    const m = (externalId: string) =>
      app('POST', '/customers/S6/messages', { externalId, subject: 'Hello', body: 'A question' });
    expect((await m('LM-1')).statusCode).toBe(201);
    expect((await m('LM-2')).json().code).toBe('LIMIT_EXCEEDED');
    expect((await m('LM-1')).statusCode).toBe(200);
    await send('DELETE', `/${redeem.id}`);
    await send('DELETE', `/${message.id}`);
  });
});

describe('a service definition is a command', () => {
  it('is audited, needs its permission, and waits for a checker when the service asks', async () => {
    const def = await define({ service: 'view-balance', channels: ['MOBILE_APP'] });
    expect((await pos('GET', '/customers/S1/balance')).json().code).toBe('SERVICE_NOT_ALLOWED');
    expect((await app('GET', '/customers/S1/balance')).statusCode).toBe(200);
    const audit = (
      await t.inject({
        method: 'GET',
        url: `/api/admin/admin-logs?targetType=serviceDefinition&targetId=${def.id}`,
        as: admin,
      })
    ).json().items;
    expect(audit[0]).toMatchObject({ command: 'serviceDefinition.create', outcome: 'SUCCESS' });
    const reader = await t.userWith(['serviceDefinition.read']);
    expect((await t.inject({ method: 'GET', url, as: reader })).statusCode).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `${url}/${def.id}`, as: reader })).statusCode).toBe(403);

    await t.inject({
      method: 'PUT',
      url: '/api/admin/maker-checker',
      as: admin,
      payload: {
        enabled: true,
        allowSelfApproval: false,
        checkerPermission: 'approval.check',
        services: [{ serviceId: 'serviceDefinition.update', approvalRequired: true }],
      },
    });
    const held = await send('PUT', `/${def.id}`, { ...def, channels: ['POS'] });
    expect(held.statusCode).toBe(202);
    expect((await pos('GET', '/customers/S1/balance')).json().code).toBe('SERVICE_NOT_ALLOWED');
  });
});
