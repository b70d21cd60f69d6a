import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { bigIdSchema, idSchema, text } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

export const webhookDeliveryStatuses = ['PENDING', 'SENDING', 'DELIVERED', 'DEAD'] as const;
export const webhookDeliveryStatus = z.enum(webhookDeliveryStatuses);
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  attemptedAt: z.string(),
  responseCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The first bytes of the receiver's answer: only for those who may read the endpoint's log. */
  responseExcerpt: z.string(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  status: webhookDeliveryStatus,
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  responseCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  /** Every attempt, newest first (in the record's answer; empty in lists). */
  log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliverySortFields = ['createdAt'] as const;
export const webhookDeliveryListQuery = listQuerySchema(webhookDeliverySortFields, {
  endpointId: idSchema.optional(),
  event: text(100).optional(),
  status: webhookDeliveryStatus.optional(),
});
export const webhookDeliveryPage = pageSchema(webhookDeliverySchema);

export const webhookDeliveryCommands = {
  retry: command('webhookDelivery.retry', z.object({ id: bigIdSchema }), 'Send a webhook delivery again now'),
};
export const webhookDeliveryRead: ReadPermission = {
  code: 'webhookDelivery.read',
  summary: "View webhook deliveries and the receivers' answers",
};

export const webhookDeliveryResource = defineResource({
  name: 'webhook-deliveries',
  area: 'webhooks',
  tag: 'Webhooks: deliveries',
  item: webhookDeliverySchema,
  page: webhookDeliveryPage,
  query: webhookDeliveryListQuery,
  sortFields: webhookDeliverySortFields,
  read: webhookDeliveryRead,
  commands: webhookDeliveryCommands,
});
