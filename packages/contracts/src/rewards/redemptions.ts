import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { bigIdSchema, idSchema, requiredText, text } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

export const redemptionStatuses = ['ISSUED', 'CANCELLED'] as const;
export type RedemptionStatus = (typeof redemptionStatuses)[number];

/** Channel of a redemption made by staff on the back office. */
export const BACK_OFFICE_CHANNEL = 'BACK_OFFICE';

export const externalIdSchema = text(100)
  .min(1)
  .describe('The caller’s id of the request: repeating it answers the first result (idempotent)');

/** Staff redeem a voucher for a customer (from customer info). */
export const redemptionInput = z.object({
  customerId: bigIdSchema,
  voucherId: idSchema,
  externalId: externalIdSchema.optional(),
});
export type RedemptionInput = z.input<typeof redemptionInput>;

export const redemptionCancelInput = z.object({
  id: bigIdSchema,
  reason: requiredText('fillAllFields', 500),
});

/** What a redemption answers: the issued code and the customer's balance after it. */
export const redemptionResultSchema = z.object({
  redemptionId: z.number().int(),
  code: z.string().describe('The unique voucher code issued to the customer'),
  pointsSpent: z.number().int(),
  balance: z.number().int().describe('The customer’s points balance after the redemption'),
});
export type RedemptionResult = z.infer<typeof redemptionResultSchema>;

export const redemptionCancelResultSchema = z.object({
  redemptionId: z.number().int(),
  pointsReturned: z.number().int(),
  balance: z.number().int(),
});
export type RedemptionCancelResult = z.infer<typeof redemptionCancelResultSchema>;

export const redemptionSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerNumber: z.string(),
  customerName: z.string(),
  voucherId: z.number().int(),
  voucherName: z.string(),
  voucherNameAr: z.string(),
  code: z.string(),
  pointsSpent: z.number().int(),
  status: z.enum(redemptionStatuses),
  channel: z.string(),
  externalId: z.string(),
  createdAt: z.string().describe('ISO 8601, UTC'),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type Redemption = z.infer<typeof redemptionSchema>;

export const redemptionSortFields = ['createdAt', 'pointsSpent'] as const;
export const redemptionListQuery = listQuerySchema(redemptionSortFields, {
  customerId: bigIdSchema.optional(),
  voucherId: idSchema.optional(),
  status: z.enum(redemptionStatuses).optional(),
});
export type RedemptionListQuery = z.output<typeof redemptionListQuery>;
export const redemptionPage = pageSchema(redemptionSchema);

export const redemptionCommands = {
  create: command('redemption.create', redemptionInput, 'Redeem a voucher for a customer'),
  cancel: command('redemption.cancel', redemptionCancelInput, 'Cancel a redemption and return its points'),
};
export const redemptionRead: ReadPermission = { code: 'redemption.read', summary: 'View redemptions' };

export const redemptionResource = defineResource({
  name: 'redemptions',
  area: 'rewards',
  tag: 'Rewards: redemptions',
  item: redemptionSchema,
  page: redemptionPage,
  query: redemptionListQuery,
  sortFields: redemptionSortFields,
  read: redemptionRead,
  commands: redemptionCommands,
});
