import { z } from 'zod';
import { arabicText } from '../bilingual.ts';
import { command, type ReadPermission } from '../commands.ts';
import { dbId, idInput, idSchema, requiredText, text, timestamps } from '../common.ts';
import { recordStatus } from '../identity/users.ts';
import { messagePlaceholders, templateText } from '../messaging/messageTemplates.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

/**
 * What an alert reacts to. Ledger, tier and status events are written by database triggers in the
 * transaction of the change; the scheduled ones (`POINTS_EXPIRING`) by a job, `leadDays` ahead.
 */
export const alertEvents = [
  'POINTS_EARNED',
  'POINTS_REDEEMED',
  'REDEMPTION_CANCELLED',
  'TIER_UPGRADED',
  'TIER_DOWNGRADED',
  'POINTS_EXPIRING',
  'POINTS_EXPIRED',
  'VOUCHER_EXPIRING',
  'ACCOUNT_BLOCKED',
  'ACCOUNT_UNBLOCKED',
] as const;
export type AlertEvent = (typeof alertEvents)[number];
export const alertEvent = z.enum(alertEvents);
/** Events raised ahead of time by a job: their alerts carry a lead time in days. */
export const scheduledAlertEvents: readonly AlertEvent[] = ['POINTS_EXPIRING', 'VOUCHER_EXPIRING'];

export const alertChannels = ['EMAIL', 'SMS', 'IN_APP'] as const;
export type AlertChannel = (typeof alertChannels)[number];
export const alertChannel = z.enum(alertChannels);

/** Service alerts always go; marketing alerts skip customers who opted out of marketing. */
export const alertKinds = ['SERVICE', 'MARKETING'] as const;
export const alertKind = z.enum(alertKinds);

/**
 * The placeholders of an alert's templates: the messaging templates' customer placeholders, and
 * what the event carries. `staff.name` has no meaning in an alert a system sends.
 */
const { 'staff.name': _staff, ...customerPlaceholders } = messagePlaceholders;
export const alertPlaceholders = {
  ...customerPlaceholders,
  'event.points': 'Points of the event (earned, redeemed, expiring …), grouped digits',
  'event.reference': 'The transaction’s reference',
  'event.tier': 'The new tier (tier events)',
  'event.previousTier': 'The tier before (tier events)',
  'event.date': 'The day of the event, or the expiry day (points or voucher expiring)',
  'event.voucher': 'The voucher’s name (voucher expiring)',
} as const;
export type AlertPlaceholder = keyof typeof alertPlaceholders;

/** A template text of an alert: required, its placeholders all known. */
const alertText = (max: number) => templateText(max, alertPlaceholders);

/** One channel's template in both languages (SMS has no subject). */
export const alertTemplate = z.object({
  subjectEn: z.union([alertText(200), z.literal('')]).default(''),
  subjectAr: z.union([alertText(200), z.literal('')]).default(''),
  bodyEn: alertText(2000),
  bodyAr: alertText(2000),
});
export type AlertTemplate = z.infer<typeof alertTemplate>;

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'invalidTime' });
/** Nothing but in-app is delivered between start and end (local time of the bank); may wrap midnight. */
export const quietHours = z.object({ start: time, end: time }).refine((q) => q.start !== q.end, {
  error: 'invalidQuietHours',
  path: ['end'],
});

/** Who an alert reaches: empty lists mean everyone. */
export const alertAudience = z.object({
  tierIds: z.array(dbId).max(50).default([]),
  segments: z
    .array(z.enum(['RETAIL', 'BUSINESS']))
    .max(2)
    .default([]),
});

export const alertFields = z
  .object({
    groupId: dbId,
    nameEn: requiredText('fillAllFields', 100),
    nameAr: requiredText('fillAllFields', 100),
    description: text(500).default(''),
    descriptionAr: arabicText(500),
    event: alertEvent,
    kind: alertKind.default('SERVICE'),
    channels: z.array(alertChannel).min(1, { error: 'alertChannelRequired' }).max(3),
    templates: z.object({
      EMAIL: alertTemplate.optional(),
      SMS: alertTemplate.optional(),
      IN_APP: alertTemplate.optional(),
    }),
    audience: alertAudience.default({ tierIds: [], segments: [] }),
    quietHours: quietHours.nullable().default(null),
    leadDays: z.number().int().min(1).max(365).nullable().default(null),
    status: recordStatus,
  })
  .superRefine((a, ctx) => {
    if (new Set(a.channels).size !== a.channels.length) {
      ctx.addIssue({ code: 'custom', path: ['channels'], message: 'duplicateChannel' });
    }
    for (const channel of a.channels) {
      const template = a.templates[channel];
      if (!template) {
        ctx.addIssue({ code: 'custom', path: ['templates', channel], message: 'fillAllFields' });
      } else if (channel === 'EMAIL' && (!template.subjectEn || !template.subjectAr)) {
        const path = ['templates', channel, template.subjectEn ? 'subjectAr' : 'subjectEn'];
        ctx.addIssue({ code: 'custom', path, message: 'fillAllFields' });
      }
    }
    const scheduled = scheduledAlertEvents.includes(a.event);
    if (scheduled && a.leadDays === null) {
      ctx.addIssue({ code: 'custom', path: ['leadDays'], message: 'leadDaysRequired' });
    }
  });
export type AlertInput = z.input<typeof alertFields>;
export const alertUpdateInput = alertFields.and(idInput);

export const alertSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  groupNameEn: z.string(),
  groupNameAr: z.string(),
  categoryId: z.number().int(),
  nameEn: z.string(),
  nameAr: z.string(),
  description: z.string(),
  descriptionAr: z.string(),
  event: alertEvent,
  kind: alertKind,
  channels: z.array(alertChannel),
  templates: z.object({
    EMAIL: alertTemplate.optional(),
    SMS: alertTemplate.optional(),
    IN_APP: alertTemplate.optional(),
  }),
  audience: z.object({
    tierIds: z.array(z.number().int()),
    segments: z.array(z.enum(['RETAIL', 'BUSINESS'])),
  }),
  quietHours: z.object({ start: z.string(), end: z.string() }).nullable(),
  leadDays: z.number().int().nullable(),
  status: recordStatus,
  ...timestamps,
});
export type Alert = z.infer<typeof alertSchema>;

export const alertSortFields = ['nameEn', 'event', 'createdAt'] as const;
export const alertListQuery = listQuerySchema(alertSortFields, {
  groupId: idSchema.optional(),
  event: alertEvent.optional(),
  status: recordStatus.optional(),
});
export type AlertListQuery = z.output<typeof alertListQuery>;
export const alertPage = pageSchema(alertSchema);

/** Deliveries of an alert over the last 30 days, by outcome. */
export const alertStatsSchema = z.object({
  days: z.number().int(),
  sent: z.number().int().describe('Deliveries written (every outcome)'),
  delivered: z.number().int().describe('Accepted by the SMTP server or SMS gateway, or in the inbox'),
  failed: z.number().int().describe('Dead-lettered after the last attempt'),
  pending: z.number().int().describe('Waiting for their (next) attempt'),
  skipped: z.number().int().describe('Not sent: no address, opted out, or the channel is off'),
});
export type AlertStats = z.infer<typeof alertStatsSchema>;

export const alertCommands = {
  create: command('alert.create', alertFields, 'Create an alert'),
  update: command('alert.update', alertUpdateInput, 'Update an alert'),
  delete: command('alert.delete', idInput, 'Delete an alert that has sent nothing'),
};
export const alertRead: ReadPermission = { code: 'alert.read', summary: 'View alerts and their deliveries' };

export const alertResource = defineResource({
  name: 'alerts',
  area: 'alerts',
  tag: 'Alerts: alerts',
  item: alertSchema,
  page: alertPage,
  query: alertListQuery,
  sortFields: alertSortFields,
  read: alertRead,
  commands: alertCommands,
});

/** A sample customer for the template preview on screen. */
export const alertSampleValues: Record<'en' | 'ar', Record<AlertPlaceholder, string>> = {
  en: {
    'customer.name': 'Sara Al-Harbi',
    'customer.number': 'C-100245',
    'customer.balance': '12,450',
    'customer.tier': 'Gold',
    'points.expiring': '1,200',
    'points.expiringAt': '2027-01-31',
    'event.points': '350',
    'event.reference': 'POS-884120',
    'event.tier': 'Gold',
    'event.previousTier': 'Silver',
    'event.date': '2026-11-23',
    'event.voucher': 'Coffee for two',
  },
  ar: {
    'customer.name': 'سارة الحربي',
    'customer.number': 'C-100245',
    'customer.balance': '12,450',
    'customer.tier': 'ذهبي',
    'points.expiring': '1,200',
    'points.expiringAt': '2027-01-31',
    'event.points': '350',
    'event.reference': 'POS-884120',
    'event.tier': 'ذهبي',
    'event.previousTier': 'فضي',
    'event.date': '2026-11-23',
    'event.voucher': 'قهوة لشخصين',
  },
};
