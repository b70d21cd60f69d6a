import type { Dashboard } from '@loyalty/contracts';
import { apiGet } from '../../api/typed.ts';

export const dashboardApi = {
  get: (range: { from: string; to: string }, signal?: AbortSignal): Promise<Dashboard> =>
    apiGet('/api/admin/dashboard', { query: range, signal }),
};
