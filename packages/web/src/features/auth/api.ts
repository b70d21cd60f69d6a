import { enrolConfirmResponse, type LoginInput, loginResponse, totpEnrolment } from '@loyalty/contracts';
import { apiSend } from '../../api/typed.ts';

/**
 * The sign-in steps and the caller's own account. Answers of 401 here mean "wrong password or
 * code", not "signed out", so they are never retried through a refresh.
 */
const once = { retryOn401: false } as const;

export const authApi = {
  login: async (input: LoginInput) =>
    loginResponse.parse(await apiSend('post', '/api/admin/auth/login', { body: input, ...once })),
  secondFactor: async (challenge: string, code: string) =>
    loginResponse.parse(
      await apiSend('post', '/api/admin/auth/login/second-factor', { body: { challenge, code }, ...once }),
    ),
  startEnrolment: async (challenge: string) =>
    totpEnrolment.parse(
      await apiSend('post', '/api/admin/auth/login/enrol', { body: { challenge }, ...once }),
    ),
  confirmEnrolment: async (challenge: string, code: string) =>
    enrolConfirmResponse.parse(
      await apiSend('post', '/api/admin/auth/login/enrol/confirm', { body: { challenge, code }, ...once }),
    ),
  changeRequiredPassword: async (challenge: string, currentPassword: string, newPassword: string) =>
    loginResponse.parse(
      await apiSend('post', '/api/admin/auth/login/password', {
        body: { challenge, currentPassword, newPassword },
        ...once,
      }),
    ),
  forgotPassword: async (username: string) => {
    await apiSend('post', '/api/admin/auth/forgot-password', { body: { username }, ...once });
  },
  resetPassword: async (token: string, newPassword: string) => {
    await apiSend('post', '/api/admin/auth/reset-password', { body: { token, newPassword }, ...once });
  },
  verifyEmail: async (token: string) => {
    await apiSend('post', '/api/admin/auth/verify-email', { body: { token }, ...once });
  },
};
