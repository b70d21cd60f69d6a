import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { bigIdSchema, idSchema } from '../common.ts';
import { churnBands, customerSegments } from '../customers/customers.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { trainingRunSchema } from './trainingRun.ts';

/**
 * Customer churn (`advanced-analytics/customer-churn`). The label, the features and the model
 * are documented in docs/decisions/analytics.md: a customer active in the year before a cut-off
 * has churned when they neither earn nor redeem in the `horizonDays` after it; every feature is
 * computed from what was known at the cut-off.
 */

/** The model's inputs, in the order of its weights (labels: `analytics.features.<name>`). */
export const churnFeatures = [
  'recencyDays',
  'earnings90',
  'earningsPrev90',
  'earnings365',
  'spend365',
  'balance',
  'expiringSoon',
  'redemptions365',
  'tenureDays',
  'tierRank',
  'tierChanges365',
  'business',
  'onlineShare',
  'messages365',
  'negativeMessages365',
] as const;
export type ChurnFeature = (typeof churnFeatures)[number];

export const DEFAULT_CHURN_HORIZON_DAYS = 90;

/** Ranking quality on the hold-out: area under the ROC curve, precision and recall in the top 10 %. */
export const rankingMetricsSchema = z.object({
  auc: z.number().describe('Area under the ROC curve on the hold-out (0.5 = chance)'),
  precisionAt10: z.number().describe('Share of churners among the 10 % ranked riskiest'),
  recallAt10: z.number().describe('Share of all churners found in the 10 % ranked riskiest'),
});
export type RankingMetrics = z.infer<typeof rankingMetricsSchema>;

export const calibrationBinSchema = z.object({
  bin: z.number().int().describe('0–9: predicted risk in [bin/10, (bin+1)/10)'),
  predicted: z.number().describe('Mean predicted risk of the customers in the bin'),
  observed: z.number().describe('Share of them who churned'),
  count: z.number().int(),
});
export type CalibrationBin = z.infer<typeof calibrationBinSchema>;

export const churnModelSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  active: z.boolean(),
  horizonDays: z.number().int(),
  trainCutoffs: z.array(z.string()).describe('Cut-offs the model learned from'),
  testCutoff: z.string().describe('The later cut-off it was measured on (never seen in training)'),
  trainRows: z.number().int(),
  testRows: z.number().int(),
  trainChurnRate: z.number(),
  testChurnRate: z.number(),
  sampled: z.boolean().describe('Training used a sample of the customers'),
  model: rankingMetricsSchema.extend({ brier: z.number().describe('Mean squared error of the risk') }),
  baseline: rankingMetricsSchema.describe(
    'Recency alone (days since the last activity), on the same hold-out',
  ),
  calibration: z.array(calibrationBinSchema),
  weights: z.array(z.object({ feature: z.enum(churnFeatures), weight: z.number() })),
  createdAt: z.string(),
});
export type ChurnModel = z.infer<typeof churnModelSchema>;

/** What the screen opens with: the active model, the versions, the newest training run. */
export const churnOverviewSchema = z.object({
  active: churnModelSchema.nullable(),
  models: z.array(churnModelSchema.omit({ calibration: true, weights: true })),
  latestRun: trainingRunSchema.nullable(),
  scored: z.number().int().describe('Customers scored by the active model'),
  bands: z.array(z.object({ band: z.enum(churnBands), count: z.number().int() })),
});
export type ChurnOverview = z.infer<typeof churnOverviewSchema>;

export const churnDriverSchema = z.object({
  feature: z.enum(churnFeatures),
  contribution: z.number().describe('How much the feature raises the log-odds of churn for this customer'),
  value: z.number().describe('The feature’s value for this customer (before scaling)'),
});
export type ChurnDriver = z.infer<typeof churnDriverSchema>;

export const churnScoreSchema = z.object({
  id: z.number().int().describe('The customer’s id'),
  customerNumber: z.string(),
  fullName: z.string(),
  fullNameAr: z.string().nullable().describe('The name in Arabic letters, as scored (null: none)'),
  tierId: z.number().int().nullable(),
  tierName: z.string().nullable(),
  tierNameAr: z.string().nullable().describe('The Arabic name of the tier (today’s name of that tier)'),
  segment: z.enum(customerSegments),
  score: z.number().describe('Probability of churn in the horizon, 0–1'),
  band: z.enum(churnBands),
  rank: z.number().int().describe('1 = riskiest'),
  drivers: z.array(churnDriverSchema).describe('The three features that raise this score most'),
  modelId: z.number().int(),
  scoredAt: z.string(),
});
export type ChurnScore = z.infer<typeof churnScoreSchema>;

export const churnScoreSortFields = ['rank', 'customerNumber'] as const;
export const churnScoreListQuery = listQuerySchema(churnScoreSortFields, {
  tierId: idSchema.optional(),
  segment: z.enum(customerSegments).optional(),
  band: z.enum(churnBands).optional(),
});
export type ChurnScoreListQuery = z.output<typeof churnScoreListQuery>;
/** Counted up to the customer list's bound: `totalCapped` says the true total is larger. */
export const churnScorePage = pageSchema(churnScoreSchema).extend({ totalCapped: z.boolean() });
export const churnCustomerParams = z.object({ customerId: bigIdSchema });

export const churnTrainInput = z.object({
  horizonDays: z.coerce
    .number({ error: 'fillAllFields' })
    .int()
    .min(30)
    .max(365)
    .default(DEFAULT_CHURN_HORIZON_DAYS)
    .describe('N: churn is no earning or redemption in the N days after a cut-off'),
});
export type ChurnTrainInput = z.input<typeof churnTrainInput>;
/** What a screen sends: the horizon as a number (the schema also coerces a text). */
export type ChurnTrainOptions = z.output<typeof churnTrainInput>;

export const churnCommands = {
  train: command('churnModel.train', churnTrainInput, 'Train a churn model (a background job)'),
  activate: command(
    'churnModel.activate',
    z.object({ id: idSchema }),
    'Make a churn model version the active one',
  ),
};
export const churnRead: ReadPermission = {
  code: 'churn.read',
  summary: 'View churn models, their metrics and customers’ churn risk',
};

export const churnScoreResource = defineResource({
  name: 'churn-scores',
  area: 'analytics',
  tag: 'Analytics: customer churn',
  item: churnScoreSchema,
  page: churnScorePage,
  query: churnScoreListQuery,
  sortFields: churnScoreSortFields,
  read: churnRead,
  commands: churnCommands,
  screens: { list: { path: 'advanced-analytics/customer-churn', label: 'customerChurn' } },
  menu: { group: 'campaignsAnalytics' },
});
