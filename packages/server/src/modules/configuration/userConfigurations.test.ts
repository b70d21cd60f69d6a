import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';

let t: TestApp;
let admin: { authorization: string };
const url = '/api/admin/user-configurations';
const staff = {
  userType: 'EMPLOYEE',
  defaultLanguage: 'en',
  idleMinutes: null,
  sessionHours: null,
  pageSize: null,
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
});

/** The latest session, unused for 10 minutes. */
const idleLatest = () =>
  t.app.db.execute(sql`update sessions set last_used_at = now() - interval '10 minutes'
    where id = (select id from sessions order by created_at desc limit 1)`);

const me = async (as: { authorization: string }) =>
  (await t.inject({ method: 'GET', url: '/api/admin/auth/me', as })).json();

describe('POST /user-configurations', () => {
  it('refuses a limit longer than the security policy allows, staff settings for customers and customer settings for staff', async () => {
    const above = await t.inject({
      method: 'POST',
      url,
      as: admin,
      payload: { ...staff, idleMinutes: 10_000 },
    });
    expect(above.statusCode).toBe(400);
    const policy = await t.inject({
      method: 'POST',
      url,
      as: admin,
      payload: { ...staff, sessionHours: 700 },
    });
    expect(policy.statusCode).toBe(400);
    expect(policy.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'sessionHours', message: 'userConfigAbovePolicy' }],
    });
    const customer = await t.inject({
      method: 'POST',
      url,
      as: admin,
      payload: { ...staff, userType: 'CUSTOMER', pageSize: 20 },
    });
    expect(customer.json()).toMatchObject({ errors: [{ path: 'pageSize', message: 'userConfigStaffOnly' }] });
    // The marketing alerts default is the customers' (alerts.test.ts shows it at work).
    const marketing = await t.inject({
      method: 'POST',
      url,
      as: admin,
      payload: { ...staff, marketingAlerts: 'UNSUBSCRIBED' },
    });
    expect(marketing.json()).toMatchObject({
      errors: [{ path: 'marketingAlerts', message: 'userConfigCustomerOnly' }],
    });
    expect((await t.inject({ method: 'GET', url, as: admin })).json().total).toBe(0);
  });
});

describe('staff settings change what the system does', () => {
  let id: number;
  it('the page size and language reach the web app through /auth/me', async () => {
    expect((await me(admin)).pageSize).toBeNull();
    const created = await t.inject({
      method: 'POST',
      url,
      as: admin,
      payload: { ...staff, pageSize: 50, defaultLanguage: 'ar' },
    });
    expect(created.statusCode, created.body).toBe(201);
    id = created.json().id;
    expect(await me(admin)).toMatchObject({ pageSize: 50, defaultLanguage: 'ar' });
    // A second EMPLOYEE row is refused: one per type.
    expect((await t.inject({ method: 'POST', url, as: admin, payload: staff })).statusCode).toBe(409);
  });

  it('the idle limit ends a session idle for longer, within the policy', async () => {
    const put = await t.inject({
      method: 'PUT',
      url: `${url}/${id}`,
      as: admin,
      payload: { ...staff, idleMinutes: 5 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const session = await t.signIn();
    expect((await me(session)).idleTimeoutSeconds).toBe(300);
    // Unused for 10 minutes: longer than the staff limit, shorter than the policy's.
    await idleLatest();
    expect((await t.inject({ method: 'GET', url: '/api/admin/auth/me', as: session })).statusCode).toBe(401);
    // Without the staff limit, the policy's (longer) limit keeps such a session.
    await t.inject({ method: 'PUT', url: `${url}/${id}`, as: admin, payload: { ...staff } });
    const other = await t.signIn();
    await idleLatest();
    expect((await t.inject({ method: 'GET', url: '/api/admin/auth/me', as: other })).statusCode).toBe(200);
  });

  it('the session length is the staff setting’s when shorter than the policy’s', async () => {
    await t.inject({ method: 'PUT', url: `${url}/${id}`, as: admin, payload: { ...staff, sessionHours: 2 } });
    await t.signIn();
    const [row] = rowsOf<{ hours: number }>(
      await t.app.db.execute(sql`select round(extract(epoch from expires_at - created_at) / 3600)::int as hours
        from sessions order by created_at desc limit 1`),
    );
    expect(row?.hours).toBe(2);
  });
});

describe('customer settings', () => {
  it('a customer the channel enrols without a language gets the default language', async () => {
    const fx = programmeFixtures(t, admin);
    await fx.tier('Blue', 0, 10_000_000);
    const api = channel(t, await fx.apiKey());
    const created = await t.inject({
      method: 'POST',
      url,
      as: admin,
      payload: { userType: 'CUSTOMER', defaultLanguage: 'ar' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await api('PUT', '/customers/UC-1', { fullName: 'Reem Al-Qahtani' })).json().language).toBe('ar');
    expect(
      (await api('PUT', '/customers/UC-2', { fullName: 'John Smith', language: 'en' })).json().language,
    ).toBe('en');
  });
});
