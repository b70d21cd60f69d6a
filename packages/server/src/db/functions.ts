import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Database functions and the triggers that run them live in `db/functions/`, one file per function
 * (its overloads and triggers with it), the only place each is written. Migrations change the
 * schema; after them, at every start and under the same lock, each file whose checksum differs from
 * the one last applied (table `database_functions`) is run again — the repeatable migrations of
 * Flyway or graphile-migrate. Files are written `CREATE OR REPLACE`, so a run is idempotent; a change
 * of a function's arguments or result type starts its file with the `DROP FUNCTION` it needs.
 *
 * Order: every changed file in one transaction with `check_function_bodies` off (as pg_dump
 * restores), so a function may call one defined in a later file; a trigger follows its function
 * in the same file, and the tables exist already (migrations ran first).
 */

export const functionsFolder = fileURLToPath(new URL('./functions', import.meta.url));

export interface FunctionSource {
  file: string;
  text: string;
  checksum: string;
}

/** The source files, by name. */
export function functionSources(folder = functionsFolder): FunctionSource[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((file) => {
      const text = readFileSync(`${folder}/${file}`, 'utf8');
      return { file, text, checksum: createHash('sha256').update(text).digest('hex') };
    });
}

/** A connection that runs a script (several statements) and a query with parameters. */
export interface ScriptSession {
  exec(script: string): Promise<unknown>;
  rows<T>(query: string, params?: unknown[]): Promise<T[]>;
}

/** Applies the files that changed since they were last applied; answers their names. */
export async function applyFunctions(session: ScriptSession, sources = functionSources()): Promise<string[]> {
  const applied = new Map(
    (
      await session.rows<{ file: string; checksum: string }>('select file, checksum from database_functions')
    ).map((r) => [r.file, r.checksum]),
  );
  const changed = sources.filter((s) => applied.get(s.file) !== s.checksum);
  if (!changed.length) return [];
  await session.exec('begin; set local check_function_bodies = off;');
  try {
    for (const source of changed) {
      await session.exec(source.text);
      await session.rows(
        `insert into database_functions (file, checksum) values ($1, $2)
         on conflict (file) do update set checksum = excluded.checksum, applied_at = now()`,
        [source.file, source.checksum],
      );
    }
    await session.exec('commit');
  } catch (err) {
    await session.exec('rollback');
    throw err;
  }
  return changed.map((s) => s.file);
}
