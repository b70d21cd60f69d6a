import type {
  ChurnOverview,
  ChurnScore,
  ChurnTrainOptions,
  Page,
  Tier,
  TrainingRun,
} from '@loyalty/contracts';
import type { Query } from '../../../api/client.ts';
import { downloadFile } from '../../../api/download.ts';
import { apiGet, apiUrl, apiWrite } from '../../../api/typed.ts';

/** Customer churn (`/api/admin/churn-scores`, `/api/admin/churn-models`). */
export const churnApi = {
  overview: (signal?: AbortSignal): Promise<ChurnOverview> => apiGet('/api/admin/churn-models', { signal }),
  run: (id: number, signal?: AbortSignal): Promise<TrainingRun> =>
    apiGet('/api/admin/churn-models/runs/{id}', { path: { id }, signal }),
  train: (input: ChurnTrainOptions) => apiWrite('post', '/api/admin/churn-models/train', { body: input }),
  activate: (id: number) => apiWrite('post', '/api/admin/churn-models/{id}/activate', { path: { id } }),
  list: (query: Query, signal?: AbortSignal): Promise<Page<ChurnScore> & { totalCapped: boolean }> =>
    apiGet('/api/admin/churn-scores', { query, signal }),
  customer: (customerId: number, signal?: AbortSignal): Promise<ChurnScore> =>
    apiGet('/api/admin/churn-scores/customer/{customerId}', { path: { customerId }, signal }),
  export: (query: Query, token: string | null) =>
    downloadFile(
      apiUrl('/api/admin/churn-scores/export'),
      { ...query, format: 'csv' },
      token,
      'churn-risk.csv',
    ),
  tiers: (signal?: AbortSignal): Promise<Page<Tier>> =>
    apiGet('/api/admin/tiers', { query: { pageSize: 100, sort: 'minPoints:asc' }, signal }),
};
