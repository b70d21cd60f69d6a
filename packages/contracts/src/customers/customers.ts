import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { bigIdSchema, idSchema, requiredText, text } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

export const customerStatuses = ['ACTIVE', 'BLOCKED', 'CLOSED'] as const;
export type CustomerStatus = (typeof customerStatuses)[number];
export const customerSegments = ['RETAIL', 'BUSINESS'] as const;
export const customerLanguages = ['en', 'ar'] as const;
/** What the customer record holds for eligibility criteria (sent by the bank's systems). */
export const customerResidencies = ['CITIZEN', 'RESIDENT', 'NON_RESIDENT'] as const;
export const customerProducts = [
  'CURRENT_ACCOUNT',
  'SAVINGS_ACCOUNT',
  'CREDIT_CARD',
  'DEBIT_CARD',
  'PERSONAL_FINANCE',
  'HOME_FINANCE',
  'AUTO_FINANCE',
  'BUSINESS_ACCOUNT',
  'PAYROLL',
] as const;
/** Know-your-customer level: 1 basic, 2 standard, 3 enhanced due diligence. */
export const KYC_LEVEL_MAX = 3;

export const customerNumberSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only')
  .describe('The bank’s customer number');

/** A customer's profile as channels send it (the integration API's upsert). */
export const customerProfileInput = z.object({
  fullName: text(200).min(1).describe('The name in Latin script, as on the account'),
  fullNameAr: text(200).min(1).nullable().optional().describe('The name in Arabic script'),
  mobile: z
    .string()
    .trim()
    .regex(/^\+?[0-9]{6,20}$/, 'digits, optionally after +')
    .nullable()
    .optional(),
  email: z.email().max(254).nullable().optional(),
  language: z.enum(customerLanguages).optional(),
  segment: z.enum(customerSegments).optional(),
  nationality: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 country code')
    .nullable()
    .optional(),
  residency: z.enum(customerResidencies).nullable().optional(),
  dateOfBirth: z.iso.date().nullable().optional().describe('YYYY-MM-DD'),
  kycLevel: z.number().int().min(1).max(KYC_LEVEL_MAX).nullable().optional(),
  products: z.array(z.enum(customerProducts)).max(customerProducts.length).optional(),
});
export type CustomerProfileInput = z.infer<typeof customerProfileInput>;

export const customerSchema = z.object({
  id: z.number().int(),
  customerNumber: z.string(),
  fullName: z.string(),
  fullNameAr: z.string().nullable().describe('The name in Arabic script; empty when not known'),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  language: z.enum(customerLanguages),
  status: z.enum(customerStatuses),
  segment: z.enum(customerSegments),
  nationality: z.string().nullable(),
  residency: z.enum(customerResidencies).nullable(),
  dateOfBirth: z.string().nullable(),
  kycLevel: z.number().int().nullable(),
  products: z.array(z.string()),
  tierId: z.number().int().nullable(),
  tierName: z.string().nullable(),
  tierNameAr: z.string().nullable().describe('The tier’s Arabic name; empty when not translated'),
  balance: z.number().int(),
  lifetimePoints: z.number().int(),
  joinedAt: z.string(),
  lastActivityAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** Where the customer stands on the tier ladder. */
export const tierProgressSchema = z.object({
  basis: z.enum(['LIFETIME', 'ROLLING']),
  qualifyingPoints: z.number().int(),
  currentTierName: z.string().nullable(),
  currentTierNameAr: z.string().nullable().describe('The tier’s Arabic name; empty when not translated'),
  nextTierName: z.string().nullable(),
  nextTierNameAr: z.string().nullable(),
  nextTierMinPoints: z.number().int().nullable(),
  pointsToNextTier: z.number().int().nullable().describe('null at the top of the ladder'),
});
export type TierProgress = z.infer<typeof tierProgressSchema>;

export const customerDetailSchema = customerSchema.extend({
  tierProgress: tierProgressSchema,
  expiringPoints: z
    .object({ points: z.number().int(), at: z.string() })
    .nullable()
    .describe('The next points to expire, if any'),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/**
 * Churn risk bands by rank among the scored customers (analytics/churn.ts): the top 10 %, the
 * next 20 %, the rest.
 */
export const churnBands = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type ChurnBand = (typeof churnBands)[number];

/** Indexed columns only; balance and last activity change on every posting and are not indexed. */
export const customerSortFields = ['customerNumber', 'fullName', 'joinedAt'] as const;
export const customerListQuery = listQuerySchema(customerSortFields, {
  tierId: idSchema.optional(),
  status: z.enum(customerStatuses).optional(),
  segment: z.enum(customerSegments).optional(),
  churnBand: z.enum(churnBands).optional().describe('Customers in this churn risk band of the active model'),
});
export type CustomerListQuery = z.output<typeof customerListQuery>;
/** Over large sets the total is counted up to a bound: `totalCapped` says the true total is larger. */
export const customerPage = pageSchema(customerSchema).extend({ totalCapped: z.boolean() });

const reason = requiredText('fillAllFields', 500);
export const customerStatusInput = z.object({ id: bigIdSchema, reason });
export const pointsAdjustmentInput = z.object({
  id: bigIdSchema,
  points: z
    .number({ error: 'fillAllFields' })
    .int()
    .min(-1_000_000_000)
    .max(1_000_000_000)
    .refine((p) => p !== 0, { error: 'adjustmentNotZero' })
    .describe('Signed: + credit, − debit'),
  reason,
});
export type PointsAdjustmentInput = z.input<typeof pointsAdjustmentInput>;
export const postingResultSchema = z.object({
  entryId: z.number().int(),
  balance: z.number().int(),
  tierName: z.string().nullable(),
});

export const customerCommands = {
  block: command('customer.block', customerStatusInput, 'Block a customer'),
  unblock: command('customer.unblock', customerStatusInput, 'Unblock a customer'),
  adjustPoints: command('customer.adjustPoints', pointsAdjustmentInput, 'Adjust a customer’s points'),
};
export const customerRead: ReadPermission = {
  code: 'customer.read',
  summary: 'View customers and their ledgers',
};

export const customerResource = defineResource({
  name: 'customers',
  area: 'customers',
  tag: 'Customers',
  item: customerSchema,
  page: customerPage,
  query: customerListQuery,
  sortFields: customerSortFields,
  read: customerRead,
  commands: customerCommands,
  screens: {
    list: { path: 'customer', label: 'customers' },
  },
  menu: { group: 'employeesCustomers' },
});
