import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { idInput, requiredText } from '../common.ts';
import { channelSchema } from '../configuration/channels.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

/** What a key may call on the integration API. */
export const apiKeyScopes = [
  'customers',
  'transactions',
  'balance',
  'redemptions',
  'messages',
  'content',
  'imports',
] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const apiKeyInput = z.object({
  name: requiredText('fillAllFields', 100).describe('Who uses the key, e.g. "POS network"'),
  scopes: z.array(z.enum(apiKeyScopes)).min(1, { error: 'fillAllFields' }),
  channel: channelSchema
    .default('MOBILE_APP')
    .describe('The channel the key serves: feature switches and service definitions apply per channel'),
});
export type ApiKeyInput = z.input<typeof apiKeyInput>;

/**
 * What `apiKey.create` runs with: the form's fields and the key the server drew when asked — its
 * SHA-256 and first characters, never the key itself. Issuing a key is a safeguard (it waits for a
 * second person once one exists, issue 48), so the key is drawn and shown to its maker when they
 * ask; approving the request re-runs the command with the same hash, and the key works from then.
 */
export const apiKeyCreateInput = apiKeyInput.extend({
  keyHash: z.string().regex(/^[0-9a-f]{64}$/),
  prefix: z.string().regex(/^lk_[A-Za-z0-9_-]{7}$/),
});

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the key'),
  scopes: z.array(z.enum(apiKeyScopes)),
  channel: channelSchema,
  status: z.enum(['ACTIVE', 'REVOKED']),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyCreatedSchema = apiKeySchema.extend({
  key: z.string().describe('The secret key: shown this once, never again'),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeySortFields = ['name', 'createdAt', 'lastUsedAt'] as const;
export const apiKeyListQuery = listQuerySchema(apiKeySortFields, {
  status: z.enum(['ACTIVE', 'REVOKED']).optional(),
  channel: channelSchema.optional(),
});
export type ApiKeyListQuery = z.output<typeof apiKeyListQuery>;
export const apiKeyPage = pageSchema(apiKeySchema);

export const apiKeyCommands = {
  create: command('apiKey.create', apiKeyCreateInput, 'Create an integration API key'),
  revoke: command('apiKey.revoke', idInput, 'Revoke an integration API key'),
};
export const apiKeyRead: ReadPermission = { code: 'apiKey.read', summary: 'View integration API keys' };

export const apiKeyResource = defineResource({
  name: 'api-keys',
  area: 'integration',
  tag: 'Integration: API keys',
  item: apiKeySchema,
  page: apiKeyPage,
  query: apiKeyListQuery,
  sortFields: apiKeySortFields,
  read: apiKeyRead,
  commands: apiKeyCommands,
});
