import { z } from 'zod';
import { INT32_MAX, text } from './common.ts';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

/**
 * The query every list endpoint takes: `?page=&pageSize=&sort=field:asc|desc&q=&<field>=`.
 * `sortFields` and `filters` are the allow-lists of one resource.
 */
export function listQuerySchema<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sortFields: S,
  filters: F,
) {
  const sortPattern = new RegExp(`^(${sortFields.join('|')}):(asc|desc)$`);
  return z.object({
    page: z.coerce.number().int().min(1).max(INT32_MAX).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    sort: z
      .string()
      .regex(sortPattern, `sort must be one of ${sortFields.join(', ')} with :asc or :desc`)
      .optional(),
    q: text(200).optional(),
    ...filters,
  });
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type SortDirection = 'asc' | 'desc';

export function parseSort(sort: string | undefined): { field: string; direction: SortDirection } | undefined {
  if (!sort) return undefined;
  const [field, direction] = sort.split(':');
  return field && (direction === 'asc' || direction === 'desc') ? { field, direction } : undefined;
}
