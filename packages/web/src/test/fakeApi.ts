import type { Me, Tier } from '@loyalty/contracts';
import { vi } from 'vitest';

/**
 * A tiny in-memory stand-in for the admin API, installed at the `fetch` boundary. For component
 * tests only; the end-to-end suite runs against the real server.
 */
export interface FakeApi {
  tiers: Tier[];
  me: Me;
  /** Whether the refresh cookie is valid. */
  refreshOk: boolean;
  /** Access tokens the server accepts. */
  validTokens: Set<string>;
  calls: { method: string; path: string; body?: unknown }[];
  /** One-off answers for `METHOD /path`, used before the normal handling. */
  answers: Map<string, { status: number; body?: unknown }>;
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
  description: `${name} tier`,
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

export function installFakeApi(init: Partial<Pick<FakeApi, 'tiers' | 'me' | 'refreshOk'>> = {}): FakeApi {
  const api: FakeApi = {
    tiers: init.tiers ?? [],
    me: init.me ?? {
      id: 1,
      username: 'admin',
      fullName: 'Amal Admin',
      email: null,
      role: 'ADMIN',
      permissions: ['tier.read', 'tier.create', 'tier.update', 'tier.delete'],
    },
    refreshOk: init.refreshOk ?? false,
    validTokens: new Set([fakeJwt('ADMIN')]),
    calls: [],
    answers: new Map(),
  };
  let issued = 1;
  const issue = () => {
    const token = fakeJwt('ADMIN', ++issued);
    api.validTokens.add(token);
    return json(200, { accessToken: token, expiresIn: 900, tokenType: 'Bearer' });
  };

  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const path = url.pathname;
    api.calls.push({ method, path, body });

    const answer = api.answers.get(`${method} ${path}`);
    if (answer) {
      api.answers.delete(`${method} ${path}`);
      return json(answer.status, answer.body);
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
