import {
  type ChurnModel,
  type ChurnOverview,
  type ChurnScore,
  type ChurnTrainInput,
  churnScoreResource,
  type Page,
  type Tier,
  type TrainingRun,
  tierResource,
} from '@loyalty/contracts';
import { get, type Query, write } from '../../../api/client.ts';
import { downloadFile } from '../../../api/download.ts';
import { resourceEndpoint } from '../../../api/resource.ts';

const scores = resourceEndpoint(churnScoreResource);
const models = scores.replace(/churn-scores$/, 'churn-models');

/** Customer churn (`/api/admin/churn-scores`, `/api/admin/churn-models`). */
export const churnApi = {
  overview: (signal?: AbortSignal) => get<ChurnOverview>(models, undefined, signal),
  run: (id: number, signal?: AbortSignal) => get<TrainingRun>(`${models}/runs/${id}`, undefined, signal),
  train: (input: ChurnTrainInput) => write<TrainingRun>('POST', `${models}/train`, input),
  activate: (id: number) => write<ChurnModel>('POST', `${models}/${id}/activate`),
  list: (query: Query, signal?: AbortSignal) => get<Page<ChurnScore>>(scores, query, signal),
  customer: (customerId: number, signal?: AbortSignal) =>
    get<ChurnScore>(`${scores}/customer/${customerId}`, undefined, signal),
  export: (query: Query, token: string | null) =>
    downloadFile(`${scores}/export`, { ...query, format: 'csv' }, token, 'churn-risk.csv'),
  tiers: (signal?: AbortSignal) =>
    get<Page<Tier>>(resourceEndpoint(tierResource), { pageSize: 100, sort: 'minPoints:asc' }, signal),
};
