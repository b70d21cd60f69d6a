import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { bigIdSchema, dbId, idSchema, text } from '../common.ts';
import { customerNumberSchema, customerSegments, customerStatuses } from '../customers/customers.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { messageChannels } from './messages.ts';
import { messagePlaceholderValues, messageText } from './messageTemplates.ts';

/**
 * Messages staff send to customers (`create-message`): to one customer, to a list of customer
 * numbers uploaded as CSV, or to an audience (tiers, segment, status). A send is accepted at once
 * (202) and written by a background job, one delivery per customer, in their language.
 */
export const outboundStatuses = ['QUEUED', 'SENDING', 'DONE'] as const;
export type OutboundStatus = (typeof outboundStatuses)[number];
export const deliveryStatuses = ['SENT', 'SKIPPED', 'FAILED'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];
/**
 * Why a customer got nothing: a closed account (skipped), no e-mail address for an e-mail-only
 * send (skipped), an address the mail server cannot take (failed).
 */
export const deliveryReasons = ['CUSTOMER_CLOSED', 'NO_EMAIL', 'INVALID_EMAIL'] as const;
export type DeliveryReason = (typeof deliveryReasons)[number];

/** The most customer numbers one CSV file may hold. */
export const CSV_MAX_ROWS = 200_000;
/** The largest CSV text a send takes (characters). */
export const CSV_MAX_CHARS = 4_000_000;

/** One bad line of an uploaded CSV: its number (from 1) and why (a message key). */
export interface CsvLineError {
  line: number;
  message: 'csvBadNumber' | 'csvUnknownCustomer' | 'csvTooManyRows';
}

const csvHeader = /^(customer[ _-]?(number|no|id)?|رقم العميل)$/i;
const unquote = (cell: string) =>
  cell
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

/**
 * The customer numbers of a CSV file: the first column of each line; a header line
 * (`customerNumber`, `customer_number`, `رقم العميل`) and blank lines are passed over, a number
 * listed twice counts once. Lines whose first cell is not a customer number are reported by line.
 * The screen checks the file with this before uploading it, and the server again.
 */
export function parseCustomerCsv(csv: string): {
  numbers: { line: number; number: string }[];
  errors: CsvLineError[];
} {
  const numbers: { line: number; number: string }[] = [];
  const errors: CsvLineError[] = [];
  const seen = new Set<string>();
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const cell = unquote(raw.split(/[,;\t]/)[0] ?? '');
    if (cell === '' || (index === 0 && csvHeader.test(cell))) return;
    if (!customerNumberSchema.safeParse(cell).success) {
      errors.push({ line, message: 'csvBadNumber' });
      return;
    }
    if (seen.has(cell)) return;
    seen.add(cell);
    if (numbers.length === CSV_MAX_ROWS) {
      if (!errors.some((e) => e.message === 'csvTooManyRows'))
        errors.push({ line, message: 'csvTooManyRows' });
      return;
    }
    numbers.push({ line, number: cell });
  });
  return { numbers, errors };
}

/** Who receives the message. */
export const outboundAudience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('CUSTOMER'), customerNumber: customerNumberSchema }),
  z.object({
    kind: z.literal('LIST'),
    csv: z.string({ error: 'fillAllFields' }).max(CSV_MAX_CHARS).describe('The uploaded CSV file’s text'),
    fileName: text(200).default(''),
  }),
  z.object({
    kind: z.literal('FILTER'),
    tierIds: z.array(dbId).max(50).default([]).describe('Any of these tiers; empty: every tier and none'),
    segment: z.enum(customerSegments).nullable().default(null),
    statuses: z.array(z.enum(customerStatuses)).min(1).max(3).default(['ACTIVE']),
  }),
]);
export type OutboundAudienceInput = z.input<typeof outboundAudience>;

/** The audience as the screens show it afterwards (a list keeps its file name and size, not the file). */
export const outboundAudienceSummary = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('CUSTOMER'), customerNumber: z.string() }),
  z.object({ kind: z.literal('LIST'), fileName: z.string(), count: z.number().int() }),
  z.object({
    kind: z.literal('FILTER'),
    tierIds: z.array(z.number().int()),
    segment: z.enum(customerSegments).nullable(),
    statuses: z.array(z.enum(customerStatuses)),
  }),
]);
export type OutboundAudienceSummary = z.infer<typeof outboundAudienceSummary>;

const channels = z
  .array(z.enum(messageChannels))
  .min(1, { error: 'chooseChannel' })
  .max(2)
  .refine((list) => new Set(list).size === list.length, { error: 'chooseChannel' });

/**
 * A new message: subject and body in English and Arabic (each customer gets their language), with
 * the documented `{{placeholders}}` filled per customer; `templateId` records the template the text
 * started from.
 */
export const outboundMessageFields = z.object({
  audience: outboundAudience,
  channels: channels.default(['APP']),
  templateId: dbId.nullable().default(null).describe('The template the text started from, if any'),
  subjectEn: messageText(200),
  subjectAr: messageText(200),
  bodyEn: messageText(4000),
  bodyAr: messageText(4000),
});
export type OutboundMessageInput = z.input<typeof outboundMessageFields>;

/** How many customers a send would reach, and one of them to preview the text with. */
export const outboundPreviewInput = z.object({ audience: outboundAudience });
export const outboundPreviewResult = z.object({
  recipients: z.number().int(),
  sample: z
    .object({
      customerNumber: z.string(),
      fullName: z.string(),
      language: z.enum(['en', 'ar']),
      values: messagePlaceholderValues.describe('The placeholders’ values for this customer'),
    })
    .nullable()
    .describe('The first recipient, whose values fill the preview'),
});
export type OutboundPreview = z.infer<typeof outboundPreviewResult>;

export const outboundMessageSchema = z.object({
  id: z.number().int().describe('Also the id of the send’s job'),
  subjectEn: z.string(),
  subjectAr: z.string(),
  bodyEn: z.string(),
  bodyAr: z.string(),
  templateId: z.number().int().nullable(),
  audience: outboundAudienceSummary,
  channels: z.array(z.enum(messageChannels)),
  status: z.enum(outboundStatuses),
  total: z.number().int().describe('Recipients counted when the send was accepted'),
  processed: z.number().int(),
  sent: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  createdById: z.number().int(),
  createdByName: z.string(),
  createdByNameAr: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type OutboundMessage = z.infer<typeof outboundMessageSchema>;

export const outboundResultSchema = z.object({
  status: z.enum(deliveryStatuses),
  reason: z.enum(deliveryReasons).nullable(),
  count: z.number().int(),
});
export const outboundMessageDetailSchema = outboundMessageSchema.extend({
  results: z.array(outboundResultSchema).describe('Deliveries so far by status and reason'),
});
export type OutboundMessageDetail = z.infer<typeof outboundMessageDetailSchema>;

export const outboundMessageSortFields = ['createdAt', 'total'] as const;
export const outboundMessageListQuery = listQuerySchema(outboundMessageSortFields, {
  status: z.enum(outboundStatuses).optional(),
  createdById: idSchema.optional(),
});
export type OutboundMessageListQuery = z.output<typeof outboundMessageListQuery>;
export const outboundMessagePage = pageSchema(outboundMessageSchema);

export const outboundMessageCommands = {
  send: command('outboundMessage.send', outboundMessageFields, 'Send a message to customers'),
};
export const outboundMessageRead: ReadPermission = {
  code: 'outboundMessage.read',
  summary: 'View messages sent to customers and their deliveries',
};

export const outboundMessageResource = defineResource({
  name: 'outbound-messages',
  area: 'messaging',
  tag: 'Messaging: outbound messages',
  item: outboundMessageSchema,
  page: outboundMessagePage,
  query: outboundMessageListQuery,
  sortFields: outboundMessageSortFields,
  read: outboundMessageRead,
  commands: outboundMessageCommands,
});

/** One customer's copy of an outbound message. */
export const outboundDeliverySchema = z.object({
  id: z.number().int(),
  outboundId: z.number().int(),
  customerId: z.number().int(),
  customerNumber: z.string(),
  customerName: z.string(),
  customerNameAr: z.string().nullable().describe('The customer’s name in Arabic letters (null: none)'),
  status: z.enum(deliveryStatuses),
  reason: z.enum(deliveryReasons).nullable(),
  channels: z.array(z.enum(messageChannels)).describe('Where it went: the in-app inbox, e-mail'),
  subject: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable().describe('When the customer read it in the app'),
});
export type OutboundDelivery = z.infer<typeof outboundDeliverySchema>;
export const outboundDeliverySortFields = ['createdAt'] as const;
export const outboundDeliveryListQuery = listQuerySchema(outboundDeliverySortFields, {
  outboundId: idSchema.optional(),
  customerId: bigIdSchema.optional(),
  status: z.enum(deliveryStatuses).optional(),
  reason: z.enum(deliveryReasons).optional(),
});
export const outboundDeliveryPage = pageSchema(outboundDeliverySchema);

/** The deliveries of outbound messages: one send's results, or one customer's messages. */
export const outboundDeliveryResource = defineResource({
  name: 'outbound-deliveries',
  area: 'messaging',
  tag: 'Messaging: outbound messages',
  item: outboundDeliverySchema,
  page: outboundDeliveryPage,
  query: outboundDeliveryListQuery,
  sortFields: outboundDeliverySortFields,
  read: outboundMessageRead,
  commands: {},
});
