import { z } from 'zod';

/**
 * The closed set of error codes the API answers with (RFC 9457 problem+json, field `code`).
 * Each code has one HTTP status; the web shows `error.<CODE>` from its translations.
 */
export const errorCodes = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TIER_RANGE_OVERLAP: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;
export const errorCodeList = Object.keys(errorCodes) as ErrorCode[];

export const fieldErrorSchema = z.object({
  path: z.string().describe('Dotted path of the offending field'),
  message: z.string().describe('Message key (see specMessages) or a validator message'),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.enum(errorCodeList as [ErrorCode, ...ErrorCode[]]),
    detail: z.string().optional(),
    instance: z.string().optional(),
    requestId: z.string().optional(),
    errors: z.array(fieldErrorSchema).optional(),
  })
  .describe('RFC 9457 problem details');
export type Problem = z.infer<typeof problemSchema>;
