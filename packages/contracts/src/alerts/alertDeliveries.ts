import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { bigIdSchema, idSchema } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { alertChannel, alertEvent } from './alerts.ts';

/**
 * One alert to one customer over one channel. (event, alert, channel) is unique: the delivery's
 * idempotency key, so an event expanded twice or a job run again after a crash writes it once.
 */
export const alertDeliveryStatuses = ['PENDING', 'SENDING', 'SENT', 'DEAD', 'SKIPPED'] as const;
export type AlertDeliveryStatus = (typeof alertDeliveryStatuses)[number];
export const alertDeliveryStatus = z.enum(alertDeliveryStatuses);
export const alertSkipReasons = ['OPTED_OUT', 'NO_ADDRESS', 'CHANNEL_OFF', 'CUSTOMER_CLOSED'] as const;

export const alertDeliverySchema = z.object({
  id: z.number().int(),
  alertId: z.number().int(),
  alertNameEn: z.string(),
  alertNameAr: z.string(),
  event: alertEvent,
  customerId: z.number().int(),
  customerNumber: z.string(),
  customerName: z.string(),
  customerNameAr: z.string().nullable().describe('The customer’s name in Arabic letters (null: none)'),
  channel: alertChannel,
  language: z.enum(['en', 'ar']),
  recipient: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  status: alertDeliveryStatus,
  skipReason: z.enum(alertSkipReasons).nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AlertDelivery = z.infer<typeof alertDeliverySchema>;

export const alertDeliverySortFields = ['createdAt'] as const;
export const alertDeliveryListQuery = listQuerySchema(alertDeliverySortFields, {
  alertId: idSchema.optional(),
  customerId: bigIdSchema.optional(),
  status: alertDeliveryStatus.optional(),
  channel: alertChannel.optional(),
});
export const alertDeliveryPage = pageSchema(alertDeliverySchema);

export const alertDeliveryCommands = {
  retry: command(
    'alertDelivery.retry',
    z.object({ id: bigIdSchema }),
    'Send a dead-lettered alert delivery again',
  ),
};
export const alertDeliveryRead: ReadPermission = {
  code: 'alertDelivery.read',
  summary: 'View alert deliveries',
};

export const alertDeliveryResource = defineResource({
  name: 'alert-deliveries',
  area: 'alerts',
  tag: 'Alerts: deliveries',
  item: alertDeliverySchema,
  page: alertDeliveryPage,
  query: alertDeliveryListQuery,
  sortFields: alertDeliverySortFields,
  read: alertDeliveryRead,
  commands: alertDeliveryCommands,
});
