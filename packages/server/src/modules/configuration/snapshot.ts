import type { Executor } from '../../db/client.ts';
import { cacheTtl, onChange, publishChange } from '../../platform/changes.ts';

/** After a change on this instance, every read goes to the database for this long. */
const BYPASS_MS = 1_000;

export interface Snapshot<T> {
  get(db: Executor): Promise<T>;
  /** Called by every write to what the snapshot holds, inside its transaction. */
  invalidate(db: Executor): Promise<void>;
}

/**
 * Configuration the integration API decides with on every call, kept in memory. A write publishes
 * the `configuration` change in its transaction, which drops every snapshot on every instance when
 * it commits (platform/changes.ts); a snapshot is reloaded at the latest after `cacheTtl()`. The
 * instance that took the write also bypasses the memory for a second, so a read that raced the
 * write's commit cannot keep the old value.
 *
 * Only a loaded value is shared. A caller that finds it stale loads it on its own executor: a
 * caller inside a transaction must never wait for a load that needs a pool connection, or ten
 * transactions waiting for it would hold the whole pool and wait for ever (seen under
 * `npm run bench`).
 */
export function snapshot<T>(load: (db: Executor) => Promise<T>): Snapshot<T> {
  let cached: { at: number; value: T } | undefined;
  let bypassUntil = 0;
  onChange('configuration', () => {
    cached = undefined;
  });
  return {
    async get(db) {
      const now = Date.now();
      if (now >= bypassUntil && cached && now - cached.at <= cacheTtl()) return cached.value;
      const value = await load(db);
      if (now >= bypassUntil) cached = { at: now, value };
      return value;
    },
    async invalidate(db) {
      cached = undefined;
      bypassUntil = Date.now() + BYPASS_MS;
      await publishChange(db, 'configuration');
    },
  };
}
