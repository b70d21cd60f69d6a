import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { dbId, INT32_MAX, idInput, idSchema, MAX_AMOUNT, requiredText, text, timestamps } from '../common.ts';
import { boundedDay, checkedDayRange } from '../dates.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

/**
 * A campaign's life: DRAFT (being prepared) → activated (an approvable command) → SCHEDULED until
 * its start, ACTIVE in its period; PAUSED by staff; ENDED at its end, when its budget runs out,
 * or by staff. The engine applies the bonus of ACTIVE campaigns only.
 */
export const campaignStatuses = ['DRAFT', 'SCHEDULED', 'ACTIVE', 'PAUSED', 'ENDED'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];
export const campaignStatus = z.enum(campaignStatuses);

/**
 * The bonus: MULTIPLIER — the rule's points times `value` added (1 doubles the points);
 * FIXED — `value` extra points per earning; PER_AMOUNT — `value` extra points per `perAmount` spent.
 */
export const campaignBonusKinds = ['MULTIPLIER', 'FIXED', 'PER_AMOUNT'] as const;
export type CampaignBonusKind = (typeof campaignBonusKinds)[number];
export const MAX_MULTIPLIER = 100;
export const MAX_CAMPAIGN_CUSTOMERS = 10_000;
/** A holdout withholds at most half of a campaign's customers. */
export const MAX_HOLDOUT_PCT = 50;
/** The holdout share the screen proposes for a new campaign (issue 52). */
export const DEFAULT_HOLDOUT_PCT = 10;

const customerSegment = z.enum(['RETAIL', 'BUSINESS']);
const isoInstant = z.iso.datetime({ offset: true, error: 'invalidDate' });

export const campaignFields = z
  .object({
    nameEn: requiredText('fillAllFields', 100),
    nameAr: requiredText('fillAllFields', 100),
    descriptionEn: text(1000).default(''),
    descriptionAr: text(1000).default(''),
    startsAt: isoInstant,
    endsAt: isoInstant,
    /** 0 = Sunday … 6 = Saturday (UTC); empty: every day. */
    daysOfWeek: z.array(z.number().int().min(0).max(6)).max(7).default([]),
    /** Hours of the day the bonus applies (UTC, `from` ≤ hour < `to`); null: all day. */
    hourFrom: z.number().int().min(0).max(23).nullable().default(null),
    hourTo: z.number().int().min(1).max(24).nullable().default(null),
    /** Targeting; every empty list means everyone. */
    tierIds: z.array(dbId).max(50).default([]),
    segments: z.array(customerSegment).max(2).default([]),
    criterionIds: z.array(dbId).max(20).default([]),
    customerNumbers: z.array(text(50).min(1)).max(MAX_CAMPAIGN_CUSTOMERS).default([]),
    /** The products: EARN transaction types; empty: all of them. */
    transactionTypeIds: z.array(dbId).max(100).default([]),
    bonusKind: z.enum(campaignBonusKinds),
    bonusValue: z.number({ error: 'fillAllFields' }).min(0).max(1_000_000),
    perAmount: z.number().positive().max(MAX_AMOUNT).nullable().default(null),
    customerCap: z.number().int().positive().max(INT32_MAX).nullable().default(null),
    budget: z.number({ error: 'fillAllFields' }).int().positive({ error: 'budgetPositive' }).max(INT32_MAX),
    stackable: z.boolean().default(false),
    /** Higher first; a campaign that does not stack applies alone when it comes first. */
    priority: z.number().int().min(0).max(1000).default(100),
    /**
     * The holdout: the share (%) of the eligible customers never awarded nor messaged about the
     * campaign, chosen at random per customer with the campaign's seed (0: none). The screen
     * proposes 10 for a new campaign.
     */
    holdoutPct: z
      .number()
      .int()
      .min(0, { error: 'holdoutOutOfRange' })
      .max(MAX_HOLDOUT_PCT, { error: 'holdoutOutOfRange' })
      .default(0),
  })
  .superRefine((c, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (Date.parse(c.endsAt) <= Date.parse(c.startsAt)) issue('endsAt', 'campaignEndBeforeStart');
    if (c.bonusKind === 'MULTIPLIER' && (c.bonusValue <= 0 || c.bonusValue > MAX_MULTIPLIER)) {
      issue('bonusValue', 'multiplierOutOfRange');
    }
    if (c.bonusKind !== 'MULTIPLIER' && (!Number.isInteger(c.bonusValue) || c.bonusValue < 1)) {
      issue('bonusValue', 'bonusPointsInvalid');
    }
    if (c.bonusKind === 'PER_AMOUNT' && c.perAmount === null) issue('perAmount', 'perAmountRequired');
    if (c.customerCap !== null && c.budget < c.customerCap) issue('budget', 'budgetBelowCap');
    if ((c.hourFrom === null) !== (c.hourTo === null)) issue('hourTo', 'hoursBoth');
    if (c.hourFrom !== null && c.hourTo !== null && c.hourTo <= c.hourFrom) issue('hourTo', 'hoursOrder');
  });
export type CampaignInput = z.input<typeof campaignFields>;
export type CampaignFields = z.output<typeof campaignFields>;
export const campaignUpdateInput = campaignFields.and(idInput);

export const campaignSchema = z.object({
  id: z.number().int(),
  nameEn: z.string(),
  nameAr: z.string(),
  descriptionEn: z.string(),
  descriptionAr: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  daysOfWeek: z.array(z.number().int()),
  hourFrom: z.number().int().nullable(),
  hourTo: z.number().int().nullable(),
  tierIds: z.array(z.number().int()),
  segments: z.array(customerSegment),
  criterionIds: z.array(z.number().int()),
  customerNumbers: z.array(z.string()),
  transactionTypeIds: z.array(z.number().int()),
  bonusKind: z.enum(campaignBonusKinds),
  bonusValue: z.number(),
  perAmount: z.number().nullable(),
  customerCap: z.number().int().nullable(),
  budget: z.number().int(),
  stackable: z.boolean(),
  priority: z.number().int(),
  holdoutPct: z.number().int().describe('Share (%) of the eligible customers held out, never awarded'),
  holdoutSeed: z.number().int().describe('The seed that chose the holdout (loyalty_campaign_holdout)'),
  status: campaignStatus,
  spent: z.number().int().describe('Bonus points awarded, net of reversals'),
  customersReached: z.number().int().describe('Customers who received a bonus'),
  endedReason: z.enum(['PERIOD', 'BUDGET', 'STAFF']).nullable(),
  ...timestamps,
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignSortFields = ['nameEn', 'startsAt', 'endsAt', 'status', 'spent', 'createdAt'] as const;
export const campaignListQuery = listQuerySchema(campaignSortFields, {
  status: campaignStatus.optional(),
  bonusKind: z.enum(campaignBonusKinds).optional(),
});
export type CampaignListQuery = z.output<typeof campaignListQuery>;
export const campaignPage = pageSchema(campaignSchema);

export const campaignCommands = {
  create: command('campaign.create', campaignFields, 'Create a campaign'),
  update: command('campaign.update', campaignUpdateInput, 'Change a campaign that is not active'),
  delete: command('campaign.delete', idInput, 'Delete a draft campaign'),
  activate: command('campaign.activate', idInput, 'Activate a campaign (scheduled until it starts)'),
  pause: command('campaign.pause', idInput, 'Pause a campaign'),
  end: command('campaign.end', idInput, 'End a campaign'),
};
export const campaignRead: ReadPermission = {
  code: 'campaign.read',
  summary: 'View campaigns and their performance',
};

export const campaignResource = defineResource({
  name: 'campaigns',
  area: 'campaigns',
  tag: 'Campaigns',
  item: campaignSchema,
  page: campaignPage,
  query: campaignListQuery,
  sortFields: campaignSortFields,
  read: campaignRead,
  commands: campaignCommands,
  screens: {
    list: { path: 'matrix/campaign', label: 'campaigns' },
    create: { path: 'create-campaigns', label: 'createCampaign' },
    edit: { path: 'edit-item/:id', label: 'editCampaign' },
  },
  menu: { group: 'campaignsAnalytics' },
});

/** What a campaign would add to a simulated earning (points rules' simulate panel). */
export const campaignBonusPreview = z.object({
  campaignId: z.number().int(),
  nameEn: z.string(),
  nameAr: z.string(),
  bonusPoints: z.number().int(),
});
export type CampaignBonusPreview = z.infer<typeof campaignBonusPreview>;

/**
 * `matrix/filterbyproduct`: a period's campaign performance, compared with the period of the same
 * length just before it (both bounded by the range checks of dates.ts).
 */
export const campaignPerformanceQuery = checkedDayRange(
  z.object({ from: boundedDay, to: boundedDay, campaignId: idSchema.optional() }),
);
export type CampaignPerformanceQuery = z.output<typeof campaignPerformanceQuery>;

/** One side of a holdout comparison: the campaign's eligible customers, treated or held out. */
const holdoutGroup = z.object({
  customers: z.number().int(),
  activeCustomers: z.number().int().describe('Customers with at least one earning'),
  activeRate: z.number().describe('Active customers ÷ customers, 0–1'),
  transactions: z.number().int(),
  spend: z.number(),
  spendPerCustomer: z.number(),
  points: z.number().int(),
  pointsPerCustomer: z.number(),
});

export const campaignPerformanceSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Per transaction type and campaign. */
  byProduct: z.array(
    z.object({
      transactionTypeId: z.number().int().nullable(),
      typeNameEn: z.string(),
      typeNameAr: z.string(),
      campaignId: z.number().int(),
      campaignNameEn: z.string(),
      campaignNameAr: z.string(),
      bonusPoints: z.number().int(),
      pointsIssued: z.number().int().describe('Base and bonus points of the campaign’s earnings'),
      transactions: z.number().int(),
      customers: z.number().int(),
      spend: z.number(),
    }),
  ),
  /** Cumulative bonus points by day and campaign (budget burn). */
  burn: z.array(z.object({ day: z.string(), campaignId: z.number().int(), spent: z.number().int() })),
  /** The same customers' earnings in the period before of equal length. */
  uplift: z.array(
    z.object({
      campaignId: z.number().int(),
      campaignNameEn: z.string(),
      campaignNameAr: z.string(),
      budget: z.number().int(),
      customers: z.number().int(),
      transactions: z.number().int(),
      transactionsBefore: z.number().int(),
      spend: z.number(),
      spendBefore: z.number(),
      upliftPct: z.number().nullable().describe('Spend change in %, null when nothing before'),
    }),
  ),
  /**
   * Per campaign with a holdout, over its days within the period: its eligible customers treated
   * against held out (docs/decisions/campaign-holdouts.md).
   */
  holdout: z.array(
    z.object({
      campaignId: z.number().int(),
      campaignNameEn: z.string(),
      campaignNameAr: z.string(),
      holdoutPct: z.number().int(),
      from: z.string().describe('First day of the campaign within the period'),
      to: z.string().describe('Last day of the campaign within the period'),
      treated: holdoutGroup,
      holdout: holdoutGroup,
      difference: z.number().describe('Mean spend per customer, treated less held out'),
      low: z.number().nullable().describe('95 % Welch confidence interval of the difference, low end'),
      high: z.number().nullable(),
      bonusPoints: z.number().int().describe('Bonus points the campaign paid in these days'),
      incrementalSpendPerPoint: z
        .number()
        .nullable()
        .describe('Difference × treated customers ÷ bonus points'),
      distinguishable: z
        .boolean()
        .describe('False when the interval spans zero or a group has fewer than 2 customers'),
      daily: z.array(z.object({ day: z.string(), treated: z.number(), holdout: z.number() })),
    }),
  ),
});
export type CampaignPerformance = z.infer<typeof campaignPerformanceSchema>;
export type CampaignHoldoutResult = CampaignPerformance['holdout'][number];
export type HoldoutGroup = CampaignHoldoutResult['treated'];
