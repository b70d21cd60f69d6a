import type { Executor } from '../../db/client.ts';

/** How long a loaded snapshot is trusted: a change on another instance takes effect there within it. */
const TTL_MS = 1_000;
/** After a change on this instance, every read goes to the database for this long. */
const BYPASS_MS = 1_000;

export interface Snapshot<T> {
  get(db: Executor): Promise<T>;
  /** Called by every write to what the snapshot holds. */
  invalidate(): void;
}

/**
 * Configuration the integration API decides with on every call, kept in memory: reloaded (one
 * query) when older than a second, so every instance sees a change within a second, as the
 * programme does (modules/loyalty/programme.ts). A write on this instance invalidates it and
 * bypasses the memory for a second, so a read that raced the write's commit cannot keep the old
 * value: the instance that took the write is exact as soon as the write commits.
 *
 * Only a loaded value is shared. A caller that finds it stale loads it on its own executor: a
 * caller inside a transaction must never wait for a load that needs a pool connection, or ten
 * transactions waiting for it would hold the whole pool and wait for ever (seen under
 * `npm run bench`).
 */
export function snapshot<T>(load: (db: Executor) => Promise<T>): Snapshot<T> {
  let cached: { at: number; value: T } | undefined;
  let bypassUntil = 0;
  return {
    async get(db) {
      const now = Date.now();
      if (now >= bypassUntil && cached && now - cached.at <= TTL_MS) return cached.value;
      const value = await load(db);
      if (now >= bypassUntil) cached = { at: now, value };
      return value;
    },
    invalidate() {
      cached = undefined;
      bypassUntil = Date.now() + BYPASS_MS;
    },
  };
}
