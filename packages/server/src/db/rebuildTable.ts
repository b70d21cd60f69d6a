import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from './client.ts';

interface TableIndex {
  name: string;
  definition: string;
  /** The primary-key or unique constraint the index backs, if any. */
  constraintName: string | null;
  constraintType: 'p' | 'u' | 'x' | null;
}

const ident = (name: string) => sql.identifier(name);
/** A name beside `name` for the copy's objects while the original still holds its own. */
const beside = (name: string) => `${name.slice(0, 57)}_next`;

/**
 * Replaces every row of `table` with those `fill` writes into an empty copy of it, then swaps the
 * copy in, inside the caller's transaction. Cheaper than a delete and an insert for a table
 * rewritten whole: the rows go in without index upkeep, each index is then built once from sorted
 * rows, and the old rows are dropped with their table instead of left dead for the vacuum.
 * Readers keep the old rows until the transaction commits and wait only for the swap at its end.
 * The indexes, constraints and grants are copied from the catalogue, so the schema (and what an
 * operator granted, e.g. to a reporting role) stays their one source. A table that foreign keys
 * point to or from, or with triggers, is refused: dropping it would take them along.
 */
export async function rebuildTable(
  tx: Tx,
  table: string,
  fill: (copy: string) => Promise<void>,
): Promise<void> {
  const copy = beside(table);
  const [linked] = rowsOf<{ keys: number; triggers: number }>(
    await tx.execute(sql`select
      (select count(*)::int from pg_constraint
        where contype = 'f' and (conrelid = ${table}::regclass or confrelid = ${table}::regclass)) as keys,
      (select count(*)::int from pg_trigger where tgrelid = ${table}::regclass) as triggers`),
  );
  if (linked?.keys) throw new Error(`rebuildTable: ${table} has foreign keys`);
  if (linked?.triggers) throw new Error(`rebuildTable: ${table} has triggers`);
  const grants = rowsOf<{ grantee: string | null; privilege: string; grantable: boolean }>(
    await tx.execute(sql`select case when a.grantee = 0 then null else pg_get_userbyid(a.grantee) end as grantee,
        a.privilege_type as privilege, a.is_grantable as grantable
      from pg_class c, aclexplode(c.relacl) a
      where c.oid = ${table}::regclass and a.grantee <> c.relowner`),
  );
  const indexes = rowsOf<TableIndex>(
    await tx.execute(sql`select i.relname as name, pg_get_indexdef(x.indexrelid) as definition,
        c.conname as "constraintName", c.contype as "constraintType"
      from pg_index x
        join pg_class i on i.oid = x.indexrelid
        left join pg_constraint c on c.conindid = x.indexrelid and c.conrelid = x.indrelid
      where x.indrelid = ${table}::regclass
      order by i.relname`),
  );
  const exclusion = indexes.find((index) => index.constraintType === 'x');
  if (exclusion) throw new Error(`rebuildTable: cannot copy ${exclusion.constraintName}`);
  await tx.execute(sql`create table ${ident(copy)} (like ${ident(table)} including all excluding indexes)`);
  await fill(copy);
  for (const index of indexes) {
    // "CREATE [UNIQUE] INDEX name ON [ONLY] schema.table USING …" → the same on the copy.
    const definition = index.definition.replace(
      /^(CREATE (?:UNIQUE )?INDEX )\S+( ON (?:ONLY )?)\S+( USING )/,
      (_, create: string, on: string, using: string) =>
        `${create}"${beside(index.name)}"${on}"${copy}"${using}`,
    );
    if (definition === index.definition) throw new Error(`rebuildTable: cannot copy ${index.name}`);
    await tx.execute(sql.raw(definition));
    if (index.constraintType && index.constraintName) {
      const kind = index.constraintType === 'p' ? sql`primary key` : sql`unique`;
      await tx.execute(
        sql`alter table ${ident(copy)} add constraint ${ident(beside(index.constraintName))} ${kind} using index ${ident(beside(index.name))}`,
      );
    }
  }
  for (const g of grants) {
    await tx.execute(
      sql`grant ${sql.raw(g.privilege)} on ${ident(copy)} to ${g.grantee === null ? sql`public` : ident(g.grantee)} ${g.grantable ? sql`with grant option` : sql``}`,
    );
  }
  await tx.execute(sql`analyze ${ident(copy)}`);
  await tx.execute(sql`drop table ${ident(table)}`);
  await tx.execute(sql`alter table ${ident(copy)} rename to ${ident(table)}`);
  for (const index of indexes) {
    // Renaming a constraint renames the index that backs it.
    await tx.execute(
      index.constraintName
        ? sql`alter table ${ident(table)} rename constraint ${ident(beside(index.constraintName))} to ${ident(index.constraintName)}`
        : sql`alter index ${ident(beside(index.name))} rename to ${ident(index.name)}`,
    );
  }
}
