import type {
  ApprovalBulkItem,
  ApprovalRequest,
  ApprovalView,
  MakerCheckerConfig,
  MakerCheckerInput,
  Page,
  Service,
} from '@loyalty/contracts';
import { get, type Query, write } from '../../api/client.ts';

const base = '/api/admin/approval-requests';

/** The filters every requests screen offers (kept in the URL). */
export interface RequestFilters {
  serviceId?: string;
  maker?: string;
  status?: string;
  from?: string;
  to?: string;
}

export const approvalsApi = {
  list: (view: ApprovalView, query: Query, signal?: AbortSignal) =>
    get<Page<ApprovalRequest>>(base, { ...query, view }, signal),
  get: (id: number, signal?: AbortSignal) => get<ApprovalRequest>(`${base}/${id}`, undefined, signal),
  pendingCount: (signal?: AbortSignal) =>
    get<{ mine: number; inbox: number }>(`${base}/pending-count`, undefined, signal),
  approve: (id: number) => write<ApprovalRequest>('POST', `${base}/${id}/approve`),
  reject: (id: number, reason: string) => write<ApprovalRequest>('POST', `${base}/${id}/reject`, { reason }),
  withdraw: (id: number, reason?: string) =>
    write<ApprovalRequest>('POST', `${base}/${id}/withdraw`, { reason }),
  bulk: (action: 'approve' | 'reject', ids: number[], reason?: string) =>
    write<{ results: ApprovalBulkItem[] }>('POST', `${base}/bulk`, { action, ids, reason }),
};

export const makerCheckerApi = {
  config: (signal?: AbortSignal) => get<MakerCheckerConfig>('/api/admin/maker-checker', undefined, signal),
  configure: (input: MakerCheckerInput) =>
    write<MakerCheckerConfig>('PUT', '/api/admin/maker-checker', input),
  services: (query: Query, signal?: AbortSignal) => get<Page<Service>>('/api/admin/services', query, signal),
  updateService: (
    serviceId: string,
    input: Omit<Service, 'serviceId' | 'active' | 'createdAt' | 'updatedAt'>,
  ) => write<Service>('PUT', `/api/admin/services/${encodeURIComponent(serviceId)}`, input),
};

/** Query-cache keys: every maker-checker write refreshes these. */
export const approvalsKey = 'approval-requests';
export { catalogKey } from '../../components/useMakerChecker.ts';
