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

/**
 * The API suite on PostgreSQL: each test file creates its own database (see app.ts) and drops it
 * after its tests. A file whose worker dies never gets there, so the run drops whatever is left
 * with its prefix when it ends — and never another run's databases (its seeded demo among them,
 * test/demoSnapshot.ts), and removes the run's dump of the embedded demo.
 */
export default function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  project.provide('testRunId', runId);
  return async () => {
    await removeDemoSnapshot(runId);
    const base = process.env.DATABASE_URL;
    if (!base) return;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`test\\_${runId}\\_%`],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await admin.end();
    }
  };
}
