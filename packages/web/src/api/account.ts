import { recoveryCodesResponse, type SessionInfo, totpEnrolment } from '@loyalty/contracts';
import { apiGet, apiSend } from './typed.ts';

// A 401 here means "wrong password or code", not "signed out": never retried through a refresh.
const once = { retryOn401: false } as const;

/** The signed-in user's own account: password, second factor, step-up and sessions. */
export const accountApi = {
  changePassword: async (currentPassword: string, newPassword: string) => {
    await apiSend('post', '/api/admin/auth/password', { body: { currentPassword, newPassword }, ...once });
  },
  startOwnEnrolment: async (code?: string) =>
    totpEnrolment.parse(
      await apiSend('post', '/api/admin/auth/second-factor', { body: code ? { code } : {}, ...once }),
    ),
  /** The first code of the new authenticator, with the current password (issue 48, finding 3). */
  confirmOwnEnrolment: async (code: string, password: string) =>
    recoveryCodesResponse.parse(
      await apiSend('post', '/api/admin/auth/second-factor/confirm', { body: { code, password }, ...once }),
    ),
  stepUp: async (code: string) => {
    await apiSend('post', '/api/admin/auth/step-up', { body: { code }, ...once });
  },
  sessions: (signal?: AbortSignal): Promise<SessionInfo[]> => apiGet('/api/admin/auth/sessions', { signal }),
  endSession: async (id: string) => {
    await apiSend('delete', '/api/admin/auth/sessions/{id}', { path: { id }, ...once });
  },
};
