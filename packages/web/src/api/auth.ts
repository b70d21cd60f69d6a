import { type LoginInput, type Me, type TokenResponse, tokenResponse } from '@loyalty/contracts';
import { get, request } from './client.ts';

/** Sign-in answers a token, or a further step (second factor, forced password change). */
export type LoginResult = { kind: 'token'; token: TokenResponse } | { kind: 'challenge'; next: string };

export async function login(input: LoginInput): Promise<LoginResult> {
  const { data } = await request<unknown>('/api/admin/auth/login', {
    method: 'POST',
    body: input,
    retryOn401: false,
  });
  if (typeof data === 'object' && data !== null && 'challenge' in data) {
    return { kind: 'challenge', next: String((data as { next?: unknown }).next) };
  }
  return { kind: 'token', token: tokenResponse.parse(data) };
}

export async function logoutSession(): Promise<void> {
  await request('/api/admin/auth/logout', { method: 'POST', body: {}, retryOn401: false });
}

export function fetchMe(signal?: AbortSignal): Promise<Me> {
  return get<Me>('/api/admin/auth/me', undefined, signal);
}
