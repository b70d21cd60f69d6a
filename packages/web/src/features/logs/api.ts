import type { AdminLog, AdminLogVerify, Page, SystemLog, SystemLogSettings } from '@loyalty/contracts';
import type { Query } from '../../api/client.ts';
import { apiGet, apiWrite } from '../../api/typed.ts';

export const logsApi = {
  adminLogs: (query: Query, signal?: AbortSignal): Promise<Page<AdminLog>> =>
    apiGet('/api/admin/admin-logs', { query, signal }),
  verify: (): Promise<AdminLogVerify> => apiGet('/api/admin/admin-logs/verify'),
  systemLogs: (query: Query, signal?: AbortSignal): Promise<Page<SystemLog>> =>
    apiGet('/api/admin/system-logs', { query, signal }),
  settings: (signal?: AbortSignal): Promise<SystemLogSettings> =>
    apiGet('/api/admin/system-logs/settings', { signal }),
  saveSettings: (retentionDays: number) =>
    apiWrite('put', '/api/admin/system-logs/settings', { body: { retentionDays } }),
};
