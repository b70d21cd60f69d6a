import { type Executor, isTransaction } from '../db/client.ts';
import { type ChangeTopic, cacheTtl, onChange, publishChange } from './changes.ts';

/** After a change on this instance, every read goes to the database for this long. */
const BYPASS_MS = 1_000;

export interface Snapshot<T> {
  get(db: Executor): Promise<T>;
  /** Called by every write to what the snapshot holds, inside its transaction. */
  invalidate(db: Executor): Promise<void>;
}

/**
 * What the hot paths decide with on every call (the programme, the live campaigns, the
 * configuration), kept in memory. A write publishes its topic in its transaction, which drops the
 * snapshot on every instance when it commits (platform/changes.ts); a snapshot is reloaded at the
 * latest after `cacheTtl()`. The instance that took the write also bypasses the memory for a
 * second, so a read that raced the write's commit cannot keep the old value; a load that a change
 * overtook is used by its caller but not kept.
 *
 * A caller inside a transaction never waits for another caller's load: that load may need a pool
 * connection, and ten transactions waiting for it would hold the whole pool and wait for ever
 * (seen under `npm run bench`, the customer upserts' transactions waiting for a programme load on
 * the pool). It loads on its own connection. Callers on the pool share one load.
 */
export function snapshot<T>(topics: ChangeTopic[], load: (db: Executor) => Promise<T>): Snapshot<T> {
  let cached: { at: number; value: T } | undefined;
  let pooled: Promise<T> | undefined;
  let generation = 0;
  let bypassUntil = 0;
  const drop = () => {
    cached = undefined;
    pooled = undefined;
    generation += 1;
  };
  for (const topic of topics) onChange(topic, drop);
  const loadOnPool = (db: Executor) => {
    const value = load(db);
    pooled = value;
    const forget = () => {
      if (pooled === value) pooled = undefined;
    };
    value.then(forget, forget);
    return value;
  };
  return {
    async get(db) {
      const now = Date.now();
      if (now >= bypassUntil && cached && now - cached.at <= cacheTtl()) return cached.value;
      const started = generation;
      const value = await (isTransaction(db) ? load(db) : (pooled ?? loadOnPool(db)));
      if (now >= bypassUntil && started === generation) cached = { at: now, value };
      return value;
    },
    async invalidate(db) {
      drop();
      bypassUntil = Date.now() + BYPASS_MS;
      await publishChange(db, topics[0] as ChangeTopic);
    },
  };
}
