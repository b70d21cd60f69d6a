import { createHash, randomBytes } from 'node:crypto';
import {
  type ApiKey,
  type ApiKeyListQuery,
  type ApiKeyScope,
  apiKeyCommands,
  type apiKeyResource,
  type Channel,
} from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { cacheTtl, onChange, publishChange } from '../../platform/changes.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { listPage, type ResourceListSpec } from '../../platform/lists.ts';

type Row = typeof apiKeys.$inferSelect;
const toApiKey = ({ keyHash: _h, createdBy: _c, ...row }: Row): ApiKey => ({
  ...row,
  scopes: row.scopes as ApiKeyScope[],
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** Keys are 256 random bits: a SHA-256 of the key is safe to store and fast to look up. */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');
/** A new key, and what `apiKey.create` stores of it (its hash and first characters). */
export function drawApiKey() {
  const key = `lk_${randomBytes(32).toString('base64url')}`;
  return { key, keyHash: hashKey(key), prefix: key.slice(0, 10) };
}

const listSpec: ResourceListSpec<typeof apiKeys, typeof apiKeyResource> = {
  table: apiKeys,
  sortable: { name: apiKeys.name, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt },
  defaultSort: { field: 'createdAt', direction: 'desc' },
  tieBreaker: apiKeys.id,
  search: [apiKeys.name, apiKeys.prefix],
  filters: {
    status: (v: Row['status']) => eq(apiKeys.status, v),
    channel: (v: Row['channel']) => eq(apiKeys.channel, v),
  },
};
export const listApiKeys = (db: Executor, query: ApiKeyListQuery) => listPage(db, listSpec, query, toApiKey);

/** A verified key as the integration API uses it; cached briefly so a key costs no query per call. */
export interface VerifiedKey {
  id: number;
  name: string;
  scopes: ReadonlySet<ApiKeyScope>;
  channel: Channel;
}

const TOUCH_MS = 60_000;
/** Verified keys by hash; a revocation drops them on every instance when it commits (platform/changes.ts). */
const cache = new Map<string, { key: VerifiedKey | undefined; at: number }>();
const touched = new Map<number, number>();
onChange('api-keys', () => cache.clear());

export async function verifyApiKey(db: Executor, presented: string): Promise<VerifiedKey | undefined> {
  const hash = hashKey(presented);
  const now = Date.now();
  let hit = cache.get(hash);
  if (!hit || now - hit.at > cacheTtl()) {
    const [row] = await db
      .select({ id: apiKeys.id, name: apiKeys.name, scopes: apiKeys.scopes, channel: apiKeys.channel })
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, hash), eq(apiKeys.status, 'ACTIVE')));
    hit = {
      key: row && {
        id: row.id,
        name: row.name,
        scopes: new Set(row.scopes as ApiKeyScope[]),
        channel: row.channel,
      },
      at: now,
    };
    if (cache.size > 10_000) cache.clear();
    cache.set(hash, hit);
  }
  if (hit.key && now - (touched.get(hit.key.id) ?? 0) > TOUCH_MS) {
    touched.set(hit.key.id, now);
    await db.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(apiKeys.id, hit.key.id));
  }
  return hit.key;
}

async function findKey(db: Executor, id: number): Promise<Row> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update');
  if (!row) throw notFound('API key');
  return row;
}

export const apiKeyHandlers = [
  // The key was drawn by the route (drawApiKey), which answers it to the maker: the secret is in
  // that answer only, never in the database, the audit trail or a log.
  defineHandler(apiKeyCommands.create, async ({ tx, actor }, input) => {
    const [row] = (await tx
      .insert(apiKeys)
      .values({
        name: input.name,
        scopes: [...new Set(input.scopes)],
        channel: input.channel,
        prefix: input.prefix,
        keyHash: input.keyHash,
        createdBy: actor.userId,
      })
      .returning()) as [Row];
    // Its maker may have tried the key while it waited for approval: no instance may keep
    // remembering it as unknown.
    await publishChange(tx, 'api-keys');
    const after = toApiKey(row);
    return { result: after, targetType: 'apiKey', targetId: row.id, after };
  }),
  defineHandler(apiKeyCommands.revoke, async ({ tx }, { id }) => {
    const before = toApiKey(await findKey(tx, id));
    if (before.status === 'REVOKED') throw new AppError('CONFLICT', 'The key is already revoked');
    const [row] = (await tx
      .update(apiKeys)
      .set({ status: 'REVOKED', revokedAt: sql`now()` })
      .where(eq(apiKeys.id, id))
      .returning()) as [Row];
    await publishChange(tx, 'api-keys');
    const after = toApiKey(row);
    return { result: after, targetType: 'apiKey', targetId: id, before, after };
  }),
];
