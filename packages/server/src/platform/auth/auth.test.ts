import { desc, eq } from 'drizzle-orm';
import {
  type CryptoKey,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  importJWK,
  type JWK,
  SignJWT,
} from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, signingKeys } from '../../db/schema/index.ts';
import { ADMIN, buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const login = (payload: object) =>
  t.inject({ method: 'POST', url: '/api/admin/auth/login', payload, headers: { 'user-agent': 'vitest' } });
const refreshCookie = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'la_refresh')?.value;
const refresh = (cookie: string | undefined) =>
  t.inject({ method: 'POST', url: '/api/admin/auth/refresh', cookies: cookie ? { la_refresh: cookie } : {} });
const me = (authorization: string) =>
  t.inject({ method: 'GET', url: '/api/admin/auth/me', headers: { authorization } });

describe('POST /api/admin/auth/login', () => {
  it('answers a Keycloak-shaped access token and sets a strict httpOnly refresh cookie', async () => {
    const res = await login({ username: 'ADMIN', password: ADMIN.password, visitorId: 'visitor-1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ expiresIn: 900, tokenType: 'Bearer' });
    const claims = decodeJwt(body.accessToken);
    expect(claims.realm_access).toEqual({ roles: expect.any(Array) });
    expect((claims.realm_access as { roles: string[] }).roles[2]).toBe('SUPER_ADMIN');
    expect(claims).toMatchObject({
      preferred_username: 'admin',
      iss: 'loyalty-admin',
      aud: 'loyalty-admin-web',
    });
    expect(claims.sub).toMatch(/^\d+$/);
    expect((claims.exp as number) - (claims.iat as number)).toBe(900);
    expect(decodeProtectedHeader(body.accessToken).alg).toBe('ES256');

    const cookie = res.cookies.find((c) => c.name === 'la_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin/auth' });
  });

  it('gives one generic answer for an unknown user and a wrong password, and audits both', async () => {
    const unknown = await login({ username: 'nobody', password: 'whatever-password' });
    const wrong = await login({ username: ADMIN.username, password: 'not-the-password' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        detail: 'Invalid username or password',
      });
    }
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.command, 'auth.login'))
      .orderBy(desc(auditLog.id))
      .limit(2);
    expect(entries.map((e) => [e.outcome, e.actorUsername, e.detail])).toEqual([
      ['FAILED', 'admin', 'wrong password'],
      ['FAILED', 'nobody', 'unknown username'],
    ]);
  });

  it('refuses a malformed body with problem+json', async () => {
    const res = await login({ username: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('refresh, me and logout', () => {
  it('restores the session from the cookie, rotating it; a replayed cookie ends the session', async () => {
    const first = await login({ username: ADMIN.username, password: ADMIN.password });
    const c1 = refreshCookie(first);
    const r1 = await refresh(c1);
    expect(r1.statusCode).toBe(200);
    const c2 = refreshCookie(r1);
    expect(c2).toBeDefined();
    expect(c2).not.toBe(c1);
    const authorization = `Bearer ${r1.json().accessToken}`;
    expect((await me(authorization)).json()).toMatchObject({ username: 'admin', role: 'SUPER_ADMIN' });

    // The old cookie again: treated as stolen, the whole session ends.
    expect((await refresh(c1)).statusCode).toBe(401);
    expect((await refresh(c2)).statusCode).toBe(401);
    expect((await me(authorization)).json().code).toBe('SESSION_EXPIRED');
  });

  it('logout revokes the session: its token and cookie stop working', async () => {
    const res = await login({ username: ADMIN.username, password: ADMIN.password });
    const authorization = `Bearer ${res.json().accessToken}`;
    const cookie = refreshCookie(res);
    const me1 = await me(authorization);
    expect(me1.statusCode).toBe(200);
    expect(me1.json().permissions).toContain('tier.create');

    const out = await t.inject({
      method: 'POST',
      url: '/api/admin/auth/logout',
      cookies: { la_refresh: cookie ?? '' },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(authorization)).statusCode).toBe(401);
    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  it('answers 204 without a cookie: no session to restore, and no error for a visitor', async () => {
    const res = await refresh(undefined);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('refuses a cookie that opens no session', async () => {
    const res = await refresh('not-a-session.secret');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_EXPIRED');
  });
});

describe('access tokens that must be refused', () => {
  const claimsFor = async () => {
    const res = await login({ username: ADMIN.username, password: ADMIN.password });
    return decodeJwt(res.json().accessToken);
  };
  const sign = async (claims: Record<string, unknown>, key?: CryptoKey, kid = 'other') => {
    const pair = key ? undefined : await generateKeyPair('ES256');
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid })
      .sign(key ?? (pair?.privateKey as CryptoKey));
  };

  it('refuses alg none, a foreign key, an expired token and a wrong audience', async () => {
    const claims = await claimsFor();
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const foreign = await sign(claims);
    const jwks = t.app.tokens.jwks() as { keys: { kid: string }[] };
    const wrongKid = await sign(claims, undefined, jwks.keys[0]?.kid);
    const now = Math.floor(Date.now() / 1000);
    for (const token of [none, foreign, wrongKid, 'garbage']) {
      const res = await me(`Bearer ${token}`);
      expect(res.statusCode).toBe(401);
    }
    // A token the server itself signs passes; expired or wrong-audience ones do not.
    const issued = await t.app.tokens.issue(
      { id: Number(claims.sub), username: 'admin', roleCode: 'SUPER_ADMIN' },
      claims.sid as string,
      900,
    );
    expect((await me(`Bearer ${issued}`)).statusCode).toBe(200);
    const [stored] = await t.app.db.select().from(signingKeys);
    const realKey = (await importJWK(stored?.privateJwk as JWK, 'ES256')) as CryptoKey;
    const expired = await sign({ ...claims, iat: now - 7200, exp: now - 3600 }, realKey, stored?.kid);
    const wrongAudience = await sign({ ...claims, aud: 'someone-else' }, realKey, stored?.kid);
    const resigned = await sign(claims, realKey, stored?.kid);
    expect((await me(`Bearer ${resigned}`)).statusCode).toBe(200);
    expect((await me(`Bearer ${expired}`)).json().code).toBe('SESSION_EXPIRED');
    expect((await me(`Bearer ${wrongAudience}`)).json().code).toBe('UNAUTHENTICATED');
  });

  it('answers the public keys at the JWKS endpoint', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/admin/auth/jwks' });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json();
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 RATE_LIMITED past the limit', async () => {
    const limited = await buildTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await limited.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        payload: { username: 'x', password: 'y' },
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().code).toBe('RATE_LIMITED');
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});
