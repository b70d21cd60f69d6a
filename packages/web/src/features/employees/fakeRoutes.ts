import { vi } from 'vitest';

type Handler = (body: unknown, url: URL) => { status: number; body?: unknown } | undefined;

/**
 * Adds answers for `METHOD /path` to the fake API (test/fakeApi.ts) for this file's screens;
 * anything else goes on to the fake. Install after `installFakeApi()`.
 */
export function fakeRoutes(routes: Record<string, Handler>) {
  const next = globalThis.fetch;
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const answer = routes[key]?.(body, url);
    if (!answer) return next(input, init);
    calls.push({ key, body });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': answer.status >= 400 ? 'application/problem+json' : 'application/json' },
    });
  });
  return calls;
}

export const page = <T>(items: T[]) => ({
  status: 200,
  body: { items, total: items.length, page: 1, pageSize: 10 },
});
