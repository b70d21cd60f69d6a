import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { dbId } from '../common.ts';

/**
 * How business-segment customers take part (BusinessConfigurations/BusinessBankingConfigurations):
 * whether they earn, an earn multiplier, a monthly points cap (calendar month, UTC), which
 * transaction types count (none listed: all), whether they may redeem. Enforced by the engine in
 * the earning's own statement (loyalty_business_points, migration 0033) and shown in the points
 * rules simulation; a business customer's redemption is refused NOT_ELIGIBLE when not allowed.
 */
export const businessBankingFields = z.object({
  earns: z.boolean(),
  multiplier: z.number().min(0.1).max(10).multipleOf(0.01),
  monthlyCap: z.number().int().min(1).max(1_000_000_000).nullable(),
  countingTypeIds: z.array(dbId).max(200).describe('Transaction types that earn; empty: all'),
  mayRedeem: z.boolean(),
});
export type BusinessBankingInput = z.input<typeof businessBankingFields>;
export const businessBankingSchema = businessBankingFields.extend({ updatedAt: z.string() });
export type BusinessBanking = z.infer<typeof businessBankingSchema>;

export const businessBankingCommands = {
  update: command(
    'businessBanking.update',
    businessBankingFields,
    'Change how business customers earn and redeem',
  ),
};
export const businessBankingRead: ReadPermission = {
  code: 'businessBanking.read',
  summary: 'View the business banking settings',
};

/** What the simulation adds for a business customer: the rule's points, then each setting's effect. */
export const businessBankingEffectSchema = z.object({
  basePoints: z.number().int(),
  earns: z.boolean(),
  typeCounts: z.boolean(),
  multiplier: z.number(),
  monthlyCap: z.number().int().nullable(),
  earnedThisMonth: z.number().int(),
  points: z.number().int().describe('What the engine would award'),
});
export type BusinessBankingEffect = z.infer<typeof businessBankingEffectSchema>;
