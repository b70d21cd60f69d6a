import {
  type OutboundAudienceInput,
  type OutboundDelivery,
  type OutboundMessage,
  type OutboundMessageDetail,
  type OutboundMessageInput,
  type OutboundPreview,
  outboundDeliveryResource,
  outboundMessageResource,
  type Page,
  type Tier,
  tierResource,
} from '@loyalty/contracts';
import { get, type Query, request, write } from '../../../api/client.ts';
import { resourceEndpoint } from '../../../api/resource.ts';

const sends = resourceEndpoint(outboundMessageResource);

/** Messages to customers (`/api/admin/outbound-messages`): preview, send, follow. */
export const outboundApi = {
  /** How many customers the audience reaches now, and a sample recipient's placeholder values. */
  preview: async (audience: OutboundAudienceInput, signal?: AbortSignal) =>
    (await request<OutboundPreview>(`${sends}/preview`, { method: 'POST', body: { audience }, signal })).data,
  /** Accepted at once (202, the send with its job id), or held for approval. */
  send: (input: OutboundMessageInput) => write<OutboundMessage>('POST', sends, input),
  get: (id: number, signal?: AbortSignal) => get<OutboundMessageDetail>(`${sends}/${id}`, undefined, signal),
  list: (query: Query, signal?: AbortSignal) => get<Page<OutboundMessage>>(sends, query, signal),
  deliveries: (query: Query, signal?: AbortSignal) =>
    get<Page<OutboundDelivery>>(resourceEndpoint(outboundDeliveryResource), query, signal),
  /** Every tier, lowest first (a programme has a handful): the audience's tier choices. */
  tiers: (signal?: AbortSignal) =>
    get<Page<Tier>>(resourceEndpoint(tierResource), { pageSize: 100, sort: 'minPoints:asc' }, signal),
};
