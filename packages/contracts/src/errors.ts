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
  SECOND_FACTOR_INVALID: 401,
  CHALLENGE_INVALID: 401,
  PASSWORD_REJECTED: 400,
  LINK_INVALID: 400,
  STEP_UP_REQUIRED: 403,
  PRIVILEGE_ESCALATION: 403,
  OWN_ACCOUNT: 403,
  FEATURE_DISABLED: 403,
  SERVICE_NOT_ALLOWED: 403,
  LIMIT_EXCEEDED: 409,
  NOT_ELIGIBLE: 409,
  SYSTEM_RECORD: 409,
  CONFIG_VALUE_TYPE: 400,
  CONFIG_VALUE_OUT_OF_RANGE: 400,
  CONFIG_VALUE_NOT_ALLOWED: 400,
  CONFIG_KEY_TAKEN: 409,
  FORBIDDEN: 403,
  SELF_APPROVAL_FORBIDDEN: 403,
  APPROVAL_ALREADY_PENDING: 409,
  APPROVAL_NOT_PENDING: 409,
  APPROVAL_STALE: 409,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TIER_RANGE_OVERLAP: 409,
  INSUFFICIENT_POINTS: 409,
  CUSTOMER_NOT_ACTIVE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VOUCHER_UNAVAILABLE: 409,
  VOUCHER_OUT_OF_STOCK: 409,
  VOUCHER_CODES_EXHAUSTED: 409,
  REDEMPTION_LIMIT_REACHED: 409,
  REDEMPTION_ALREADY_CANCELLED: 409,
  AUDIENCE_EMPTY: 409,
  CSV_INVALID: 400,
  ALERT_CATEGORY_HAS_GROUPS: 409,
  ALERT_GROUP_HAS_ALERTS: 409,
  ALERT_HAS_DELIVERIES: 409,
  ALERT_DELIVERY_NOT_DEAD: 409,
  CAMPAIGN_ACTIVE: 409,
  CAMPAIGN_ENDED: 409,
  CAMPAIGN_STATUS: 409,
  CHALLENGE_STATUS: 409,
  CHALLENGE_NOT_AVAILABLE: 409,
  CHANNEL_TEST_FAILED: 422,
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
