import type { ConfigValue } from '@loyalty/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { configBundles, configItems, configItemVersions } from '../../db/schema/index.ts';
import { snapshot } from '../snapshot.ts';
import { registeredTunables, type SeedEnv, systemBundles, tunableByKey } from './registry.ts';

/**
 * The plain (not secret, not bound) items' values by key: read on hot paths, so kept in memory,
 * and dropped on every instance when an item changes (topic `configuration`, platform/changes.ts).
 */
let lastValues = new Map<string, ConfigValue>();
const values = snapshot(['configuration'], async (db: Executor) => {
  const rows = await db
    .select({ key: configItems.key, value: configItems.value })
    .from(configItems)
    .where(and(eq(configItems.secret, false), isNull(configItems.binding)));
  lastValues = new Map(rows.map((r) => [r.key, r.value as ConfigValue]));
  return lastValues;
});

/** Drops the values kept in memory, on every instance at commit (an item written or removed). */
export const invalidateTunables = (db: Executor) => values.invalidate(db);

const fallback = (key: string): ConfigValue => {
  const t = tunableByKey(key);
  if (!t) throw new Error(`unknown tunable ${key}`);
  return t.initial({ loginRateLimitPerMinute: 10 });
};

/** A system tunable's value (not a bound one: those are read where their own screen keeps them). */
export async function tunable<T extends ConfigValue>(db: Executor, key: string): Promise<T> {
  return ((await values.get(db)).get(key) ?? fallback(key)) as T;
}

let refreshing = false;
/**
 * A tunable's value now, for synchronous code (the earnings queue): the last loaded value, and a
 * reload started in the background when it is stale, so a change is seen within a second or so.
 */
export function tunableNow<T extends ConfigValue>(db: Executor, key: string): T {
  if (!refreshing) {
    refreshing = true;
    values
      .get(db)
      .catch(() => {})
      .finally(() => {
        refreshing = false;
      });
  }
  return (lastValues.get(key) ?? fallback(key)) as T;
}

/**
 * Seeds the system bundles and the registered tunables that are missing (each with version 1), so
 * a new tunable appears at the next start. Safe on several instances at once (ON CONFLICT DO NOTHING).
 */
export async function ensureSystemBundles(db: Executor, env: SeedEnv) {
  await db.transaction(async (tx) => {
    for (const b of systemBundles()) {
      await tx
        .insert(configBundles)
        .values({ ...b, system: true })
        .onConflictDoNothing({ target: configBundles.code });
    }
    const ids = new Map(
      (await tx.select({ id: configBundles.id, code: configBundles.code }).from(configBundles)).map((b) => [
        b.code,
        b.id,
      ]),
    );
    for (const t of registeredTunables()) {
      const value = t.binding ? await t.binding.read(tx) : t.initial(env);
      const [row] = await tx
        .insert(configItems)
        .values({
          bundleId: ids.get(t.bundle.code) as number,
          key: t.key,
          type: t.type,
          value: t.binding ? null : value,
          binding: t.binding ? t.key : null,
          descriptionEn: t.descriptionEn,
          descriptionAr: t.descriptionAr,
          validation: t.validation,
          system: true,
          version: 1,
        })
        .onConflictDoNothing({ target: configItems.key })
        .returning({ id: configItems.id });
      if (row)
        await tx.insert(configItemVersions).values({ itemId: row.id, version: 1, value, source: 'system' });
    }
  });
  await values.invalidate(db);
}
