import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The whole demo (demo/seed.ts), seeded once per test run and copied for every test file that
 * starts from it (docs/decisions/test-demo-snapshot.md). The first file to ask seeds it; the
 * others wait for it. Each file then gets a copy of its own, which it may change at will:
 *
 * - embedded PGlite: a dump of the seeded data folder (`dumpDataDir`), loaded into the file's own
 *   in-memory database (`loadDataDir`);
 * - PostgreSQL: a database of the run (`test_<run>_demo`), which each file's database is created
 *   from (`create database … template`).
 *
 * What is seeded and how is the caller's (test/app.ts): the same app and seed a file used on its own.
 */

/** This run's folder: the claim, the dump and the outcome. Removed when the run ends (globalSetup.ts). */
export const demoFolder = (runId: string) => path.join(tmpdir(), `loyalty-test-demo-${runId}`);
/** This run's seeded PostgreSQL database; dropped with the run's others (globalSetup.ts). */
export const demoDatabaseName = (runId: string) => `test_${runId}_demo`;

const POLL_MS = 500;

/**
 * Answers once this run's demo is seeded: the dump of the embedded database (undefined on
 * PostgreSQL, where the seeded database is the template). `seed` is called by the first file to
 * ask, in its process; it answers the dump, or undefined once the PostgreSQL database is seeded and
 * closed. A seed that fails fails every file waiting for it, with its message.
 */
export async function demoSnapshot(
  runId: string,
  seed: () => Promise<Blob | undefined>,
): Promise<Blob | undefined> {
  const folder = demoFolder(runId);
  await mkdir(folder, { recursive: true });
  const dump = path.join(folder, 'demo.tar');
  const ready = path.join(folder, 'ready');
  const failed = path.join(folder, 'failed');
  let claimed = false;
  try {
    // mkdir is atomic: exactly one file of the run seeds.
    await mkdir(path.join(folder, 'claimed'));
    claimed = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  if (claimed) {
    try {
      const blob = await seed();
      if (blob) await writeFile(dump, new Uint8Array(await blob.arrayBuffer()));
      await publish(ready, blob ? 'pglite' : 'postgres');
      return blob;
    } catch (err) {
      await publish(failed, err instanceof Error ? (err.stack ?? err.message) : String(err));
      throw err;
    }
  }
  for (;;) {
    if (await exists(ready)) {
      return (await readFile(ready, 'utf8')) === 'pglite' ? new Blob([await readFile(dump)]) : undefined;
    }
    if (await exists(failed))
      throw new Error(`seeding the run's demo failed:\n${await readFile(failed, 'utf8')}`);
    await sleep(POLL_MS);
  }
}

/** Removes the run's folder (its dump). */
export async function removeDemoSnapshot(runId: string) {
  await rm(demoFolder(runId), { recursive: true, force: true });
}

/** Written aside, then renamed: a waiting file never reads it half written. */
async function publish(file: string, text: string) {
  await writeFile(`${file}.part`, text);
  await rename(`${file}.part`, file);
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
