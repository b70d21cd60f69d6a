import { z } from 'zod';
import { command } from '../commands.ts';
import { bigIdSchema } from '../common.ts';

/**
 * A customer's choice about marketing alerts, as staff record it (the customer asked the branch or
 * the call centre). Service alerts always go; marketing alerts skip a customer who opted out, and
 * one who made no choice when the customers' default (UserConfigurations) is "unsubscribed".
 */
export const alertPreferenceBody = z.object({ marketingOptOut: z.boolean() });
export const alertPreferenceInput = alertPreferenceBody.extend({ customerId: bigIdSchema });
export const alertPreferenceSchema = z.object({
  customerId: z.number().int(),
  marketingOptOut: z.boolean().describe('Marketing alerts skip this customer'),
  source: z
    .enum(['CHOICE', 'DEFAULT'])
    .describe("The customer's own choice, or the customers' default (no choice made)"),
  since: z.string().nullable().describe('When the customer made their choice'),
});
export type AlertPreference = z.infer<typeof alertPreferenceSchema>;

export const alertPreferenceCommands = {
  set: command(
    'alertPreference.set',
    alertPreferenceInput,
    'Record a customer’s choice about marketing alerts',
  ),
};
