import type { Replay, ReplayEmailInput, ReplayInput } from '@loyalty/contracts';
import { apiGet, apiUrl, apiWrite } from '../../api/typed.ts';

export const replaysApi = {
  start: (input: ReplayInput) => apiWrite('post', '/api/admin/replays', { body: input }),
  get: (id: number, signal?: AbortSignal): Promise<Replay> =>
    apiGet('/api/admin/replays/{id}', { path: { id }, signal }),
  /** Its `/export` (CSV, XLSX) hangs off this URL. */
  url: (id: number) => apiUrl('/api/admin/replays/{id}', { id }),
  recipients: (id: number, signal?: AbortSignal) =>
    apiGet('/api/admin/replays/{id}/recipients', { path: { id }, signal }),
  email: (id: number, body: Omit<ReplayEmailInput, 'id'>) =>
    apiWrite('post', '/api/admin/replays/{id}/email', { path: { id }, body }),
};
