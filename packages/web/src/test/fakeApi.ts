import type { Me, Tier } from '@loyalty/contracts';
import { vi } from 'vitest';

/** A request as a test route sees it. */
export interface FakeRequest {
  method: string;
  path: string;
  url: URL;
  /** The parsed JSON body (or the raw body when it is not JSON, e.g. FormData). */
  body: unknown;
}

/** An answer: a status and a JSON body (problem+json from 400 up). */
export interface FakeAnswer {
  status: number;
  body?: unknown;
}

/**
 * Answers a request, or `undefined` to let the next route (finally the built-in API) answer. A
 * promise delays the answer (e.g. to look at the screen while a request is under way).
 */
export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer> | undefined;

/** One request the app made. */
export interface FakeCall {
  method: string;
  path: string;
  /** `?…` of the URL ('' when none). */
  search: string;
  /** `METHOD /path`. */
  key: string;
  body?: unknown;
  /** Where the request went (`http://localhost` for the page's own origin). */
  origin: string;
  /** Whether cookies went with it. */
  credentials: RequestCredentials | undefined;
}

/**
 * THE fetch fake of the web tests: a tiny in-memory stand-in for the admin API, installed at the
 * `fetch` boundary (the one `vi.stubGlobal('fetch')` of the suite). It routes by method + path,
 * answers JSON and records every call. Built in: sign-in, refresh, logout, `me` and the tiers;
 * each test adds its screens' endpoints with `on()` (exact `METHOD /path`) or `use()` (a
 * function, for paths with ids or query-dependent answers). Test routes answer first, in the
 * order they were added, then the built-in ones (which check the Bearer token). For component
 * tests only; the end-to-end suite runs against the real server.
 */
export interface FakeApi {
  tiers: Tier[];
  me: Me;
  /** Whether the refresh cookie is valid. */
  refreshOk: boolean;
  /** Seconds the access tokens it issues last (900). */
  expiresIn: number;
  /** Access tokens the server accepts. */
  validTokens: Set<string>;
  calls: FakeCall[];
  /** One-off answers for `METHOD /path`, used before any other route. */
  answers: Map<string, { status: number; body?: unknown }>;
  /** Adds answers for exact `METHOD /path` keys. */
  on(routes: Record<string, FakeHandler>): FakeApi;
  /** Adds a route function. */
  use(handler: FakeHandler): FakeApi;
  /** The calls made to `METHOD /path`. */
  callsTo(key: string): FakeCall[];
}

/** An unsigned JWT-shaped token whose `realm_access.roles[2]` is `role`. */
export function fakeJwt(role: string, n = 1): string {
  const enc = (o: object) =>
    btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${enc({ alg: 'none' })}.${enc({ sub: String(n), realm_access: { roles: ['offline_access', 'uma_authorization', role] } })}.sig`;
}

export const tier = (id: number, name: string, minPoints: number, maxPoints: number): Tier => ({
  id,
  name,
  nameAr: '',
  description: `${name} tier`,
  descriptionAr: '',
  minPoints,
  maxPoints,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

const problem = (status: number, code: string, errors?: { path: string; message: string }[]) =>
  json(status, { type: 'about:blank', title: code, status, code, errors });

/** A page of a list answer. */
export const page = <T>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 10 });

/** 200 with this body. */
export const ok = (body?: unknown): FakeAnswer => ({ status: 200, body });

export function installFakeApi(
  init: Partial<Pick<FakeApi, 'tiers' | 'me' | 'refreshOk'>> & {
    /** The signed-in user's permission codes (default: the tiers'). */
    permissions?: string[];
  } = {},
): FakeApi {
  const handlers: FakeHandler[] = [];
  const api: FakeApi = {
    tiers: init.tiers ?? [],
    me: init.me ?? {
      id: 1,
      username: 'admin',
      fullName: 'Amal Admin',
      email: null,
      role: 'ADMIN',
      permissions: init.permissions ?? ['tier.read', 'tier.create', 'tier.update', 'tier.delete'],
    },
    refreshOk: init.refreshOk ?? false,
    expiresIn: 900,
    validTokens: new Set([fakeJwt('ADMIN')]),
    calls: [],
    answers: new Map(),
    on(routes) {
      handlers.push((request) => routes[`${request.method} ${request.path}`]?.(request));
      return api;
    },
    use(handler) {
      handlers.push(handler);
      return api;
    },
    callsTo: (key) => api.calls.filter((c) => c.key === key),
  };
  let issued = 1;
  const issue = () => {
    const token = fakeJwt('ADMIN', ++issued);
    api.validTokens.add(token);
    return json(200, { accessToken: token, expiresIn: api.expiresIn, tokenType: 'Bearer' });
  };

  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined);
    const path = url.pathname;
    const key = `${method} ${path}`;
    api.calls.push({
      method,
      path,
      search: url.search,
      key,
      body,
      origin: url.origin,
      credentials: init.credentials,
    });

    const answer = api.answers.get(key);
    if (answer) {
      api.answers.delete(key);
      return json(answer.status, answer.body);
    }
    for (const handler of handlers) {
      const routed = await handler({ method, path, url, body });
      if (routed) return json(routed.status, routed.body);
    }

    if (path === '/api/admin/auth/login') {
      return body.username === 'admin' && body.password === 'secret'
        ? issue()
        : problem(401, 'INVALID_CREDENTIALS');
    }
    if (path === '/api/admin/auth/refresh') return api.refreshOk ? issue() : problem(401, 'UNAUTHENTICATED');
    if (path === '/api/admin/auth/logout') return json(204);

    const token = new Headers(init.headers).get('Authorization')?.replace('Bearer ', '');
    if (!token || !api.validTokens.has(token)) return problem(401, 'UNAUTHENTICATED');
    if (path === '/api/admin/auth/me') return json(200, api.me);

    const id = Number(path.match(/^\/api\/admin\/tiers\/(\d+)$/)?.[1]);
    if (path === '/api/admin/tiers' && method === 'GET') {
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
      const items = api.tiers.filter((t) => t.name.toLowerCase().includes(q));
      return json(200, {
        items: items.slice((page - 1) * pageSize, page * pageSize),
        total: items.length,
        page,
        pageSize,
      });
    }
    if (path === '/api/admin/tiers' && method === 'POST') {
      const overlap = api.tiers.some((t) => body.minPoints <= t.maxPoints && t.minPoints <= body.maxPoints);
      if (overlap) return problem(409, 'TIER_RANGE_OVERLAP');
      const created = { ...tier(api.tiers.length + 100, body.name, body.minPoints, body.maxPoints), ...body };
      api.tiers.push(created);
      return json(201, created);
    }
    const existing = api.tiers.find((t) => t.id === id);
    if (!existing) return problem(404, 'NOT_FOUND');
    if (method === 'GET') return json(200, existing);
    if (method === 'PUT') {
      Object.assign(existing, body, { updatedAt: new Date().toISOString() });
      return json(200, existing);
    }
    if (method === 'DELETE') {
      api.tiers = api.tiers.filter((t) => t.id !== id);
      return json(204);
    }
    return problem(400, 'BAD_REQUEST');
  });
  return api;
}
