import { z } from 'zod';
import { command } from '../commands.ts';
import { dbId, MAX_AMOUNT, text } from '../common.ts';
import { customerNumberSchema, customerProfileInput } from '../customers/customers.ts';
import { transactionTypeCode } from '../loyalty/transactionTypes.ts';
import { channelMessageInput, inboxEntryParams } from '../messaging/messages.ts';
import { referralEnrolment } from '../referrals/referrals.ts';

/**
 * The integration API (`/api/integration/v1`) that channels call with an API key. Its writes are
 * commands too (validated, run by the command bus); a key's scopes grant them. Their record is the
 * ledger, not the audit trail, and an earning is one SQL statement rather than a bus transaction
 * (see docs/architecture.md). They are not staff permissions, so they are not in the catalogue.
 */
const externalId = text(100)
  .min(1)
  .describe('The channel’s id of the transaction: posting it again answers the first result');

export const customerNumberParams = z.object({ customerNumber: customerNumberSchema });
export const externalIdParams = z.object({ externalId });

/** A customer's profile, and at enrolment the referrer's code and the device (decisions/referrals.md). */
export const channelCustomerUpsert = customerProfileInput
  .extend({ customerNumber: customerNumberSchema })
  .extend(referralEnrolment.shape);

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
  bonusPoints: z.number().int().optional().describe('Of pointsAwarded, what campaigns added'),
  campaignId: z.number().int().nullable().optional().describe('The (first) campaign that added a bonus'),
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
  voucherId: dbId,
});

export const channelCommands = {
  upsertCustomer: command('channel.customer.upsert', channelCustomerUpsert, 'Create or update a customer'),
  postTransaction: command('channel.transaction.post', channelTransactionInput, 'Post a transaction'),
  reverseTransaction: command('channel.transaction.reverse', externalIdParams, 'Reverse a transaction'),
  redeem: command('channel.redemption.create', channelRedemptionInput, 'Redeem a voucher'),
  postMessage: command(
    'channel.message.post',
    channelMessageInput.extend({ customerNumber: customerNumberSchema }),
    'Post a customer’s message to the service queue',
  ),
  readMessage: command(
    'channel.message.read',
    inboxEntryParams.extend({ customerNumber: customerNumberSchema }),
    'Mark a message of the customer’s inbox read',
  ),
};
