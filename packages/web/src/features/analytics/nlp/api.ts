import {
  type MessageInsight,
  messageInsightResource,
  type NlpOverview,
  type NlpRun,
  type Page,
} from '@loyalty/contracts';
import { get, type Query, write } from '../../../api/client.ts';
import { resourceEndpoint } from '../../../api/resource.ts';

const insights = resourceEndpoint(messageInsightResource);

/** NLP on customer messages (`/api/admin/message-insights`). */
export const nlpApi = {
  overview: (signal?: AbortSignal) => get<NlpOverview>(`${insights}/overview`, undefined, signal),
  list: (query: Query, signal?: AbortSignal) => get<Page<MessageInsight>>(insights, query, signal),
  /** The insights (suggested category, sentiment) of some conversations: a page of the queue. */
  of: (ids: number[], signal?: AbortSignal) =>
    get<Page<MessageInsight>>(`${insights}/of`, { ids: ids.join(',') }, signal),
  train: () => write<NlpRun>('POST', `${insights}/train`),
  run: (id: number, signal?: AbortSignal) => get<NlpRun>(`${insights}/runs/${id}`, undefined, signal),
};
