import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { INT32_MAX, idSchema, text } from '../common.ts';
import { customerNumberSchema } from '../customers/customers.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';

/**
 * Households (issue 53, "points shared within a family"): a head and members, by customer
 * number, each member's consent recorded through the integration API; members transfer points to
 * each other (decisions/households.md). Staff API `/api/admin/households`; integration API
 * `POST /api/integration/v1/transfers` and a member's consent.
 */
export const householdRoles = ['HEAD', 'MEMBER'] as const;
export type HouseholdRole = (typeof householdRoles)[number];

export const householdMemberSchema = z.object({
  customerId: z.number().int(),
  customerNumber: z.string(),
  fullName: z.string(),
  fullNameAr: z.string().nullable(),
  role: z.enum(householdRoles),
  status: z.enum(['ACTIVE', 'BLOCKED', 'CLOSED']),
  balance: z.number().int(),
  /** When the customer consented through a channel; null: waiting for consent (cannot transfer). */
  consentedAt: z.string().nullable(),
  consentChannel: z.string().nullable(),
  addedAt: z.string(),
});
export type HouseholdMember = z.infer<typeof householdMemberSchema>;

export const householdTransferSchema = z.object({
  id: z.number().int(),
  householdId: z.number().int(),
  from: z.string().describe('The sender’s customer number'),
  to: z.string().describe('The receiver’s customer number'),
  points: z.number().int(),
  channel: z.string().nullable().describe('The channel of the key that sent it; null: staff'),
  externalId: z.string().nullable(),
  debitEntryId: z.number().int(),
  creditEntryId: z.number().int(),
  /** When the moved points expire at the receiver (null: they do not expire). */
  expiresAt: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type HouseholdTransfer = z.infer<typeof householdTransferSchema>;

export const householdSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  headNumber: z.string(),
  members: z.array(householdMemberSchema),
  /** The latest transfers (at most 50). */
  transfers: z.array(householdTransferSchema),
  createdAt: z.string(),
});
export type Household = z.infer<typeof householdSchema>;

export const householdSummarySchema = householdSchema.omit({ members: true, transfers: true }).extend({
  memberCount: z.number().int(),
});
export const householdSortFields = ['createdAt', 'name'] as const;
export const householdListQuery = listQuerySchema(householdSortFields, {
  customerNumber: customerNumberSchema.optional().describe('The household this customer belongs to'),
});
export type HouseholdListQuery = z.infer<typeof householdListQuery>;
export const householdPage = pageSchema(householdSummarySchema);

export const householdCreateInput = z.object({
  name: text(100).default(''),
  headNumber: customerNumberSchema.describe('The head’s customer number'),
});
export const householdMemberInput = z.object({ id: idSchema, customerNumber: customerNumberSchema });
export const householdMemberBody = householdMemberInput.pick({ customerNumber: true });

export const transferPoints = z.number().int().positive().max(INT32_MAX);
export const staffTransferInput = z.object({
  from: customerNumberSchema,
  to: customerNumberSchema,
  points: transferPoints,
  note: text(500).default(''),
});
export type StaffTransferInput = z.input<typeof staffTransferInput>;

/** Pool to the head: every member's transferable points moved to the head in one transaction. */
export const householdPoolInput = z.object({ id: idSchema, note: text(500).default('') });
export const householdPoolBody = householdPoolInput.pick({ note: true });

export const poolResult = z.object({
  householdId: z.number().int(),
  headNumber: z.string(),
  /** One transfer per member who had transferable points. */
  moved: z.array(
    z.object({
      from: z.string(),
      points: z.number().int(),
      transferId: z.number().int(),
      replayed: z.boolean(),
    }),
  ),
  /** Members left out, and why (the message key of the transfer's refusal). */
  skipped: z.array(z.object({ customerNumber: z.string(), reason: z.string() })),
  points: z.number().int().describe('Points moved to the head by this call'),
  headBalance: z.number().int().describe('The head’s balance afterwards'),
});
export type PoolResult = z.infer<typeof poolResult>;

export const householdCommands = {
  create: command('household.create', householdCreateInput, 'Create a household with its head'),
  addMember: command('household.addMember', householdMemberInput, 'Add a member to a household'),
  removeMember: command('household.removeMember', householdMemberInput, 'Remove a member from a household'),
  transfer: command(
    'household.transfer',
    staffTransferInput,
    'Transfer points between members of a household (approved by a second person)',
  ),
  pool: command(
    'household.pool',
    householdPoolInput,
    'Pool every member’s transferable points to the head (approved by a second person)',
  ),
};

export const householdRead: ReadPermission = {
  code: 'household.read',
  summary: 'View households, their members and transfers',
};

/** The integration API: a customer consents to their household, and members transfer points. */
export const channelTransferInput = z.object({
  externalId: text(100)
    .min(1)
    .describe('The channel’s id of the transfer: sending it again answers the first result'),
  from: customerNumberSchema,
  to: customerNumberSchema,
  points: transferPoints,
});
export type ChannelTransferInput = z.input<typeof channelTransferInput>;

export const channelTransferResult = z.object({
  transferId: z.number().int(),
  points: z.number().int(),
  fromBalance: z.number().int().describe('The sender’s balance right after the transfer'),
  toBalance: z.number().int().describe('The receiver’s balance right after the transfer'),
  expiresAt: z.string().nullable(),
  replayed: z.boolean().describe('true when this externalId had been sent before'),
});
export type ChannelTransferResult = z.infer<typeof channelTransferResult>;

export const channelPoolInput = z.object({
  externalId: text(100)
    .min(1)
    .describe('The channel’s id of the pooling: sending it again answers the transfers already made'),
});

export const channelConsentResult = z.object({
  householdId: z.number().int(),
  customerNumber: z.string(),
  consentedAt: z.string(),
});

export const householdChannelCommands = {
  consent: command(
    'channel.household.consent',
    z.object({ customerNumber: customerNumberSchema }),
    'Record a customer’s consent to join their household',
  ),
  transfer: command('channel.transfer.post', channelTransferInput, 'Transfer points within a household'),
  pool: command(
    'channel.household.pool',
    channelPoolInput.extend({ customerNumber: customerNumberSchema }),
    'Pool every member’s transferable points to the head, asked by the head',
  ),
};
