import type { CustomerDetail, LedgerEntry, Page, Redemption, TierHistoryEntry } from '@loyalty/contracts';
import type { Query } from '../../api/client.ts';
import { apiGet, apiWrite } from '../../api/typed.ts';

export const customerApi = {
  get: (id: number, signal?: AbortSignal): Promise<CustomerDetail> =>
    apiGet('/api/admin/customers/{id}', { path: { id }, signal }),
  ledger: (id: number, query: Query, signal?: AbortSignal): Promise<Page<LedgerEntry>> =>
    apiGet('/api/admin/customers/{id}/ledger', { path: { id }, query, signal }),
  tierHistory: (id: number, query: Query, signal?: AbortSignal): Promise<Page<TierHistoryEntry>> =>
    apiGet('/api/admin/customers/{id}/tier-history', { path: { id }, query, signal }),
  redemptions: (customerId: number, query: Query, signal?: AbortSignal): Promise<Page<Redemption>> =>
    apiGet('/api/admin/redemptions', { query: { ...query, customerId }, signal }),
  setStatus: (id: number, action: 'block' | 'unblock', reason: string) =>
    action === 'block'
      ? apiWrite('post', '/api/admin/customers/{id}/block', { path: { id }, body: { reason } })
      : apiWrite('post', '/api/admin/customers/{id}/unblock', { path: { id }, body: { reason } }),
  adjust: (id: number, points: number, reason: string) =>
    apiWrite('post', '/api/admin/customers/{id}/adjustments', { path: { id }, body: { points, reason } }),
  reverse: (entryId: number, reason: string) =>
    apiWrite('post', '/api/admin/ledger-entries/{id}/reversal', { path: { id: entryId }, body: { reason } }),
  redeem: (customerId: number, voucherId: number) =>
    apiWrite('post', '/api/admin/redemptions', { body: { customerId, voucherId } }),
  cancelRedemption: (id: number, reason: string) =>
    apiWrite('post', '/api/admin/redemptions/{id}/cancel', { path: { id }, body: { reason } }),
};
