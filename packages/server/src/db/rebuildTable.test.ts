import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openFreshDatabase } from '../test/app.ts';
import { type Database, rowsOf, type Tx } from './client.ts';
import { rebuildTable } from './rebuildTable.ts';

let database: Database;
beforeAll(async () => {
  database = await openFreshDatabase();
  await database.db.execute(sql`create table scores (
    id int constraint scores_id_pk primary key,
    code text not null constraint scores_code_key unique,
    rank int not null check (rank > 0),
    at timestamptz not null default now())`);
  await database.db.execute(sql`create index scores_rank_idx on scores (rank desc) where rank < 100`);
  await database.db.execute(sql`insert into scores (id, code, rank) values (1, 'a', 1), (2, 'b', 2)`);
  await database.db.execute(sql`grant select, update on scores to public`);
});

const catalogue = async () =>
  rowsOf<{ name: string; definition: string }>(
    await database.db.execute(sql`select indexname as name, regexp_replace(indexdef, ' ON \\S+', ' ON') as definition
      from pg_indexes where tablename = 'scores' order by indexname`),
  );

describe('rebuildTable', () => {
  it('replaces the rows and keeps every index, constraint and default under its name', async () => {
    const before = await catalogue();
    expect(before.map((i) => i.name)).toEqual(['scores_code_key', 'scores_id_pk', 'scores_rank_idx']);
    await database.db.transaction((tx) =>
      rebuildTable(tx as Tx, 'scores', async (copy) => {
        await tx.execute(
          sql`insert into ${sql.identifier(copy)} (id, code, rank) values (3, 'c', 7), (4, 'd', 8)`,
        );
      }),
    );
    const rows = rowsOf<{ id: number; code: string; has_at: boolean }>(
      await database.db.execute(sql`select id, code, at is not null as has_at from scores order by id`),
    );
    expect(rows).toEqual([
      { id: 3, code: 'c', has_at: true },
      { id: 4, code: 'd', has_at: true },
    ]);
    expect(await catalogue()).toEqual(before);
    const granted = rowsOf<{ privilege: string }>(
      await database.db.execute(sql`select a.privilege_type as privilege from pg_class c, aclexplode(c.relacl) a
        where c.oid = 'scores'::regclass and a.grantee = 0 order by 1`),
    );
    expect(granted.map((g) => g.privilege)).toEqual(['SELECT', 'UPDATE']);
    const constraints = rowsOf<{ conname: string; contype: string }>(
      await database.db.execute(
        sql`select conname, contype from pg_constraint where conrelid = 'scores'::regclass and contype in ('p', 'u') order by conname`,
      ),
    );
    expect(constraints).toEqual([
      { conname: 'scores_code_key', contype: 'u' },
      { conname: 'scores_id_pk', contype: 'p' },
    ]);
    await expect(
      database.db.execute(sql`insert into scores (id, code, rank) values (3, 'e', 1)`),
    ).rejects.toThrow();
    await expect(
      database.db.execute(sql`insert into scores (id, code, rank) values (5, 'f', 0)`),
    ).rejects.toThrow();
  });

  it('leaves the table as it was when the transaction fails, and refuses a table with foreign keys or triggers', async () => {
    await expect(
      database.db.transaction((tx) =>
        rebuildTable(tx as Tx, 'scores', async (copy) => {
          await tx.execute(sql`insert into ${sql.identifier(copy)} (id, code, rank) values (9, 'z', 9)`);
          throw new Error('stopped');
        }),
      ),
    ).rejects.toThrow('stopped');
    const ids = rowsOf<{ id: number }>(await database.db.execute(sql`select id from scores order by id`));
    expect(ids.map((r) => r.id)).toEqual([3, 4]);
    const rebuild = () => database.db.transaction((tx) => rebuildTable(tx as Tx, 'scores', async () => {}));
    await database.db.execute(sql`create table notes (score_id int references scores (id))`);
    await expect(rebuild()).rejects.toThrow('foreign keys');
    await database.db.execute(sql`drop table notes`);
    await database.db.execute(
      sql`create function scores_touch() returns trigger language plpgsql as $$ begin return new; end $$`,
    );
    await database.db.execute(
      sql`create trigger scores_touch before update on scores for each row execute function scores_touch()`,
    );
    await expect(rebuild()).rejects.toThrow('triggers');
  });
});
