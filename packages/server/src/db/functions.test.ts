import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openFreshDatabase } from '../test/app.ts';
import { type Database, rowsOf } from './client.ts';
import { functionSources } from './functions.ts';

let database: Database;
beforeAll(async () => {
  database = await openFreshDatabase();
  await database.migrate();
});

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(q));
/** The functions of the database that are its own (not an extension's): name and body. */
const databaseFunctions = () =>
  query<{ name: string; body: string }>(sql`
    select p.proname as name, p.prosrc as body from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public'
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    order by 1`);
const databaseTriggers = () =>
  query<{ name: string; definition: string }>(sql`
    select tgname as name, pg_get_triggerdef(oid) as definition from pg_trigger
    where not tgisinternal order by 1`);
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const sources = functionSources();
const fileOf = (name: string) => sources.find((s) => s.file === `${name}.sql`);

describe('database functions, each written once in db/functions/', () => {
  it("the database's functions are the source files' (names, overloads and bodies)", async () => {
    const functions = await databaseFunctions();
    expect([...new Set(functions.map((f) => `${f.name}.sql`))]).toEqual(sources.map((s) => s.file));
    for (const source of sources) {
      const own = functions.filter((f) => `${f.name}.sql` === source.file);
      expect(own.length, source.file).toBe(source.text.match(/CREATE OR REPLACE FUNCTION/g)?.length);
      for (const f of own) expect(source.text, `${f.name}'s body`).toContain(f.body);
    }
  });

  it("the database's triggers are those the files declare, as declared", async () => {
    const declared = sources.flatMap((s) =>
      [...s.text.matchAll(/CREATE OR REPLACE (TRIGGER \w+[^;]+);/g)].map((m) => oneLine(`CREATE ${m[1]}`)),
    );
    const triggers = await databaseTriggers();
    expect(triggers.map((t) => oneLine(t.definition)).sort()).toEqual(declared.sort());
  });

  it('no migration after 0062 defines a function or a trigger (a migration only changes the schema)', () => {
    const folder = new URL('./migrations/', import.meta.url);
    const later = readdirSync(folder).filter((f) => /^\d{4}_.*\.sql$/.test(f) && Number(f.slice(0, 4)) > 62);
    for (const file of later)
      expect(readFileSync(new URL(file, folder), 'utf8'), file).not.toMatch(
        /CREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER)/i,
      );
  });

  it('records the checksum of every file it applied', async () => {
    const applied = await query<{ file: string; checksum: string }>(
      sql`select file, checksum from database_functions order by file`,
    );
    expect(applied).toEqual(sources.map(({ file, checksum }) => ({ file, checksum })));
  });

  it('an installation whose function differs from its file gets the file at the next start, with no step by hand', async () => {
    // As a database made before the files existed, or one whose file has changed since.
    await database.db.execute(sql`create or replace function csv_quoted(v text) returns text
      language sql immutable as $$ select 'stale' $$`);
    await database.db.execute(sql`delete from database_functions where file = 'csv_quoted.sql'`);
    await database.migrate();
    const [quoted] = await query<{ v: string }>(sql`select csv_quoted('a"b') as v`);
    expect(quoted?.v).toBe('"a""b"');
    const body = (await databaseFunctions()).find((f) => f.name === 'csv_quoted')?.body ?? '';
    expect(fileOf('csv_quoted')?.text).toContain(body);
  });
});
