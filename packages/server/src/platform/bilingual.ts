import { type Column, or, type SQL, sql } from 'drizzle-orm';

/**
 * The `missingTranslation=true` list filter (contracts/bilingual.ts): records where any Arabic
 * column is empty or still the same as its English one (the migration's copy).
 * Pairs are [english, arabic] columns.
 */
export function missingTranslation(...pairs: [Column, Column][]): (value: boolean) => SQL | undefined {
  const condition = or(...pairs.map(([en, ar]) => sql`(${ar} = '' or ${ar} = ${en})`));
  return (missing) => (missing ? condition : undefined);
}

/**
 * For an upsert's conflict update: the Arabic column takes the incoming (`excluded`) value while it
 * is still untranslated — empty or the English copy, as `missingTranslation` counts it — and keeps
 * what staff wrote otherwise.
 */
export function arabicUnlessTranslated(en: Column, ar: Column): SQL {
  return sql`case when ${ar} in ('', ${en}) then excluded.${sql.identifier(ar.name)} else ${ar} end`;
}
