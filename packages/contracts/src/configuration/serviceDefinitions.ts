import { z } from 'zod';
import { arabicText } from '../bilingual.ts';
import { command, type ReadPermission } from '../commands.ts';
import { idInput, requiredText, text, timestamps } from '../common.ts';
import { recordStatus } from '../identity/users.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { channelSchema, channels } from './channels.ts';

/**
 * The customer-facing services of the integration API. A service with a definition may be used
 * only by the channels it names (403 SERVICE_NOT_ALLOWED otherwise, and for every channel while
 * the definition is DISABLED), and within its limits per customer per day (409 LIMIT_EXCEEDED);
 * a service without a definition is open to every channel, without limits.
 *
 * - view-balance: GET /customers/{n}/balance
 * - earn: POST /transactions (count and points awarded per day), and its reversal (channels and
 *   status only: a reversal counts towards no limit)
 * - redeem-voucher: POST /redemptions (count and points spent per day)
 * - send-message: POST /customers/{n}/messages (count per day)
 * - read-messages: the in-app inbox and marking a message read
 * - read-content: locations, FAQ, privacy policy and terms
 */
export const serviceCodes = [
  'view-balance',
  'earn',
  'redeem-voucher',
  'send-message',
  'read-messages',
  'read-content',
] as const;
export type ServiceCode = (typeof serviceCodes)[number];
/** The services a daily count limit applies to (the others have no customer to count for, or are reads). */
export const countLimitedServices: readonly ServiceCode[] = ['earn', 'redeem-voucher', 'send-message'];
/** The services that move points, so may have a daily points limit. */
export const pointsLimitedServices: readonly ServiceCode[] = ['earn', 'redeem-voucher'];

/** Limits are whole numbers ≥ 1, or null for none. */
const limit = (max: number) => z.number().int().min(1).max(max).nullable().default(null);

const serviceDefinitionObject = z.object({
  service: z.enum(serviceCodes, { error: 'fillAllFields' }),
  nameEn: requiredText('fillAllFields', 150),
  nameAr: requiredText('fillAllFields', 150),
  description: text(500).default(''),
  descriptionAr: arabicText(500),
  channels: z.array(channelSchema).max(channels.length).describe('The channels that may use the service'),
  dailyCountLimit: limit(1_000_000).describe('Calls per customer per day (UTC), or null'),
  dailyPointsLimit: limit(1_000_000_000).describe('Points per customer per day (UTC), or null'),
  status: recordStatus,
});
/** A limit on a service it cannot apply to is refused, on its field. */
const limitsApply = (v: z.output<typeof serviceDefinitionObject>, ctx: z.RefinementCtx) => {
  if (v.dailyCountLimit !== null && !countLimitedServices.includes(v.service))
    ctx.addIssue({ code: 'custom', path: ['dailyCountLimit'], message: 'serviceLimitNotApplicable' });
  if (v.dailyPointsLimit !== null && !pointsLimitedServices.includes(v.service))
    ctx.addIssue({ code: 'custom', path: ['dailyPointsLimit'], message: 'serviceLimitNotApplicable' });
};
export const serviceDefinitionFields = serviceDefinitionObject.superRefine(limitsApply);
export type ServiceDefinitionInput = z.input<typeof serviceDefinitionFields>;
export const serviceDefinitionUpdateInput = serviceDefinitionObject
  .extend(idInput.shape)
  .superRefine(limitsApply);

export const serviceDefinitionSchema = z.object({
  id: z.number().int(),
  service: z.enum(serviceCodes),
  nameEn: z.string(),
  nameAr: z.string(),
  description: z.string(),
  descriptionAr: z.string(),
  channels: z.array(channelSchema),
  dailyCountLimit: z.number().int().nullable(),
  dailyPointsLimit: z.number().int().nullable(),
  status: recordStatus,
  ...timestamps,
});
export type ServiceDefinition = z.infer<typeof serviceDefinitionSchema>;

export const serviceDefinitionSortFields = ['service', 'nameEn', 'updatedAt'] as const;
export const serviceDefinitionListQuery = listQuerySchema(serviceDefinitionSortFields, {
  status: recordStatus.optional(),
});
export type ServiceDefinitionListQuery = z.output<typeof serviceDefinitionListQuery>;
export const serviceDefinitionPage = pageSchema(serviceDefinitionSchema);

export const serviceDefinitionCommands = {
  create: command(
    'serviceDefinition.create',
    serviceDefinitionFields,
    'Define a customer-facing service: channels and limits',
  ),
  update: command('serviceDefinition.update', serviceDefinitionUpdateInput, 'Change a service definition'),
  delete: command(
    'serviceDefinition.delete',
    idInput,
    'Delete a service definition (the service is open again)',
  ),
};
export const serviceDefinitionRead: ReadPermission = {
  code: 'serviceDefinition.read',
  summary: 'View service definitions',
};

export const serviceDefinitionResource = defineResource({
  name: 'service-definitions',
  area: 'configuration',
  tag: 'Configuration: service definitions',
  item: serviceDefinitionSchema,
  page: serviceDefinitionPage,
  query: serviceDefinitionListQuery,
  sortFields: serviceDefinitionSortFields,
  read: serviceDefinitionRead,
  commands: serviceDefinitionCommands,
  screens: {
    list: { path: 'ServiceDefinitionConfigurations', label: 'serviceDefinitions' },
    create: { path: 'ServiceDefinitionConfigurations/Create', label: 'createServiceDefinition' },
  },
  menu: { group: 'configuration' },
});
