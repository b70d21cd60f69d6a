import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { removeDemoSnapshot } from './demoSnapshot.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Prefix of the PostgreSQL databases this run creates (`test_<run>_…`). */
    testRunId: string;
  }
}

/** The advisory lock a run holds on one connection for as long as it lives: `$1` is the run's id. */
const runLock = (fn: 'pg_advisory_lock' | 'pg_try_advisory_lock' | 'pg_advisory_unlock') =>
  `select ${fn}(hashtext('loyalty test run ' || $1)) as held`;

/** Drops every database of one run (`test_<run>_…`). */
async function dropRun(admin: pg.Client, runId: string) {
  const { rows } = await admin.query<{ datname: string }>(
    'select datname from pg_database where datname like $1',
    [`test\\_${runId}\\_%`],
  );
  for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
}

/**
 * The API suite on PostgreSQL: each test file creates its own database (see app.ts) and drops it
 * after its tests. A file whose worker dies never gets there, so the run drops whatever is left
 * with its prefix when it ends — and never another live run's databases (its seeded demo among
 * them, test/demoSnapshot.ts), and removes the run's dump of the embedded demo. A run killed
 * before its end leaves its databases behind: the next run drops those of every run whose lock
 * nobody holds any more (the lock goes with the killed run's connection).
 */
export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  project.provide('testRunId', runId);
  const base = process.env.DATABASE_URL;
  const admin = base ? new pg.Client({ connectionString: base }) : undefined;
  if (admin) {
    await admin.connect();
    await admin.query(runLock('pg_advisory_lock'), [runId]);
    const { rows } = await admin.query<{ run: string }>(
      `select distinct substring(datname from '^test_([0-9a-f]{8})_') as run from pg_database
        where datname ~ '^test_[0-9a-f]{8}_'`,
    );
    for (const { run } of rows) {
      if (run === runId) continue;
      const { rows: lock } = await admin.query<{ held: boolean }>(runLock('pg_try_advisory_lock'), [run]);
      if (!lock[0]?.held) continue; // a live run holds it
      await dropRun(admin, run);
      await admin.query(runLock('pg_advisory_unlock'), [run]);
    }
  }
  return async () => {
    await removeDemoSnapshot(runId);
    if (!admin) return;
    try {
      await dropRun(admin, runId);
    } finally {
      await admin.end();
    }
  };
}
