import { z } from 'zod';
import { command } from '../commands.ts';
import { MAX_AMOUNT } from '../common.ts';
import { customerNumberSchema, customerProfileInput } from '../customers/customers.ts';
import { transactionTypeCode } from '../loyalty/transactionTypes.ts';

/**
 * The integration API (`/api/integration/v1`) that channels call with an API key. Its writes are
 * commands too (validated, audited, one transaction); a key's scopes grant them. They are not
 * staff permissions, so they are not in the permission catalogue.
 */
const externalId = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .describe('The channel’s id of the transaction: posting it again answers the first result');

export const customerNumberParams = z.object({ customerNumber: customerNumberSchema });
export const externalIdParams = z.object({ externalId });

export const channelCustomerUpsert = customerProfileInput.extend({ customerNumber: customerNumberSchema });

export const channelTransactionInput = z.object({
  externalId,
  customerNumber: customerNumberSchema,
  transactionTypeCode,
  amount: z.number().min(0).max(MAX_AMOUNT).multipleOf(0.01),
  occurredAt: z.iso.datetime({ offset: true }).optional().describe('When it happened; default now'),
});
export type ChannelTransactionInput = z.input<typeof channelTransactionInput>;

export const channelTransactionResult = z.object({
  entryId: z.number().int(),
  pointsAwarded: z.number().int(),
  balance: z.number().int().describe('The balance right after this transaction'),
  tier: z.string().nullable().describe('The customer’s tier now'),
  ruleId: z.number().int().nullable().describe('The rule that fired; null when none matched'),
  replayed: z.boolean().describe('true when this externalId had been posted before'),
});
export type ChannelTransactionResult = z.infer<typeof channelTransactionResult>;

export const channelReversalResult = z.object({
  entryId: z.number().int(),
  pointsReversed: z.number().int(),
  balance: z.number().int(),
  tier: z.string().nullable(),
  replayed: z.boolean(),
});
export type ChannelReversalResult = z.infer<typeof channelReversalResult>;

export const channelBalance = z.object({
  customerNumber: z.string(),
  status: z.enum(['ACTIVE', 'BLOCKED', 'CLOSED']),
  balance: z.number().int(),
  lifetimePoints: z.number().int(),
  tier: z.string().nullable(),
  expiringPoints: z.object({ points: z.number().int(), at: z.string() }).nullable(),
});

export const channelRedemptionInput = z.object({
  externalId,
  customerNumber: customerNumberSchema,
  voucherId: z.number().int().positive(),
});

export const channelCommands = {
  upsertCustomer: command('channel.customer.upsert', channelCustomerUpsert, 'Create or update a customer'),
  postTransaction: command('channel.transaction.post', channelTransactionInput, 'Post a transaction'),
  reverseTransaction: command('channel.transaction.reverse', externalIdParams, 'Reverse a transaction'),
  redeem: command('channel.redemption.create', channelRedemptionInput, 'Redeem a voucher'),
};
