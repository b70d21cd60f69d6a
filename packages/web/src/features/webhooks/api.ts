import type { Page, WebhookDelivery, WebhookReplay } from '@loyalty/contracts';
import { apiGet, apiWrite } from '../../api/typed.ts';

/** The webhook calls beyond the endpoints' plain CRUD. */
export const webhooksApi = {
  deliveries: (
    query: { page: number; pageSize: number; endpointId: number; status?: string },
    signal?: AbortSignal,
  ): Promise<Page<WebhookDelivery>> => apiGet('/api/admin/webhook-deliveries', { query, signal }),
  delivery: (id: number, signal?: AbortSignal): Promise<WebhookDelivery> =>
    apiGet('/api/admin/webhook-deliveries/{id}', { path: { id }, signal }),
  retry: (id: number) => apiWrite('post', '/api/admin/webhook-deliveries/{id}/retry', { path: { id } }),
  ping: (id: number) => apiWrite('post', '/api/admin/webhook-endpoints/{id}/ping', { path: { id } }),
  rotate: (id: number) =>
    apiWrite('post', '/api/admin/webhook-endpoints/{id}/rotate', {
      path: { id },
      body: { overlapHours: 24 },
    }),
  replay: (id: number, range: { from: string; to: string }) =>
    apiWrite('post', '/api/admin/webhook-endpoints/{id}/replay', { path: { id }, body: range }),
  replays: (id: number, signal?: AbortSignal): Promise<WebhookReplay[]> =>
    apiGet('/api/admin/webhook-endpoints/{id}/replays', { path: { id }, signal }),
};

/** Where a new secret waits for the screen that shows it once (the create form leaves for the list). */
export const NEW_SECRET_KEY = ['webhook-secret'] as const;
