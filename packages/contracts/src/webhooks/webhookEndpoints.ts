import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { idInput, text, timestamps } from '../common.ts';
import { boundedInstant } from '../dates.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { webhookEventType } from './events.ts';

export const webhookEndpointStatuses = ['ACTIVE', 'PAUSED', 'DISABLED'] as const;
export const webhookEndpointStatus = z.enum(webhookEndpointStatuses);
export type WebhookEndpointStatus = (typeof webhookEndpointStatuses)[number];

/**
 * An http(s) URL without credentials (no `@` before the path); where it may point is checked when
 * sending (platform/outbound.ts).
 */
export const webhookUrl = text(2000)
  .min(1, { error: 'fillAllFields' })
  .regex(/^https?:\/\/[^\s/?#@]+(\/[^\s]*)?$/i, { error: 'webhooks.invalidUrl' });

export const webhookEndpointFields = z.object({
  url: webhookUrl,
  description: text(500).default(''),
  events: z.array(webhookEventType).min(1, { error: 'fillAllFields' }).max(50),
  status: webhookEndpointStatus.default('ACTIVE'),
  maxPerSecond: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(100)
    .describe('Rate limit: at most this many requests a second to this endpoint (all senders together)'),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointFields>;
export const webhookEndpointUpdateInput = webhookEndpointFields.extend(idInput.shape);

export const webhookEndpointSchema = webhookEndpointFields.extend({
  id: z.number().int(),
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  /** Until when the previous secret still signs (a rotation's overlap), or null. */
  previousSecretExpiresAt: z.string().nullable(),
  /** Only in the answer of a creation: the signing secret, shown once (`whsec_…`). */
  secret: z.string().optional(),
  ...timestamps,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointSortFields = ['createdAt', 'url'] as const;
export const webhookEndpointListQuery = listQuerySchema(webhookEndpointSortFields, {
  status: webhookEndpointStatus.optional(),
});
export const webhookEndpointPage = pageSchema(webhookEndpointSchema);

export const webhookRotateInput = idInput.extend({
  overlapHours: z.number().int().min(0).max(168).default(24).describe('How long the old secret still signs'),
});
export const webhookSecretAnswer = z.object({
  secret: z.string().describe('The new signing secret (`whsec_…`), shown once'),
  previousSecretExpiresAt: z.string().nullable(),
});

const rangeInOrder: [(r: { from: string; to: string }) => boolean, { error: string; path: string[] }] = [
  (r) => Date.parse(r.from) <= Date.parse(r.to),
  { error: 'toBeforeFrom', path: ['to'] },
];
/** A replay's range of instants (both ends included): the body of POST …/{id}/replay. */
export const webhookReplayBody = z
  .object({ from: boundedInstant, to: boundedInstant })
  .refine(...rangeInOrder);
export const webhookReplayInput = idInput
  .extend({ from: boundedInstant, to: boundedInstant })
  .refine(...rangeInOrder);
export const webhookReplaySchema = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  from: z.string(),
  to: z.string(),
  status: z.enum(['QUEUED', 'RUNNING', 'DONE']),
  total: z.number().int().nullable(),
  done: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type WebhookReplay = z.infer<typeof webhookReplaySchema>;

export const webhookEndpointCommands = {
  create: command('webhookEndpoint.create', webhookEndpointFields, 'Create a webhook endpoint'),
  update: command('webhookEndpoint.update', webhookEndpointUpdateInput, 'Update a webhook endpoint'),
  delete: command('webhookEndpoint.delete', idInput, 'Delete a webhook endpoint and its delivery log'),
  rotate: command(
    'webhookEndpoint.rotate',
    webhookRotateInput,
    "Rotate a webhook endpoint's signing secret (the old one signs during the overlap)",
  ),
  ping: command('webhookEndpoint.ping', idInput, 'Send a test ping to a webhook endpoint'),
  replay: command(
    'webhookEndpoint.replay',
    webhookReplayInput,
    "Send a time range's events to a webhook endpoint again",
  ),
};
export const webhookEndpointRead: ReadPermission = {
  code: 'webhookEndpoint.read',
  summary: 'View webhook endpoints',
};

export const webhookEndpointResource = defineResource({
  name: 'webhook-endpoints',
  area: 'webhooks',
  tag: 'Webhooks: endpoints',
  item: webhookEndpointSchema,
  page: webhookEndpointPage,
  query: webhookEndpointListQuery,
  sortFields: webhookEndpointSortFields,
  read: webhookEndpointRead,
  commands: webhookEndpointCommands,
  // Not in spec §2 (issue 50): the integration area of the menu.
  screens: {
    list: { path: 'Integration/Webhooks', label: 'webhooks' },
    create: { path: 'Integration/Webhooks/Add', label: 'addWebhook' },
    edit: { path: 'Integration/Webhooks/Edit/:id', label: 'editWebhook' },
    view: { path: 'Integration/Webhooks/:id', label: 'webhook' },
  },
  menu: { group: 'integration' },
});
