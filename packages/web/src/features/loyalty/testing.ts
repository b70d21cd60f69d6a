import { vi } from 'vitest';
import { installFakeApi } from '../../test/fakeApi.ts';

type Route = (req: {
  method: string;
  url: URL;
  body: unknown;
}) => { status: number; body?: unknown } | undefined;

/**
 * The fake admin API plus the routes of a test (lists, details, writes of the loyalty screens);
 * anything else goes to the shared fake. Every request is recorded in `calls`.
 */
export function installLoyaltyApi(route: Route, permissions: string[]) {
  const api = installFakeApi();
  api.me.permissions = permissions;
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const answer = url.pathname.startsWith('/api/admin/auth') ? undefined : route({ method, url, body });
    if (!answer) return inner(input, init);
    api.calls.push({ method, path: url.pathname, body });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': answer.status >= 400 ? 'application/problem+json' : 'application/json' },
    });
  });
  return api;
}

export const page = <T>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 10 });
