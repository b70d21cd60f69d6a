import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.ts';

/**
 * Keys channels call the integration API with. Only a SHA-256 hash of the secret is kept (the
 * secret is 256 random bits, so a fast hash is enough); the key is shown once, at creation.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** First characters of the key, shown in lists so staff can tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    /** The channel the key serves (contracts `channels`): feature switches apply per channel. */
    channel: text('channel', {
      enum: ['MOBILE_APP', 'INTERNET_BANKING', 'BRANCH', 'CALL_CENTRE', 'POS'],
    })
      .notNull()
      .default('MOBILE_APP'),
    status: text('status', { enum: ['ACTIVE', 'REVOKED'] })
      .notNull()
      .default('ACTIVE'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('api_keys_hash_key').on(t.keyHash), index('api_keys_created_idx').on(t.createdAt)],
);
