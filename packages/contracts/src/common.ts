import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` column (ids, counts, points). */
export const INT32_MAX = 2_147_483_647;
/** The largest value of a `bigint` column that JSON numbers carry exactly (ledger and audit ids). */
export const BIGINT_SAFE_MAX = Number.MAX_SAFE_INTEGER;

/** Id of a record (an `integer` column) in a body. */
export const dbId = z.number().int().positive().max(INT32_MAX);
/** Id of a record from a path parameter or a query string (text, coerced). */
export const idSchema = z.coerce.number().int().positive().max(INT32_MAX);
/** Id of a `bigint` record (ledger entries, audit entries) from a path or query string. */
export const bigIdSchema = z.coerce.number().int().positive().max(BIGINT_SAFE_MAX);

/**
 * No NUL (PostgreSQL text cannot hold it) and no unpaired UTF-16 surrogate (not text at all). In
 * `u` mode a surrogate pair is one code point, so only lone halves match the class.
 */
const storable = /^[^\0\uD800-\uDFFF]*$/u;
/** Text with every NUL and unpaired surrogate replaced by U+FFFD: what the database can store. */
export const toStorableText = (s: string) => s.replace(/[\0\uD800-\uDFFF]/gu, '\uFFFD');
const storableMessage = { error: 'must not contain NUL or unpaired surrogate characters' };
/** Text as typed (passwords, tokens): storable, not trimmed. */
export const rawText = (max: number) => z.string().max(max).regex(storable, storableMessage);
/** Every free-text input: trimmed, at most `max` characters, storable in the database. */
export const text = (max: number) => z.string().trim().max(max).regex(storable, storableMessage);
/** The largest money amount the database holds (numeric(14, 2)). */
export const MAX_AMOUNT = 999_999_999_999.99;
/**
 * A yes/no flag of a query string (`?overdue=true`), the one schema of every such flag (issue 48):
 * `true` or `false` and nothing else (400 otherwise), a boolean for the handler, and a boolean in
 * the OpenAPI document — the text arrives as a boolean before the check, so the document shows
 * the check's type.
 */
export const queryBoolean = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean(),
);
export const idParams = z.object({ id: idSchema });
export const idInput = z.object({ id: idSchema });

/** A required text field whose "missing" message is one of the spec's keys. */
export function requiredText(missingKey: string, max = 200) {
  return z
    .string({ error: missingKey })
    .trim()
    .min(1, { error: missingKey })
    .max(max)
    .regex(storable, storableMessage);
}

/** A required whole number ≥ 0 whose "missing" message is one of the spec's keys. */
export function requiredPoints(missingKey: string) {
  return z.number({ error: missingKey }).int().min(0).max(1_000_000_000);
}

export const timestamps = {
  createdAt: z.string().describe('ISO 8601, UTC'),
  updatedAt: z.string().describe('ISO 8601, UTC'),
};
