import type {
  ApprovalRequest,
  ApprovalView,
  MakerCheckerConfig,
  MakerCheckerInput,
  Page,
  Service,
} from '@loyalty/contracts';
import type { Query } from '../../api/client.ts';
import { apiGet, apiWrite } from '../../api/typed.ts';

/** The filters every requests screen offers (kept in the URL). */
export interface RequestFilters {
  serviceId?: string;
  maker?: string;
  status?: string;
  from?: string;
  to?: string;
}

export const approvalsApi = {
  list: (view: ApprovalView, query: Query, signal?: AbortSignal): Promise<Page<ApprovalRequest>> =>
    apiGet('/api/admin/approval-requests', { query: { ...query, view }, signal }),
  get: (id: number, signal?: AbortSignal): Promise<ApprovalRequest> =>
    apiGet('/api/admin/approval-requests/{id}', { path: { id }, signal }),
  pendingCount: (signal?: AbortSignal) => apiGet('/api/admin/approval-requests/pending-count', { signal }),
  approve: (id: number) => apiWrite('post', '/api/admin/approval-requests/{id}/approve', { path: { id } }),
  reject: (id: number, reason: string) =>
    apiWrite('post', '/api/admin/approval-requests/{id}/reject', { path: { id }, body: { reason } }),
  withdraw: (id: number, reason?: string) =>
    apiWrite('post', '/api/admin/approval-requests/{id}/withdraw', { path: { id }, body: { reason } }),
  bulk: (action: 'approve' | 'reject', ids: number[], reason?: string) =>
    apiWrite('post', '/api/admin/approval-requests/bulk', {
      body: action === 'reject' ? { action, ids, reason: reason ?? '' } : { action, ids },
    }),
};

export const makerCheckerApi = {
  config: (signal?: AbortSignal): Promise<MakerCheckerConfig> =>
    apiGet('/api/admin/maker-checker', { signal }),
  configure: (input: MakerCheckerInput) => apiWrite('put', '/api/admin/maker-checker', { body: input }),
  services: (query: Query, signal?: AbortSignal): Promise<Page<Service>> =>
    apiGet('/api/admin/services', { query, signal }),
  updateService: (
    serviceId: string,
    input: Omit<Service, 'serviceId' | 'active' | 'createdAt' | 'updatedAt'>,
  ) => apiWrite('put', '/api/admin/services/{serviceId}', { path: { serviceId }, body: input }),
};

/** Query-cache keys: every maker-checker write refreshes these. */
export const approvalsKey = 'approval-requests';
export { catalogKey } from '../../components/useMakerChecker.ts';
