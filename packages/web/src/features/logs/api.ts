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

/** Downloads the CSV export of the audit trail for these filters (the request carries the token). */
export async function downloadAdminLogs(query: Query, token: string | null): Promise<void> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== '' && !['page', 'pageSize', 'sort'].includes(k)) params.set(k, String(v));
  }
  const res = await fetch(`/api/admin/admin-logs/export?${params}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!res.ok) throw new Error(`export failed: ${res.status}`);
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'admin-logs.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}
