import { recoveryCodesResponse, type SessionInfo, totpEnrolment } from '@loyalty/contracts';
import type { z } from 'zod';
import { get, request } from './client.ts';

// A 401 here means "wrong password or code", not "signed out": never retried through a refresh.
async function post<S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.output<S>> {
  const { data } = await request<unknown>(`/api/admin/auth${path}`, {
    method: 'POST',
    body,
    retryOn401: false,
  });
  return schema.parse(data);
}
async function send(path: string, body: unknown, method: 'POST' | 'DELETE' = 'POST'): Promise<void> {
  await request(`/api/admin/auth${path}`, { method, body, retryOn401: false });
}

/** The signed-in user's own account: password, second factor, step-up and sessions. */
export const accountApi = {
  changePassword: (currentPassword: string, newPassword: string) =>
    send('/password', { currentPassword, newPassword }),
  startOwnEnrolment: (code?: string) => post('/second-factor', code ? { code } : {}, totpEnrolment),
  confirmOwnEnrolment: (code: string) => post('/second-factor/confirm', { code }, recoveryCodesResponse),
  stepUp: (code: string) => send('/step-up', { code }),
  sessions: (signal?: AbortSignal) => get<SessionInfo[]>('/api/admin/auth/sessions', undefined, signal),
  endSession: (id: string) => send(`/sessions/${id}`, undefined, 'DELETE'),
};
