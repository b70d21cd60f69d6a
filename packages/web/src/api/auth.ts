import { type LoginInput, type Me, type TokenResponse, tokenResponse } from '@loyalty/contracts';
import { apiGet, apiSend } from './typed.ts';

/** Sign-in answers a token, or a further step (second factor, forced password change). */
export type LoginResult = { kind: 'token'; token: TokenResponse } | { kind: 'challenge'; next: string };

export async function login(input: LoginInput): Promise<LoginResult> {
  const data: unknown = await apiSend('post', '/api/admin/auth/login', { body: input, retryOn401: false });
  if (typeof data === 'object' && data !== null && 'challenge' in data) {
    return { kind: 'challenge', next: String((data as { next?: unknown }).next) };
  }
  return { kind: 'token', token: tokenResponse.parse(data) };
}

export async function logoutSession(): Promise<void> {
  await apiSend('post', '/api/admin/auth/logout', { retryOn401: false });
}

export function fetchMe(signal?: AbortSignal): Promise<Me> {
  return apiGet('/api/admin/auth/me', { signal });
}
