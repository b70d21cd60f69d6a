import type { Page } from 'playwright-core';
import { baseUrl } from './browser.ts';

/** A call of one of the product's HTTP APIs: method, path under the API's root, JSON body. */
export type ApiCall = (method: string, path: string, body?: object) => Promise<Response>;

/** The staff API (`/api/admin`) as the signed-in page's user (a fresh access token). */
export async function staffApi(page: Page): Promise<ApiCall> {
  const token = await page.evaluate(async () => {
    const res = await fetch('/api/admin/auth/refresh', { method: 'POST' });
    return (await res.json()).accessToken as string;
  });
  return (method, path, body) =>
    fetch(`${baseUrl()}/api/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body && JSON.stringify(body),
    });
}

/**
 * The integration API (`/api/integration/v1`) as a channel or the customer app calls it, with a
 * new key of these scopes (for the mobile app unless another channel is named).
 */
export async function integrationApi(page: Page, scopes: string[], channel = 'MOBILE_APP'): Promise<ApiCall> {
  const staff = await staffApi(page);
  const created = await staff('POST', '/api-keys', {
    name: `e2e ${scopes.join(' ')} ${Date.now()}`,
    scopes,
    channel,
  });
  if (created.status !== 201)
    throw new Error(`API key not created: ${created.status} ${await created.text()}`);
  const { key } = (await created.json()) as { key: string };
  return (method, path, body) =>
    fetch(`${baseUrl()}/api/integration/v1${path}`, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
}
