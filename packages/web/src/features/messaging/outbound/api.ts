import type {
  OutboundAudienceInput,
  OutboundDelivery,
  OutboundMessage,
  OutboundMessageDetail,
  OutboundMessageInput,
  OutboundPreview,
  Page,
  Tier,
} from '@loyalty/contracts';
import type { Query } from '../../../api/client.ts';
import { apiGet, apiSend, apiWrite } from '../../../api/typed.ts';

/** Messages to customers (`/api/admin/outbound-messages`): preview, send, follow. */
export const outboundApi = {
  /** How many customers the audience reaches now, and a sample recipient's placeholder values. */
  preview: (audience: OutboundAudienceInput, signal?: AbortSignal) =>
    // The document types the sample's values as any string key; the server answers every placeholder.
    apiSend('post', '/api/admin/outbound-messages/preview', {
      body: { audience },
      signal,
    }) as Promise<OutboundPreview>,
  /** Accepted at once (202, the send with its job id), or held for approval. */
  send: (input: OutboundMessageInput) => apiWrite('post', '/api/admin/outbound-messages', { body: input }),
  get: (id: number, signal?: AbortSignal): Promise<OutboundMessageDetail> =>
    apiGet('/api/admin/outbound-messages/{id}', { path: { id }, signal }),
  list: (query: Query, signal?: AbortSignal): Promise<Page<OutboundMessage>> =>
    apiGet('/api/admin/outbound-messages', { query, signal }),
  deliveries: (query: Query, signal?: AbortSignal): Promise<Page<OutboundDelivery>> =>
    apiGet('/api/admin/outbound-deliveries', { query, signal }),
  /** Every tier, lowest first (a programme has a handful): the audience's tier choices. */
  tiers: (signal?: AbortSignal): Promise<Page<Tier>> =>
    apiGet('/api/admin/tiers', { query: { pageSize: 100, sort: 'minPoints:asc' }, signal }),
};
