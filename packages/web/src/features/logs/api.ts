import type { AdminLog, AdminLogVerify, Page, SystemLog, SystemLogSettings } from '@loyalty/contracts';
import { get, type Query, write } from '../../api/client.ts';

export const logsApi = {
  adminLogs: (query: Query, signal?: AbortSignal) =>
    get<Page<AdminLog>>('/api/admin/admin-logs', query, signal),
  verify: () => get<AdminLogVerify>('/api/admin/admin-logs/verify'),
  systemLogs: (query: Query, signal?: AbortSignal) =>
    get<Page<SystemLog>>('/api/admin/system-logs', query, signal),
  settings: (signal?: AbortSignal) =>
    get<SystemLogSettings>('/api/admin/system-logs/settings', undefined, signal),
  saveSettings: (retentionDays: number) =>
    write<SystemLogSettings>('PUT', '/api/admin/system-logs/settings', { retentionDays }),
};
