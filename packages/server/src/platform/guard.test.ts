import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, permissions } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import type { GuardedRoute } from './guard.ts';

/**
 * The authorization matrix, generated from the route table the guard records as routes are
 * registered (every /api/admin route of every module, with its declared access rule).
 */
let t: TestApp;
let routes: GuardedRoute[];
beforeAll(async () => {
  t = await buildTestApp();
  routes = t.app.guardedRoutes;
});

/** A concrete URL for a route pattern; the guard answers before any parameter is validated. */
const urlOf = (route: GuardedRoute) => route.url.replace(/:[A-Za-z]+/g, '1');
const call = (route: GuardedRoute, as?: { authorization: string }) =>
  t.inject({
    method: route.method as 'GET',
    url: urlOf(route),
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    ...(as ? { as } : {}),
  });
const key = (r: GuardedRoute) => `${r.method} ${r.url}`;
const gated = () => routes.filter((r) => typeof r.access === 'object');
const permissionOf = (r: GuardedRoute) => (r.access as { permission: string }).permission;

describe('the route table', () => {
  it('holds every admin route; only sign-in, password and e-mail links, public keys and images are public', () => {
    expect(routes.length).toBeGreaterThan(40);
    const open = routes.filter((r) => r.access === 'public').map(key);
    expect(open.sort()).toEqual(
      [
        'GET /api/admin/auth/jwks',
        // Uploaded images are shown by <img> tags, which carry no bearer token.
        'GET /api/admin/images/:id',
        'POST /api/admin/auth/forgot-password',
        'POST /api/admin/auth/login',
        'POST /api/admin/auth/login/enrol',
        'POST /api/admin/auth/login/enrol/confirm',
        'POST /api/admin/auth/login/password',
        'POST /api/admin/auth/login/second-factor',
        'POST /api/admin/auth/logout',
        'POST /api/admin/auth/refresh',
        'POST /api/admin/auth/reset-password',
        // The single-use link that confirms a staff member's new e-mail address.
        'POST /api/admin/auth/verify-email',
      ].sort(),
    );
    // Everything else that is not the caller's own account (or own maker-checker requests, the
    // catalogue every form reads to show whether its save waits for approval, and the home
    // dashboard, which answers each figure only to those holding its source's permission) needs
    // a permission.
    const selfService = routes.filter((r) => r.access === 'signed-in').map((r) => r.url);
    for (const url of selfService) {
      expect(url).toMatch(/^\/api\/admin\/(auth\/|approval-requests|maker-checker\/catalog$|dashboard$)/);
    }
  });

  it('names only permissions of the catalogue', async () => {
    const known = new Set(
      (await t.app.db.select({ code: permissions.code }).from(permissions)).map((p) => p.code),
    );
    for (const route of gated()) expect(known.has(permissionOf(route)), key(route)).toBe(true);
  });
});

describe('authorization matrix', () => {
  it('answers 401 on every non-public route signed out', async () => {
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const res = await call(route);
      expect(res.statusCode, key(route)).toBe(401);
      expect(res.json().code, key(route)).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 403 on every permission-gated route to a user without permissions, and audits each refusal', async () => {
    const nobody = await t.userWith([]);
    for (const route of gated()) {
      const res = await call(route, nobody);
      expect(res.statusCode, key(route)).toBe(403);
      expect(res.json().code, key(route)).toBe('FORBIDDEN');
    }
    const denied = await t.app.db
      .select({ command: auditLog.command, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.outcome, 'DENIED'));
    for (const route of gated()) {
      expect(denied, key(route)).toContainEqual({
        command: permissionOf(route),
        detail: `${route.method} ${route.url}`,
      });
    }
  });

  // A user (argon2 sign-in) per permission code and a call per route: it grows with the API.
  it('lets through a user holding just the route’s permission (the declared permission is the one needed)', {
    timeout: 120_000,
  }, async () => {
    const holders = new Map<string, { authorization: string }>();
    for (const route of gated()) {
      const code = permissionOf(route);
      if (!holders.has(code)) holders.set(code, await t.userWith([code]));
      const res = await call(route, holders.get(code));
      expect(res.statusCode, key(route)).not.toBe(401);
      if (res.statusCode === 403) expect(res.json().code, key(route)).not.toBe('FORBIDDEN');
    }
  });

  it('refuses a disabled permission to everyone, the super administrator included', async () => {
    const admin = await t.signIn();
    const list = { method: 'GET', url: '/api/admin/roles', as: admin } as const;
    expect((await t.inject(list)).statusCode).toBe(200);
    const [roleRead] = await t.app.db.select().from(permissions).where(eq(permissions.code, 'role.read'));
    const disable = await t.inject({
      method: 'PUT',
      url: `/api/admin/permissions/${roleRead?.id}`,
      payload: { name: 'View roles', description: '', status: 'DISABLED' },
      as: admin,
    });
    expect(disable.statusCode).toBe(200);
    expect((await t.inject(list)).json().code).toBe('FORBIDDEN');
    const me = await t.inject({ method: 'GET', url: '/api/admin/auth/me', as: admin });
    expect(me.json().permissions).not.toContain('role.read');
  });
});
