import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';

/**
 * Cache invalidation across instances (docs/decisions/many-instances.md). A write calls
 * `publishChange(tx, topic)` inside its transaction: PostgreSQL delivers the notification when the
 * transaction commits — never when it rolls back — to every instance listening, this one included.
 * A cache registers what drops it with `onChange(topic, drop)` and trusts what it loaded for
 * `cacheTtl()`: long while notifications arrive, a second while the listening connection is down
 * (the fallback), and everything is dropped when it comes back, as notifications may have been
 * missed in between.
 */

/** The notification channel of changes (and of jobs' wake-ups: platform/jobs.ts). */
export const CHANGES_CHANNEL = 'loyalty_changes';
const CHANNEL = CHANGES_CHANNEL;

/** What a cache holds; the payload of a notification. */
export type ChangeTopic =
  | 'programme'
  | 'api-keys'
  | 'signing-keys'
  | 'campaigns'
  | 'configuration'
  | (string & {});

const subscribers = new Map<string, Set<() => void>>();
let listening = 0;

/** Registers what drops a cache on a change of `topic`; answers a function that unregisters it. */
export function onChange(topic: ChangeTopic, drop: () => void): () => void {
  const set = subscribers.get(topic) ?? new Set();
  subscribers.set(topic, set);
  set.add(drop);
  return () => set.delete(drop);
}

function dispatch(topic: string) {
  for (const drop of subscribers.get(topic) ?? []) drop();
}

function dispatchAll() {
  for (const topic of subscribers.keys()) dispatch(topic);
}

/**
 * Tells every instance that what `topic` caches changed. This instance drops its copy at once (so
 * it reads its own write), and again at commit through the notification (so a read that raced the
 * commit cannot keep the old value).
 */
export async function publishChange(db: Executor, topic: ChangeTopic): Promise<void> {
  dispatch(topic);
  await db.execute(sql`select pg_notify(${CHANNEL}, ${topic})`);
}

/** How long a cache may trust what it loaded: `whileListening` when notifications arrive, else 1 s. */
export const cacheTtl = (whileListening = 60_000): number => (listening > 0 ? whileListening : 1_000);

/** Listens for changes published by any instance; answers a function that stops. */
export async function listenForChanges(database: Database): Promise<() => Promise<void>> {
  let live = false;
  const setLive = (next: boolean) => {
    if (next === live) return;
    live = next;
    listening += next ? 1 : -1;
    // Whatever was published while the connection was down is unknown: start afresh.
    dispatchAll();
  };
  const stop = await database.listen(CHANNEL, dispatch, setLive);
  return async () => {
    await stop();
    setLive(false);
  };
}
