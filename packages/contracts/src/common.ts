import { z } from 'zod';

/** Numeric id of a record, from a path parameter or a body. */
export const idSchema = z.coerce.number().int().positive();
/** The largest money amount the database holds (numeric(14, 2)). */
export const MAX_AMOUNT = 999_999_999_999.99;
export const idParams = z.object({ id: idSchema });
export const idInput = z.object({ id: idSchema });

/** A required text field whose "missing" message is one of the spec's keys. */
export function requiredText(missingKey: string, max = 200) {
  return z.string({ error: missingKey }).trim().min(1, { error: missingKey }).max(max);
}

/** A required whole number ≥ 0 whose "missing" message is one of the spec's keys. */
export function requiredPoints(missingKey: string) {
  return z.number({ error: missingKey }).int().min(0).max(1_000_000_000);
}

export const timestamps = {
  createdAt: z.string().describe('ISO 8601, UTC'),
  updatedAt: z.string().describe('ISO 8601, UTC'),
};
