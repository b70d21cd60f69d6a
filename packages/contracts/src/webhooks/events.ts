import { z } from 'zod';

/**
 * The catalogue of webhook events (docs/decisions/webhooks.md). Each type is stable; a payload
 * that changes incompatibly gets a new `version` and keeps the old one's schema here. Every
 * message is the envelope below (Standard Webhooks: `type`, `timestamp`, `data`), signed with
 * the endpoint's secret; `webhook-id` is `id`, the same on every retry and replay.
 */
const customerNumber = z.string().describe("The customer's number in the bank");
const occurredAt = z.string().describe('ISO 8601, UTC');

const pointsMoved = z.object({
  customerNumber,
  points: z.number().int().nonnegative(),
  balanceAfter: z.number().int(),
  reference: z.string().describe("The channel's transaction id, or the internal reference"),
  ledgerEntryId: z.string(),
  channel: z.string().nullable(),
  occurredAt,
});

const statusChanged = z.object({
  customerNumber,
  status: z.string(),
  previousStatus: z.string(),
  occurredAt,
});

const serviceDeskMessage = z.object({
  customerNumber,
  conversationId: z.number().int(),
  messageId: z.string(),
  channel: z.enum(['APP', 'EMAIL']),
  subject: z.string(),
  body: z.string(),
  occurredAt,
});

export const webhookEventCatalogue = {
  'points.earned': { version: 1, summary: 'Points were earned', data: pointsMoved },
  'points.redeemed': { version: 1, summary: 'Points were redeemed', data: pointsMoved },
  'points.expired': { version: 1, summary: 'Points expired', data: pointsMoved },
  'redemption.cancelled': {
    version: 1,
    summary: 'A redemption was reversed and its points given back',
    data: pointsMoved,
  },
  'tier.changed': {
    version: 1,
    summary: "The customer's tier changed",
    data: z.object({
      customerNumber,
      tier: z.string().nullable(),
      previousTier: z.string().nullable(),
      direction: z.enum(['UP', 'DOWN']),
      reason: z.string(),
      occurredAt,
    }),
  },
  'customer.blocked': {
    version: 1,
    summary: 'The customer was blocked',
    data: statusChanged,
  },
  'customer.unblocked': {
    version: 1,
    summary: 'The customer was unblocked',
    data: statusChanged,
  },
  'message.received': {
    version: 1,
    summary: 'The customer sent a message to the service desk',
    data: serviceDeskMessage,
  },
  'message.replied': {
    version: 1,
    summary: "Staff replied to the customer's conversation",
    data: serviceDeskMessage,
  },
  'campaign.ended': {
    version: 1,
    summary: 'A campaign ended: its end passed, its budget ran out, or staff ended it',
    data: z.object({
      campaignId: z.number().int(),
      nameEn: z.string(),
      nameAr: z.string(),
      reason: z
        .enum(['PERIOD', 'BUDGET', 'STAFF'])
        .describe('PERIOD: its end date passed; BUDGET: its budget was spent; STAFF: ended by staff'),
      startsAt: occurredAt,
      endsAt: occurredAt,
      budget: z.number().int(),
      spent: z.number().int().describe('Bonus points it awarded'),
      customersReached: z.number().int(),
      occurredAt,
    }),
  },
  'import.finished': {
    version: 1,
    summary: 'An import finished posting (DONE), or its posting stopped on an error (FAILED)',
    data: z.object({
      importId: z.number().int(),
      kind: z.string().describe('TRANSACTIONS'),
      fileName: z.string(),
      status: z
        .enum(['DONE', 'FAILED'])
        .describe('FAILED: stopped on an error; it resumes once posted again'),
      lines: z.number().int().describe('Data lines in the file'),
      invalidLines: z.number().int().describe('Lines refused when validating'),
      posted: z.number().int(),
      duplicates: z.number().int().describe('Lines already posted (an earlier file, or the API)'),
      refused: z.record(z.string(), z.number().int()).describe('Lines refused, by reason'),
      points: z.number().int(),
      error: z.string().nullable(),
      occurredAt,
    }),
  },
} as const;

export const webhookEventTypes = Object.keys(webhookEventCatalogue) as [
  keyof typeof webhookEventCatalogue,
  ...(keyof typeof webhookEventCatalogue)[],
];
export type WebhookEventType = (typeof webhookEventTypes)[number];
export const webhookEventType = z.enum(webhookEventTypes);

/** The test ping an endpoint's screen sends: to that endpoint only, never subscribed to. */
export const WEBHOOK_PING = 'webhook.ping';
export const webhookPingData = z.object({ endpointId: z.number().int(), occurredAt });

/** The body of every message: the event's id and type, when it happened, its customer sequence. */
export function webhookEnvelope<D extends z.ZodType>(type: string, version: number, data: D) {
  return z.object({
    id: z.string().describe('The event id, also the `webhook-id` header: the same on retries and replays'),
    type: z.literal(type),
    version: z.literal(version),
    timestamp: occurredAt,
    customerSequence: z
      .number()
      .int()
      .nullable()
      .describe("The event's number among its customer's events (delivery is unordered)"),
    data,
  });
}

/**
 * The OpenAPI document's `webhooks` section: per event type, the POST the receiver gets (the
 * envelope with that type's payload, the three Standard Webhooks headers) and the answer asked of it.
 */
export function webhookDocument(): Record<string, unknown> {
  const header = (description: string) => ({ required: true, schema: { type: 'string' }, description });
  const parameters = [
    {
      name: 'webhook-id',
      in: 'header',
      ...header('The event id: the same on retries and replays (idempotency key)'),
    },
    {
      name: 'webhook-timestamp',
      in: 'header',
      ...header('Seconds since the epoch when this attempt was signed'),
    },
    {
      name: 'webhook-signature',
      in: 'header',
      ...header('Space-separated `v1,<base64 HMAC-SHA256>`; two during a secret rotation'),
    },
  ];
  return Object.fromEntries(
    Object.entries(webhookEventCatalogue).map(([type, entry]) => [
      type,
      {
        post: {
          summary: entry.summary,
          operationId: `webhook_${type.replace('.', '_')}_v${entry.version}`,
          parameters,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: z.toJSONSchema(webhookEnvelope(type, entry.version, entry.data), {
                  target: 'openapi-3.0',
                }),
              },
            },
          },
          responses: { '2XX': { description: 'Received: not sent again' } },
        },
      },
    ]),
  );
}
