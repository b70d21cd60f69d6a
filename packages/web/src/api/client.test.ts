import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../test/fakeApi.ts';
import { atApiBase, get } from './client.ts';
import { downloadFile } from './download.ts';

afterEach(() => vi.unstubAllEnvs());

describe('the API base URL (VITE_API_BASE_URL, set at build time)', () => {
  it('is the page’s own origin when unset, cookies going to it alone', async () => {
    vi.stubEnv('VITE_API_BASE_URL', '');
    const api = installFakeApi().on({ 'GET /api/admin/ping': () => ({ status: 200, body: { ok: true } }) });
    expect(await get('/api/admin/ping')).toEqual({ ok: true });
    expect(api.calls.at(-1)).toMatchObject({ origin: 'http://localhost', credentials: 'same-origin' });
    expect(atApiBase('/api/admin/images/x')).toBe('/api/admin/images/x');
  });

  it('sends every call, download and image to the API’s origin, with the refresh cookie', async () => {
    vi.stubEnv('VITE_API_BASE_URL', 'https://api.bank.example/');
    const api = installFakeApi().on({
      'GET /api/admin/ping': () => ({ status: 200, body: { ok: true } }),
      'GET /api/admin/customers/export': () => ({ status: 200, body: [] }),
    });
    expect(await get('/api/admin/ping', { q: 'a' })).toEqual({ ok: true });
    expect(api.calls.at(-1)).toMatchObject({
      origin: 'https://api.bank.example',
      search: '?q=a',
      credentials: 'include',
    });
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    await downloadFile('/api/admin/customers/export', {}, null, 'customers.csv');
    expect(api.calls.at(-1)).toMatchObject({ origin: 'https://api.bank.example', credentials: 'include' });
    expect(atApiBase('/api/admin/images/x')).toBe('https://api.bank.example/api/admin/images/x');
  });

  it('may be a path on the same origin (a gateway’s prefix)', async () => {
    vi.stubEnv('VITE_API_BASE_URL', '/loyalty');
    const api = installFakeApi().on({
      'GET /loyalty/api/admin/ping': () => ({ status: 200, body: { ok: 1 } }),
    });
    expect(await get('/api/admin/ping')).toEqual({ ok: 1 });
    expect(api.calls.at(-1)).toMatchObject({ origin: 'http://localhost', credentials: 'same-origin' });
  });
});
