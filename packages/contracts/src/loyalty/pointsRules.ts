import { z } from 'zod';
import { campaignBonusPreview } from '../campaigns/campaigns.ts';
import { command, type ReadPermission } from '../commands.ts';
import { dbId, INT32_MAX, idInput, idSchema, MAX_AMOUNT, text, timestamps } from '../common.ts';
import { businessBankingEffectSchema } from '../configuration/businessBanking.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

/**
 * How a rule compares the transaction amount with its own amount: the comparisons award the
 * points per transaction once; PER_EACH awards them for each full `amount` (see
 * docs/decisions/loyalty-engine.md).
 */
export const ruleConditions = ['GT', 'GTE', 'EQ', 'LT', 'LTE', 'PER_EACH'] as const;
export type RuleCondition = (typeof ruleConditions)[number];
export const ruleStatuses = ['ACTIVE', 'INACTIVE'] as const;

const required = 'ruleFieldsRequired';
const isBlank = (v: unknown) => v === undefined || v === null || v === '';
/** Spec: missing → 'All fields are required'; not a number → 'Points per transaction, … valid numbers'. */
const points = z
  .number({ error: (issue) => (isBlank(issue.input) ? required : 'rulePointsNumbers') })
  .int({ error: 'rulePointsNumbers' })
  .min(0, { error: 'rulePointsNumbers' })
  .max(1_000_000_000, { error: 'rulePointsNumbers' });
const day = z.iso.date({ error: required }).describe('YYYY-MM-DD, inclusive');

const pointsRuleFields = z.object({
  transactionTypeId: z
    .number({ error: required })
    .int()
    .positive()
    .max(INT32_MAX)
    .describe('Transfer type: an EARN type'),
  tierId: dbId.nullable().default(null).describe('The tier it applies to; null = all'),
  amount: z.number({ error: required }).min(0).max(MAX_AMOUNT).multipleOf(0.01),
  condition: z.enum(ruleConditions, { error: required }),
  pointsPerTransaction: points,
  minPoints: points,
  maxPoints: points,
  validFrom: day,
  validUntil: day,
  priority: z
    .number({ error: required })
    .int()
    .min(1)
    .max(1000)
    .describe('1 is evaluated first: the lowest number among matching rules wins'),
  status: z.enum(ruleStatuses).default('ACTIVE'),
});

type RuleShape = z.output<typeof pointsRuleFields>;
function ruleChecks(r: RuleShape, ctx: z.RefinementCtx) {
  if (r.minPoints > r.maxPoints)
    ctx.addIssue({ code: 'custom', message: 'ruleMinAboveMax', path: ['minPoints'] });
  if (r.validUntil < r.validFrom) {
    ctx.addIssue({ code: 'custom', message: 'validUntilBeforeValidFrom', path: ['validUntil'] });
  }
  if (r.condition === 'PER_EACH' && r.amount <= 0) {
    ctx.addIssue({ code: 'custom', message: 'rulePerEachAmount', path: ['amount'] });
  }
}

export const pointsRuleInput = pointsRuleFields.superRefine(ruleChecks);
export type PointsRuleInput = z.input<typeof pointsRuleInput>;
export const pointsRuleUpdateInput = pointsRuleFields.extend(idInput.shape).superRefine(ruleChecks);

export const pointsRuleSchema = pointsRuleFields.extend({
  id: z.number().int(),
  transactionTypeName: z.string(),
  transactionTypeNameAr: z.string(),
  transactionTypeCode: z.string(),
  tierName: z.string().nullable().describe('null = all tiers'),
  tierNameAr: z.string().nullable(),
  ...timestamps,
});
export type PointsRule = z.infer<typeof pointsRuleSchema>;

export const pointsRuleSortFields = [
  'priority',
  'pointsPerTransaction',
  'validFrom',
  'validUntil',
  'createdAt',
] as const;
export const pointsRuleListQuery = listQuerySchema(pointsRuleSortFields, {
  transactionTypeId: idSchema.optional(),
  tierId: idSchema.optional(),
  status: z.enum(ruleStatuses).optional(),
});
export type PointsRuleListQuery = z.output<typeof pointsRuleListQuery>;
export const pointsRulePage = pageSchema(pointsRuleSchema);

/** A dry run: which rule would fire for this customer (or tier), type and amount, and why. */
export const ruleSimulationInput = z.object({
  transactionTypeId: idSchema,
  amount: z.number().min(0).max(MAX_AMOUNT),
  customerNumber: text(64).min(1).optional().describe('Takes the customer’s tier'),
  tierId: idSchema.nullable().optional().describe('When no customer is given; null = no tier'),
  occurredAt: z.iso.datetime({ offset: true }).optional().describe('Default: now'),
});
export type RuleSimulationInput = z.output<typeof ruleSimulationInput>;

export const ruleVerdicts = [
  'FIRED',
  'OUTRANKED',
  'INACTIVE',
  'NOT_YET_VALID',
  'EXPIRED',
  'OTHER_TIER',
  'CONDITION_NOT_MET',
] as const;
export type RuleVerdict = (typeof ruleVerdicts)[number];

export const ruleEvaluationSchema = z.object({
  ruleId: z.number().int(),
  priority: z.number().int(),
  tierName: z.string().nullable(),
  condition: z.enum(ruleConditions),
  amount: z.number(),
  verdict: z.enum(ruleVerdicts),
  /** Points before clamping into [min, max]; null when the rule does not match. */
  rawPoints: z.number().int().nullable(),
  points: z.number().int().nullable(),
});
export type RuleEvaluation = z.infer<typeof ruleEvaluationSchema>;

export const ruleSimulationSchema = z.object({
  customer: z.object({ id: z.number().int(), customerNumber: z.string(), fullName: z.string() }).nullable(),
  tierId: z.number().int().nullable(),
  tierName: z.string().nullable(),
  transactionTypeCode: z.string(),
  ruleId: z.number().int().nullable().describe('The rule that fires; null when none matches'),
  points: z.number().int(),
  evaluations: z.array(ruleEvaluationSchema).describe('Every rule of the type, in evaluation order'),
  businessBanking: businessBankingEffectSchema
    .nullable()
    .optional()
    .describe('For a business customer: how the business banking settings change the points'),
  campaigns: z
    .array(campaignBonusPreview)
    .optional()
    .describe('The campaigns that would add a bonus, and how much (budget and cap as they stand)'),
});
export type RuleSimulation = z.infer<typeof ruleSimulationSchema>;

export const pointsRuleCommands = {
  create: command('pointsRule.create', pointsRuleInput, 'Create a points rule'),
  update: command('pointsRule.update', pointsRuleUpdateInput, 'Update a points rule'),
  delete: command('pointsRule.delete', idInput, 'Delete a points rule'),
};
export const pointsRuleRead: ReadPermission = {
  code: 'pointsRule.read',
  summary: 'View and simulate points rules',
};

export const pointsRuleResource = defineResource({
  name: 'points-rules',
  area: 'loyalty',
  tag: 'Loyalty: points rules',
  item: pointsRuleSchema,
  page: pointsRulePage,
  query: pointsRuleListQuery,
  sortFields: pointsRuleSortFields,
  read: pointsRuleRead,
  commands: pointsRuleCommands,
  screens: {
    list: { path: 'loyalty/rules', label: 'pointsRules' },
    create: { path: 'create-rules', label: 'createPointsRule' },
    edit: { path: 'edit-rules/:id', label: 'editPointsRule' },
  },
  menu: { group: 'loyalty' },
});
