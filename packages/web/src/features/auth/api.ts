import { enrolConfirmResponse, type LoginInput, loginResponse, totpEnrolment } from '@loyalty/contracts';
import type { z } from 'zod';
import { request } from '../../api/client.ts';

/**
 * The sign-in steps and the caller's own account. Answers of 401 here mean "wrong password or
 * code", not "signed out", so they are never retried through a refresh.
 */
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

export const authApi = {
  login: (input: LoginInput) => post('/login', input, loginResponse),
  secondFactor: (challenge: string, code: string) =>
    post('/login/second-factor', { challenge, code }, loginResponse),
  startEnrolment: (challenge: string) => post('/login/enrol', { challenge }, totpEnrolment),
  confirmEnrolment: (challenge: string, code: string) =>
    post('/login/enrol/confirm', { challenge, code }, enrolConfirmResponse),
  changeRequiredPassword: (challenge: string, currentPassword: string, newPassword: string) =>
    post('/login/password', { challenge, currentPassword, newPassword }, loginResponse),
  forgotPassword: (username: string) => send('/forgot-password', { username }),
  resetPassword: (token: string, newPassword: string) => send('/reset-password', { token, newPassword }),
  verifyEmail: (token: string) => send('/verify-email', { token }),
};
