import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { idInput } from '../common.ts';
import { recordStatus } from '../identity/users.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { channelSchema, channels } from './channels.ts';

/**
 * Feature switches of the customer app (MasterDataManagement/Features). A feature is a customer
 * permission (`customer-permissions`: code, name, description, status — the switch for every
 * channel at once); here it is also switched per channel. The integration API refuses a call
 * whose feature is off, for every channel (status DISABLED) or for the key's channel, with
 * 403 FEATURE_DISABLED; `GET /api/integration/v1/features` tells the app what is on.
 *
 * Built-in features and what they gate: earn (transactions and reversals), redeem (voucher
 * redemptions), balance (balance, tier, expiring points), messages (send, inbox, mark read),
 * locations (branch and ATM locations), faq (the FAQ).
 */
export const featureCodes = ['earn', 'redeem', 'balance', 'messages', 'locations', 'faq'] as const;
export type FeatureCode = (typeof featureCodes)[number];

export const featureFields = z.object({
  status: recordStatus,
  channels: z
    .array(channelSchema)
    .max(channels.length)
    .describe('The channels on which the feature is on (when its status is ACTIVE)'),
});
export type FeatureInput = z.input<typeof featureFields>;
export const featureUpdateInput = featureFields.extend(idInput.shape);

export const featureSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameAr: z.string().describe('Arabic: a built-in feature’s from the system texts; empty otherwise'),
  description: z.string(),
  descriptionAr: z.string(),
  status: recordStatus,
  system: z.boolean().describe('Built in: enforced by the integration API'),
  channels: z.array(channelSchema),
  updatedAt: z.string(),
});
export type Feature = z.infer<typeof featureSchema>;

export const featureSortFields = ['code', 'name', 'updatedAt'] as const;
export const featureListQuery = listQuerySchema(featureSortFields, {
  status: recordStatus.optional(),
});
export type FeatureListQuery = z.output<typeof featureListQuery>;
export const featurePage = pageSchema(featureSchema);

export const featureCommands = {
  update: command(
    'feature.update',
    featureUpdateInput,
    'Switch a customer-app feature on or off, per channel',
  ),
};
export const featureRead: ReadPermission = {
  code: 'feature.read',
  summary: 'View customer-app feature switches',
};

export const featureResource = defineResource({
  name: 'features',
  area: 'configuration',
  tag: 'Configuration: features',
  item: featureSchema,
  page: featurePage,
  query: featureListQuery,
  sortFields: featureSortFields,
  read: featureRead,
  commands: featureCommands,
  screens: { list: { path: 'MasterDataManagement/Features', label: 'features' } },
  menu: { group: 'configuration' },
});

/** What `GET /api/integration/v1/features` answers: the key's channel and every feature's state on it. */
export const channelFeatures = z.object({
  channel: channelSchema,
  features: z.array(z.object({ code: z.string(), name: z.string(), enabled: z.boolean() })),
});
export type ChannelFeatures = z.infer<typeof channelFeatures>;
