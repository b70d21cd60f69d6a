import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboundMail } from '../../db/schema/index.ts';
import { createMailer, enqueueMail } from '../../platform/mail.ts';
import { ADMIN, buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
});

const get = (url: string) => t.inject({ method: 'GET', url, as: admin });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.inject({ method, url, ...(payload ? { payload } : {}), as: admin });
const login = () => t.inject({ method: 'POST', url: '/api/admin/auth/login', payload: ADMIN });

describe('password settings', () => {
  it('ships the employee defaults: lock after 5 failures for 30 minutes, expire after 90 days warning 14 before', async () => {
    const res = await get('/api/admin/password-settings?userType=EMPLOYEE&sort=mode:desc');
    expect(
      res
        .json()
        .items.map((s: Record<string, unknown>) => [
          s.mode,
          s.maxFailures,
          s.lockMinutes,
          s.expiryDays,
          s.warnDays,
        ]),
    ).toEqual([
      ['LOCK', 5, 30, null, null],
      ['EXPIRY', null, null, 90, 14],
    ]);
  });

  it('adds in LOCK or EXPIRY mode, keeping only that mode’s fields, one per user type and mode', async () => {
    const expiry = await send('POST', '/api/admin/password-settings', {
      userType: 'CUSTOMER',
      mode: 'EXPIRY',
      maxFailures: 9,
      expiryDays: 180,
      warnDays: 7,
      status: 'ACTIVE',
    });
    expect(expiry.statusCode).toBe(201);
    expect(expiry.json()).toMatchObject({ mode: 'EXPIRY', maxFailures: null, expiryDays: 180, warnDays: 7 });
    const dup = await send('POST', '/api/admin/password-settings', {
      userType: 'CUSTOMER',
      mode: 'EXPIRY',
      expiryDays: 30,
      warnDays: 3,
      status: 'ACTIVE',
    });
    expect(dup.statusCode).toBe(409);
    const missing = await send('POST', '/api/admin/password-settings', {
      userType: 'CUSTOMER',
      mode: 'LOCK',
      status: 'ACTIVE',
    });
    expect(missing.json().errors).toEqual([{ path: 'maxFailures', message: 'required' }]);
    const warnLate = await send('PUT', `/api/admin/password-settings/${expiry.json().id}`, {
      userType: 'CUSTOMER',
      mode: 'EXPIRY',
      expiryDays: 10,
      warnDays: 10,
      status: 'ACTIVE',
    });
    expect(warnLate.json().errors).toEqual([{ path: 'warnDays', message: 'warnBeforeExpiry' }]);
    expect((await send('DELETE', `/api/admin/password-settings/${expiry.json().id}`)).statusCode).toBe(204);
    expect((await get(`/api/admin/password-settings/${expiry.json().id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a lockout setting: that would end lockout (change its limits instead)', async () => {
    const lock = (await get('/api/admin/password-settings?mode=LOCK&userType=EMPLOYEE')).json().items[0];
    const res = await send('DELETE', `/api/admin/password-settings/${lock.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', detail: 'The lockout setting cannot be deleted' });
    expect((await get(`/api/admin/password-settings/${lock.id}`)).statusCode).toBe(200);
  });
});

describe('SCA rules', () => {
  it('lists the seeded requirements (disabled at first) and edits them', async () => {
    const res = await get('/api/admin/sca-rules?sort=operation:asc');
    expect(
      res.json().items.map((r: Record<string, unknown>) => [r.operation, r.userType, r.factor, r.status]),
    ).toEqual([
      ['APPROVAL', 'EMPLOYEE', 'TOTP', 'DISABLED'],
      ['SECURITY_CHANGE', 'EMPLOYEE', 'TOTP', 'DISABLED'],
      ['SIGN_IN', 'EMPLOYEE', 'TOTP', 'DISABLED'],
    ]);
    const created = await send('POST', '/api/admin/sca-rules', {
      operation: 'SIGN_IN',
      userType: 'CUSTOMER',
      factor: 'TOTP',
      status: 'ACTIVE',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const edited = await send('PUT', `/api/admin/sca-rules/${id}`, {
      ...created.json(),
      description: 'App sign-in',
    });
    expect(edited.json()).toMatchObject({ description: 'App sign-in' });
    expect(
      (
        await send('POST', '/api/admin/sca-rules', {
          operation: 'SIGN_IN',
          userType: 'CUSTOMER',
          factor: 'TOTP',
          status: 'ACTIVE',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await send('POST', '/api/admin/sca-rules', {
          operation: 'X',
          userType: 'CUSTOMER',
          factor: 'SMS',
          status: 'ACTIVE',
        })
      ).statusCode,
    ).toBe(400);
    expect((await send('DELETE', `/api/admin/sca-rules/${id}`)).statusCode).toBe(204);
  });
});

describe('security policy', () => {
  const policy = {
    accessTokenMinutes: 5,
    idleTimeoutMinutes: 20,
    sessionLifeHours: 8,
    maxConcurrentSessions: 2,
  };

  it('is read by sign-in: access-token life, session life and concurrent sessions', async () => {
    expect((await get('/api/admin/security-policy')).json()).toMatchObject({
      accessTokenMinutes: 15,
      idleTimeoutMinutes: 30,
      sessionLifeHours: 12,
      maxConcurrentSessions: 3,
    });
    const res = await send('PUT', '/api/admin/security-policy', policy);
    expect(res.statusCode).toBe(200);

    const first = await login();
    expect(first.json().expiresIn).toBe(300);
    const claims = decodeJwt(first.json().accessToken);
    expect((claims.exp as number) - (claims.iat as number)).toBe(300);
    expect(first.cookies.find((c) => c.name === 'la_refresh')?.maxAge).toBe(8 * 3600);

    // A third sign-in ends the least recently used session (the limit is two).
    const second = await login();
    await login();
    const me = (res: typeof first) =>
      t.inject({
        method: 'GET',
        url: '/api/admin/auth/me',
        headers: { authorization: `Bearer ${res.json().accessToken}` },
      });
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).json()).toMatchObject({ idleTimeoutSeconds: 1200 });
  });

  it('ends a session left idle longer than the idle timeout, for requests and refresh alike', async () => {
    const session = await login();
    const cookie = session.cookies.find((c) => c.name === 'la_refresh')?.value as string;
    await t.app.db.execute(sql`update sessions set last_used_at = now() - interval '21 minutes'`);
    const me = await t.inject({
      method: 'GET',
      url: '/api/admin/auth/me',
      headers: { authorization: `Bearer ${session.json().accessToken}` },
    });
    expect(me.json().code).toBe('SESSION_EXPIRED');
    const refresh = await t.inject({
      method: 'POST',
      url: '/api/admin/auth/refresh',
      cookies: { la_refresh: cookie },
    });
    expect(refresh.json().code).toBe('SESSION_EXPIRED');
  });

  it('validates the policy', async () => {
    admin = await t.signIn();
    const bad = await send('PUT', '/api/admin/security-policy', {
      ...policy,
      idleTimeoutMinutes: 481,
      sessionLifeHours: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(new Set(bad.json().errors.map((e: { path: string }) => e.path))).toEqual(
      new Set(['idleTimeoutMinutes', 'sessionLifeHours']),
    );
    const tooIdle = await send('PUT', '/api/admin/security-policy', {
      ...policy,
      idleTimeoutMinutes: 120,
      sessionLifeHours: 1,
    });
    expect(tooIdle.json().errors).toEqual([{ path: 'idleTimeoutMinutes', message: 'idleWithinSession' }]);
  });
});

describe('outgoing mail without SMTP_URL', () => {
  it('is written to the log and marked sent', async () => {
    const logged: unknown[] = [];
    const log = {
      info: (obj: unknown) => logged.push(obj),
      warn: () => {},
      error: () => {},
    } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ smtpUrl: undefined, from: 'x@y', publicUrl: 'http://demo' }, t.app.db, log);
    await enqueueMail(t.app.db, {
      to: 'a@bank.example',
      subject: 'Hi',
      text: 'Open {{app}}/change-password',
    });
    expect(await mailer.flush()).toBeGreaterThanOrEqual(1);
    expect(logged).toContainEqual({
      mail: { to: 'a@bank.example', subject: 'Hi', text: 'Open http://demo/change-password' },
    });
    const pending = await t.app.db.select().from(outboundMail).where(sql`${outboundMail.sentAt} is null`);
    expect(pending).toEqual([]);
    mailer.stop();
  });
});
