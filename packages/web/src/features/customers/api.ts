import type {
  ChannelReversalResult,
  CustomerDetail,
  LedgerEntry,
  Page,
  Redemption,
  TierHistoryEntry,
} from '@loyalty/contracts';
import { get, type Query, write } from '../../api/client.ts';

const base = '/api/admin/customers';

export const customerApi = {
  get: (id: number, signal?: AbortSignal) => get<CustomerDetail>(`${base}/${id}`, undefined, signal),
  ledger: (id: number, query: Query, signal?: AbortSignal) =>
    get<Page<LedgerEntry>>(`${base}/${id}/ledger`, query, signal),
  tierHistory: (id: number, query: Query, signal?: AbortSignal) =>
    get<Page<TierHistoryEntry>>(`${base}/${id}/tier-history`, query, signal),
  redemptions: (customerId: number, query: Query, signal?: AbortSignal) =>
    get<Page<Redemption>>('/api/admin/redemptions', { ...query, customerId }, signal),
  setStatus: (id: number, action: 'block' | 'unblock', reason: string) =>
    write('POST', `${base}/${id}/${action}`, { reason }),
  adjust: (id: number, points: number, reason: string) =>
    write('POST', `${base}/${id}/adjustments`, { points, reason }),
  reverse: (entryId: number, reason: string) =>
    write<ChannelReversalResult>('POST', `/api/admin/ledger-entries/${entryId}/reversal`, { reason }),
  redeem: (customerId: number, voucherId: number) =>
    write('POST', '/api/admin/redemptions', { customerId, voucherId }),
  cancelRedemption: (id: number, reason: string) =>
    write('POST', `/api/admin/redemptions/${id}/cancel`, { reason }),
};
