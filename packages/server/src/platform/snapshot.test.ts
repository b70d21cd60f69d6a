import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { snapshot } from './snapshot.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

/** A snapshot whose loads are counted and read the database (so they need a connection). */
function counted() {
  let loads = 0;
  const snap = snapshot(['test-snapshot'], async (db: Executor) => {
    await db.execute(sql`select pg_sleep(0.05)`);
    loads += 1;
    return loads;
  });
  return { snap, loads: () => loads };
}

describe('snapshot (platform/snapshot.ts)', () => {
  it('lets callers on the pool share one load, then serves it from memory', async () => {
    const { snap, loads } = counted();
    expect(await Promise.all([snap.get(t.app.db), snap.get(t.app.db), snap.get(t.app.db)])).toEqual([
      1, 1, 1,
    ]);
    expect(await snap.get(t.app.db)).toBe(1);
    expect(loads()).toBe(1);
  });

  it('never makes a transaction wait for a load on the pool, even with every connection in a transaction', async () => {
    const { snap } = counted();
    const database = loadConfig().database;
    // Every connection of the pool (PGlite: its one connection) held by a transaction.
    const holders = database.kind === 'postgres' ? database.poolSize : 1;
    let held = 0;
    let allHeld: () => void = () => {};
    const everyoneIn = new Promise<void>((resolve) => {
      allHeld = resolve;
    });
    let onPool: Promise<number> | undefined;
    const transactions = Array.from({ length: holders }, () =>
      t.app.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        held += 1;
        if (held === holders) {
          // A load on the pool now waits for a connection that only these transactions can free.
          onPool = snap.get(t.app.db);
          allHeld();
        }
        await everyoneIn;
        return snap.get(tx);
      }),
    );
    const settled = await Promise.race([
      Promise.all(transactions),
      new Promise((resolve) => setTimeout(() => resolve('deadlocked'), 10_000)),
    ]);
    expect(settled).not.toBe('deadlocked');
    expect(await onPool).toBeGreaterThan(0);
  });
});
