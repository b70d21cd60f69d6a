import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';

/**
 * Rate limits that hold across instances: the counters live in the PostgreSQL database every
 * instance shares (the UNLOGGED table `rate_limit_counters`). On the embedded database, which one
 * process owns, they stay in memory. Two ways to count (docs/decisions/many-instances.md):
 * - exact (`SharedStore`, for @fastify/rate-limit): one upsert per hit — sign-in and the other
 *   credential routes, a few requests a second at most. A key's window starts at its first hit,
 *   as in the plugin's own store: a burst cannot straddle two windows to get twice the limit;
 * - batched (`SharedCounter`), for the integration API's thousands of calls a second, in fixed
 *   windows of the clock (`<key>@<window number>`): an instance counts locally and adds its hits
 *   to the shared counters every `syncMs` in one statement, reading back the totals. A key may
 *   then exceed its limit by what the other instances accepted in the last `syncMs`, never more.
 */

const windowOf = (windowMs: number, now = Date.now()) => Math.floor(now / windowMs);
const windowEnd = (windowMs: number, window: number) => new Date((window + 1) * windowMs);

/** Rows of windows that are over; run now and then by every limiter (harmless twice). */
const CLEANUP_MS = 60_000;
async function deleteEndedWindows(db: Executor) {
  await db.execute(sql`delete from rate_limit_counters where window_ends_at < now()`);
}

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * An exact store for @fastify/rate-limit (`store` option): `incr` adds one hit in the database
 * and answers the window's total; a hit after the key's window ended opens a new one.
 */
export function sharedStore(db: Executor) {
  let lastCleanup = 0;
  return class SharedStore {
    /** Each limited route counts apart, as the plugin's own store does: `<method> <url>`. */
    route = '';

    async incr(client: string, cb: Callback, timeWindow: number) {
      const key = `${this.route} ${client}`;
      try {
        // Both SET expressions read the row as it was: an ended window restarts with this hit.
        const [row] = rowsOf<{ hits: number; ttl: number }>(
          await db.execute(sql`
            insert into rate_limit_counters as c (key, hits, window_ends_at)
            values (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
            on conflict (key) do update set
              hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
              window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at
                                    else c.window_ends_at end
            returning hits, ceil(extract(epoch from window_ends_at - now()) * 1000) as ttl`),
        );
        if (Date.now() - lastCleanup > CLEANUP_MS) {
          lastCleanup = Date.now();
          await deleteEndedWindows(db);
        }
        cb(null, { current: Number(row?.hits ?? 1), ttl: Math.max(0, Number(row?.ttl ?? timeWindow)) });
      } catch (err) {
        cb(err as Error);
      }
    }

    /** The plugin passes the route's merged limit options, the route itself under `routeInfo`. */
    child(options: unknown) {
      type Route = { method?: string | string[]; url?: string };
      const { method = '', url = '' } = (options as { routeInfo?: Route }).routeInfo ?? {};
      const store = new SharedStore();
      store.route = `${method} ${url}`;
      return store;
    }
  };
}

interface Local {
  window: number;
  /** The window's total across instances at the last sync (this instance's synced hits included). */
  shared: number;
  /** Hits taken here since the last sync. */
  pending: number;
}

export interface SharedCounter {
  /** Counts one hit of `key`; false when the window's total has reached `max` (nothing counted). */
  hit(key: string, max: number): boolean;
  /** Whether the window's total of `key` has reached `max` (counts nothing). */
  reached(key: string, max: number): boolean;
  /** Adds this instance's pending hits to the shared counters now. */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Batched shared counters in fixed windows of `windowMs` (see above). Without a database (the
 * embedded one admits a single process) the counts stay in this instance.
 */
export function sharedCounter(db: Executor | undefined, windowMs: number, syncMs = 100): SharedCounter {
  const counts = new Map<string, Local>();
  let syncing: Promise<void> | undefined;
  let lastCleanup = Date.now();

  const sync = async () => {
    if (!db) return;
    const window = windowOf(windowMs);
    const batch: { key: string; local: Local; hits: number }[] = [];
    for (const [key, local] of counts) {
      // Keys with no new hits here are in the batch too: their totals may have grown elsewhere.
      if (local.window !== window) counts.delete(key);
      else batch.push({ key, local, hits: local.pending });
    }
    if (batch.length > 0) {
      const rows = rowsOf<{ key: string; hits: number }>(
        await db.execute(sql`
          insert into rate_limit_counters as c (key, hits, window_ends_at)
          select k, h, ${windowEnd(windowMs, window).toISOString()}
          from unnest(${`{${batch.map((b) => JSON.stringify(`${b.key}@${window}`)).join(',')}}`}::text[],
                      ${`{${batch.map((b) => b.hits).join(',')}}`}::int[]) as t(k, h)
          on conflict (key) do update set hits = c.hits + excluded.hits
          returning key, hits`),
      );
      const totals = new Map(rows.map((r) => [r.key, Number(r.hits)]));
      for (const { key, local, hits } of batch) {
        local.pending -= hits;
        local.shared = totals.get(`${key}@${window}`) ?? local.shared + hits;
      }
    }
    if (Date.now() - lastCleanup > CLEANUP_MS) {
      lastCleanup = Date.now();
      await deleteEndedWindows(db);
    }
  };
  const syncOnce = () => {
    syncing ??= sync().finally(() => {
      syncing = undefined;
    });
    return syncing;
  };
  const timer = db ? setInterval(() => void syncOnce().catch(() => undefined), syncMs) : undefined;
  timer?.unref();

  return {
    hit(key, max) {
      const window = windowOf(windowMs);
      let local = counts.get(key);
      if (!local || local.window !== window) {
        local = { window, shared: 0, pending: 0 };
        counts.set(key, local);
      }
      if (local.shared + local.pending >= max) return false;
      local.pending += 1;
      return true;
    },
    reached(key, max) {
      const local = counts.get(key);
      return !!local && local.window === windowOf(windowMs) && local.shared + local.pending >= max;
    },
    async sync() {
      // A sync already under way may have read the totals before the caller's moment: run another.
      await syncing?.catch(() => undefined);
      await syncOnce();
    },
    async stop() {
      clearInterval(timer);
      await syncOnce().catch(() => undefined);
    },
  };
}
