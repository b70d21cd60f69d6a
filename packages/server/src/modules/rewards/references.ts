import { eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { imageExists } from '../../platform/files.ts';

/** A form field that points at a record which does not exist (any more). */
export const missingReference = (path: string) =>
  new AppError('VALIDATION_FAILED', `${path} refers to a record that does not exist`, [
    { path, message: 'Not found' },
  ]);

export async function requireImage(db: Executor, imageId: string) {
  if (!(await imageExists(db, imageId))) throw missingReference('imageId');
}

/** A referenced table, by its id and its English and Arabic name columns. */
export interface Named {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  nameAr: PgColumn;
}

/** A referenced record's names (the Arabic `''` when not translated). */
export interface Names {
  name: string;
  nameAr: string;
}

const noNames: Names = { name: '', nameAr: '' };
export const namesOr = (names: Names | undefined): Names => names ?? noNames;

/** The names of one referenced record; a field error on `path` when it is gone. */
export async function nameOf(db: Executor, ref: Named, id: number, path: string): Promise<Names> {
  const [row] = await db.select({ name: ref.name, nameAr: ref.nameAr }).from(ref.table).where(eq(ref.id, id));
  if (!row) throw missingReference(path);
  return row as Names;
}

/** id → names of the records a page refers to, in one query (no query per row). */
export async function namesById(db: Executor, ref: Named, ids: number[]): Promise<Map<number, Names>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: ref.id, name: ref.name, nameAr: ref.nameAr })
    .from(ref.table)
    .where(inArray(ref.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [Number(r.id), { name: r.name as string, nameAr: r.nameAr as string }]));
}
