import type { Dashboard } from '@loyalty/contracts';
import { get } from '../../api/client.ts';

export const dashboardApi = {
  get: (range: { from: string; to: string }, signal?: AbortSignal) =>
    get<Dashboard>('/api/admin/dashboard', range, signal),
};
