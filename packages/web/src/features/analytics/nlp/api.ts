import type { MessageInsight, NlpOverview, NlpRun, Page } from '@loyalty/contracts';
import type { Query } from '../../../api/client.ts';
import { apiGet, apiWrite } from '../../../api/typed.ts';

/** NLP on customer messages (`/api/admin/message-insights`). */
export const nlpApi = {
  overview: (signal?: AbortSignal): Promise<NlpOverview> =>
    apiGet('/api/admin/message-insights/overview', { signal }),
  list: (query: Query, signal?: AbortSignal): Promise<Page<MessageInsight>> =>
    apiGet('/api/admin/message-insights', { query, signal }),
  /** The insights (suggested category, sentiment) of some conversations: a page of the queue. */
  of: (ids: number[], signal?: AbortSignal): Promise<Page<MessageInsight>> =>
    apiGet('/api/admin/message-insights/of', { query: { ids: ids.join(',') }, signal }),
  train: () => apiWrite('post', '/api/admin/message-insights/train'),
  run: (id: number, signal?: AbortSignal): Promise<NlpRun> =>
    apiGet('/api/admin/message-insights/runs/{id}', { path: { id }, signal }),
};
