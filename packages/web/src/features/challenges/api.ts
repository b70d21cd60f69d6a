import {
  type ChallengeInput,
  type ChallengeProgressPreview,
  type ChallengeReport,
  type CustomerChallenge,
  challengeResource,
  type Voucher,
  voucherResource,
} from '@loyalty/contracts';
import { resourceApi, resourceEndpoint } from '../../api/resource.ts';
import { apiGet, apiWrite } from '../../api/typed.ts';
import { formatPoints } from '../../components/format.tsx';
import { listChoices } from '../../components/resource.ts';

/** The catalogue's active vouchers, for a step's reward: name and value in points. */
export const voucherChoices = listChoices<Voucher>({
  key: 'vouchers-active',
  path: resourceEndpoint(voucherResource),
  query: { sort: 'name:asc', status: 'ACTIVE' },
  label: (v, lang) => `${lang === 'ar' && v.nameAr ? v.nameAr : v.name} · ${formatPoints(v.pointsRequired)}`,
});

export const challengeApi = resourceApi<typeof challengeResource, ChallengeInput>(challengeResource);

/** The status actions, a challenge's report, a customer's progress, a transaction's preview. */
export const challengesApi = {
  action: (id: number, action: 'activate' | 'pause' | 'end') =>
    action === 'activate'
      ? apiWrite('post', '/api/admin/challenges/{id}/activate', { path: { id } })
      : action === 'pause'
        ? apiWrite('post', '/api/admin/challenges/{id}/pause', { path: { id } })
        : apiWrite('post', '/api/admin/challenges/{id}/end', { path: { id } }),
  report: (id: number, signal?: AbortSignal): Promise<ChallengeReport> =>
    apiGet('/api/admin/challenges/{id}/report', { path: { id }, signal }),
  customer: async (customerNumber: string, signal?: AbortSignal): Promise<CustomerChallenge[]> =>
    (await apiGet('/api/admin/customer-challenges', { query: { customerNumber }, signal })).items,
  preview: async (
    query: { customerNumber: string; transactionTypeId: number; amount: number; occurredAt?: string },
    signal?: AbortSignal,
  ): Promise<ChallengeProgressPreview[]> =>
    (await apiGet('/api/admin/challenges/preview', { query, signal })).items,
};
