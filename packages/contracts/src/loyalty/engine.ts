import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { bigIdSchema, requiredText } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';

/** The engine's configuration, kept in the database (one record). */
export const loyaltySettingsInput = z.object({
  expiryMonths: z
    .number()
    .int()
    .min(0)
    .max(120)
    .describe('Points expire this many months after earning; 0 = never'),
  tierBasis: z.enum(['LIFETIME', 'ROLLING']).describe('Qualifying points: lifetime, or earned in the window'),
  tierWindowMonths: z.number().int().min(1).max(60).describe('The rolling window, in months'),
  downgradePolicy: z
    .enum(['IMMEDIATE', 'PERIOD_END'])
    .describe('Downgrade at once, or at the monthly tier review (upgrades are always at once)'),
});
export type LoyaltySettingsInput = z.infer<typeof loyaltySettingsInput>;
export const loyaltySettingsSchema = loyaltySettingsInput.extend({ updatedAt: z.string() });
export type LoyaltySettings = z.infer<typeof loyaltySettingsSchema>;

export const loyaltySettingsCommands = {
  update: command('loyaltySettings.update', loyaltySettingsInput, 'Change the loyalty engine settings'),
};
export const loyaltySettingsRead: ReadPermission = {
  code: 'loyaltySettings.read',
  summary: 'View the loyalty engine settings',
};

export const ledgerKinds = ['EARN', 'REDEEM', 'ADJUST', 'EXPIRE', 'REVERSAL'] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/**
 * What posted an entry the programme made itself (its reference's form), for a screen to name it in
 * the reader's language: a challenge's step (its names; `takenBack` when a reversed transaction took
 * the reward back), a referral's reward (referrer or referred friend) or its claw-back, a family
 * transfer (the two customer numbers).
 */
export const ledgerOriginSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('CHALLENGE'),
    id: z.number().int(),
    step: z.number().int(),
    name: z.string(),
    nameAr: z.string(),
    takenBack: z.boolean(),
  }),
  z.object({
    type: z.literal('REFERRAL'),
    id: z.number().int(),
    role: z.enum(['referrer', 'referred', 'clawedBack']),
  }),
  z.object({ type: z.literal('TRANSFER'), from: z.string(), to: z.string() }),
  z.object({
    type: z.literal('REDEMPTION'),
    id: z.number().int(),
    voucher: z.string(),
    voucherAr: z.string(),
    returned: z.boolean().describe('The cancellation that gave the points back'),
  }),
]);
export type LedgerOrigin = z.infer<typeof ledgerOriginSchema>;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(ledgerKinds),
  points: z.number().int().describe('Signed: + credit, − debit'),
  balanceAfter: z.number().int(),
  reference: z.string(),
  externalId: z.string().nullable(),
  transactionTypeCode: z.string().nullable(),
  transactionTypeName: z.string().nullable().optional().describe("The transaction type's name"),
  transactionTypeNameAr: z.string().nullable().optional().describe('Its Arabic name (empty: not translated)'),
  amount: z.number().nullable(),
  ruleId: z.number().int().nullable(),
  campaignId: z.number().int().nullable().optional().describe('The (first) campaign that added a bonus'),
  campaignName: z.string().nullable().optional().describe("That campaign's name (null: it was deleted)"),
  campaignNameAr: z.string().nullable().optional().describe('Its Arabic name'),
  bonusPoints: z.number().int().optional().describe('Of points, what campaigns added (signed)'),
  reversalOf: z.number().int().nullable(),
  reversed: z.boolean().describe('A reversal of this entry exists'),
  note: z.string().nullable(),
  origin: ledgerOriginSchema.nullable().optional(),
  expiresAt: z.string().nullable(),
  occurredAt: z.string(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const ledgerSortFields = ['occurredAt', 'createdAt', 'points'] as const;
export type LedgerSortField = (typeof ledgerSortFields)[number];
export const ledgerListQuery = listQuerySchema(ledgerSortFields, { kind: z.enum(ledgerKinds).optional() });
export type LedgerListQuery = z.output<typeof ledgerListQuery>;
export const ledgerPage = pageSchema(ledgerEntrySchema);

export const tierHistorySchema = z.object({
  id: z.number().int(),
  fromTierName: z.string().nullable(),
  toTierName: z.string().nullable(),
  qualifyingPoints: z.number().int(),
  reason: z.string(),
  changedAt: z.string(),
});
export type TierHistoryEntry = z.infer<typeof tierHistorySchema>;
export const tierHistoryListQuery = listQuerySchema(['changedAt'] as const, {});
export const tierHistoryPage = pageSchema(tierHistorySchema);

/** Staff reverse a channel transaction from the customer's ledger. */
export const ledgerReverseInput = z.object({
  id: bigIdSchema.describe('The EARN entry to reverse'),
  reason: requiredText('fillAllFields', 500),
});
export const ledgerCommands = {
  reverse: command('ledger.reverse', ledgerReverseInput, 'Reverse a customer transaction'),
};
