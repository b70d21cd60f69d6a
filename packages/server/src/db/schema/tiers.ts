import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';

/**
 * Loyalty tiers. Point ranges never overlap: besides the service's check, the migration adds an
 * exclusion constraint (tiers_range_excl) so concurrent writers cannot slip past each other.
 */
export const tiers = pgTable(
  'tiers',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** Arabic; '' = not translated (readers show the English). decisions/bilingual.md */
    nameAr: text('name_ar').notNull().default(''),
    description: text('description').notNull(),
    descriptionAr: text('description_ar').notNull().default(''),
    minPoints: integer('min_points').notNull(),
    maxPoints: integer('max_points').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tiers_name_key').on(sql`lower(${t.name})`),
    check('tiers_range_check', sql`${t.minPoints} >= 0 and ${t.minPoints} < ${t.maxPoints}`),
  ],
);
