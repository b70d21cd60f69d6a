import type { Replay, ReplayInput } from '@loyalty/contracts';
import { apiGet, apiWrite } from '../../api/typed.ts';

export const replaysApi = {
  start: (input: ReplayInput) => apiWrite('post', '/api/admin/replays', { body: input }),
  get: (id: number, signal?: AbortSignal): Promise<Replay> =>
    apiGet('/api/admin/replays/{id}', { path: { id }, signal }),
};
