import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { idSchema } from '../common.ts';
import { boundedInstant } from '../dates.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { trainingRunSchema } from './trainingRun.ts';

/**
 * NLP on customer messages (`advanced-analytics/NLP`): language, sentiment and keywords of each
 * conversation's opening message, a category suggested from staff's earlier categorisations, and
 * the figures of both on held-out data (docs/decisions/analytics.md).
 */
export const sentiments = ['POSITIVE', 'NEUTRAL', 'NEGATIVE'] as const;
export type SentimentLabelName = (typeof sentiments)[number];
export const insightLanguages = ['en', 'ar'] as const;

export const classificationMetricsSchema = z.object({
  n: z.number().int().describe('Held-out messages measured'),
  accuracy: z.number(),
  macroF1: z.number(),
});
const perLanguage = z.object({ en: classificationMetricsSchema, ar: classificationMetricsSchema });

export const nlpModelSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  categorised: z.number().int().describe('Conversations with a staff category when trained'),
  trainedOn: z.number().int(),
  testedOn: z.number().int(),
  category: perLanguage
    .nullable()
    .describe('Suggestion on the newest 20 % of categorised messages (never learned from)'),
  sentiment: perLanguage.describe('The sentiment model on the labelled set shipped in the repository'),
  sentimentModel: z
    .string()
    .describe('`lexicon`, or the name of the ONNX model loaded from NLP_MODEL_DIR (its folder)'),
});
export type NlpModel = z.infer<typeof nlpModelSchema>;

export const nlpOverviewSchema = z.object({
  model: nlpModelSchema.nullable(),
  latestRun: trainingRunSchema.omit({ horizonDays: true }).nullable(),
  analysed: z.number().int(),
  languages: z.array(z.object({ language: z.enum(insightLanguages), count: z.number().int() })),
  sentiments: z.array(z.object({ sentiment: z.enum(sentiments), count: z.number().int() })),
  trend: z.array(
    z.object({
      period: z.string().describe('YYYY-MM'),
      categoryId: z.number().int().nullable(),
      count: z.number().int(),
      positive: z.number().int(),
      neutral: z.number().int(),
      negative: z.number().int(),
    }),
  ),
  keywords: z.array(
    z.object({
      period: z.string(),
      language: z.enum(insightLanguages),
      word: z.string(),
      count: z.number().int(),
    }),
  ),
  categories: z.array(z.object({ id: z.number().int(), nameEn: z.string(), nameAr: z.string() })),
});
export type NlpOverview = z.infer<typeof nlpOverviewSchema>;
export type NlpRun = NonNullable<NlpOverview['latestRun']>;

export const messageInsightSchema = z.object({
  id: z.number().int().describe('The conversation’s id'),
  subject: z.string(),
  preview: z.string(),
  language: z.enum(insightLanguages),
  sentiment: z.enum(sentiments),
  sentimentScore: z.number(),
  keywords: z.array(z.string()),
  categoryId: z.number().int().nullable().describe('The category staff gave it'),
  suggestedCategoryId: z.number().int().nullable(),
  suggestedCategoryNameEn: z.string().nullable(),
  suggestedCategoryNameAr: z.string().nullable(),
  confidence: z.number().nullable().describe('0–1: the suggester’s odds for its category'),
  createdAt: z.string(),
});
export type MessageInsight = z.infer<typeof messageInsightSchema>;

export const messageInsightSortFields = ['createdAt'] as const;
export const messageInsightListQuery = listQuerySchema(messageInsightSortFields, {
  from: boundedInstant.optional().describe('Conversations opened at or after (ISO 8601)'),
  to: boundedInstant.optional().describe('Conversations opened before (ISO 8601)'),
  categoryId: idSchema.optional(),
  sentiment: z.enum(sentiments).optional(),
  language: z.enum(insightLanguages).optional(),
});
export type MessageInsightListQuery = z.output<typeof messageInsightListQuery>;
/** The insights of some conversations at once (a page of the queue). */
export const messageInsightsOfQuery = z.object({
  ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/)
    .describe('Up to 100 conversation ids, comma-separated'),
});
export const messageInsightPage = pageSchema(messageInsightSchema);

export const nlpCommands = {
  train: command('nlpModel.train', z.object({}), 'Retrain the message category suggester (a background job)'),
};
export const nlpRead: ReadPermission = {
  code: 'messageInsight.read',
  summary: 'View NLP insights on customer messages and category suggestions',
};

export const messageInsightResource = defineResource({
  name: 'message-insights',
  area: 'analytics',
  tag: 'Analytics: customer messages',
  item: messageInsightSchema,
  page: messageInsightPage,
  query: messageInsightListQuery,
  sortFields: messageInsightSortFields,
  read: nlpRead,
  commands: nlpCommands,
  screens: { list: { path: 'advanced-analytics/NLP', label: 'messageInsights' } },
  menu: { group: 'campaignsAnalytics' },
});
