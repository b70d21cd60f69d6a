import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.ts';
import { users } from './identity.ts';
import { conversations, messageCategories } from './messaging.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Churn model versions (modules/analytics, decisions/analytics.md): the scaling and weights of
 * the logistic model, the cut-offs it learned from and its metrics on a later hold-out. At most
 * one is active (partial unique index); its scores are in `churn_scores`.
 */
export const churnModels = pgTable(
  'churn_models',
  {
    id: idColumn(),
    version: integer('version').notNull(),
    active: boolean('active').notNull().default(false),
    horizonDays: integer('horizon_days').notNull(),
    trainCutoffs: jsonb('train_cutoffs').$type<string[]>().notNull(),
    testCutoff: at('test_cutoff').notNull(),
    trainRows: integer('train_rows').notNull(),
    testRows: integer('test_rows').notNull(),
    trainChurnRate: doublePrecision('train_churn_rate').notNull(),
    testChurnRate: doublePrecision('test_churn_rate').notNull(),
    sampled: boolean('sampled').notNull(),
    /** {means, sds, weights, intercept} in the order of `churnFeatures`. */
    parameters: jsonb('parameters').notNull(),
    /** {model: {auc, precisionAt10, recallAt10, brier}, baseline: {…}, calibration: [...]} */
    metrics: jsonb('metrics').notNull(),
    runId: integer('run_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('churn_models_version_key').on(t.version),
    uniqueIndex('churn_models_one_active').on(t.active).where(sql`${t.active}`),
  ],
);

/** Training runs: queued by `churnModel.train` (or the schedule), worked by the job, with progress. */
export const churnTrainingRuns = pgTable(
  'churn_training_runs',
  {
    id: idColumn(),
    status: text('status', { enum: ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] })
      .notNull()
      .default('QUEUED'),
    progress: integer('progress').notNull().default(0),
    stage: text('stage').notNull().default('queued'),
    horizonDays: integer('horizon_days').notNull(),
    modelId: integer('model_id'),
    error: text('error'),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [index('churn_training_runs_status_idx').on(t.status, t.id)],
);

/**
 * The active model's score of each customer, with every feature's contribution (the three that
 * raise it most are its drivers, picked when read: see toScore). The
 * customer's number, name, tier and segment are kept as scored, so the ranked list, its filters
 * and its export read this one table.
 */
export const churnScores = pgTable(
  'churn_scores',
  {
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    modelId: integer('model_id').notNull(),
    customerNumber: text('customer_number').notNull(),
    fullName: text('full_name').notNull(),
    /** The name in Arabic letters as scored (null: the customer has none; the screens show `full_name`). */
    fullNameAr: text('full_name_ar'),
    tierId: integer('tier_id'),
    tierName: text('tier_name'),
    segment: text('segment', { enum: ['RETAIL', 'BUSINESS'] }).notNull(),
    score: doublePrecision('score').notNull(),
    rank: integer('rank').notNull(),
    band: text('band', { enum: ['HIGH', 'MEDIUM', 'LOW'] }).notNull(),
    /** Each feature's contribution to the log-odds and its raw value, in `churnFeatures` order. */
    contributions: doublePrecision('contributions').array().notNull(),
    inputs: doublePrecision('inputs').array().notNull(),
    scoredAt: at('scored_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId] }),
    index('churn_scores_rank_idx').on(t.rank),
    index('churn_scores_band_idx').on(t.band, t.rank),
    index('churn_scores_tier_idx').on(t.tierId, t.rank),
    index('churn_scores_segment_idx').on(t.segment, t.rank),
    index('churn_scores_number_idx').on(t.customerNumber),
  ],
);

/**
 * NLP models (decisions/analytics.md): the category suggester (multinomial naive Bayes, exported
 * JSON) with its held-out accuracy / macro-F1 per language, and the sentiment lexicon's figures on
 * the labelled set shipped in the repository. The newest DONE row is the one in use.
 */
export const nlpModels = pgTable('nlp_models', {
  id: idColumn(),
  version: integer('version').notNull(),
  /** `wink-naive-bayes-text-classifier` exportJSON(), or null when too few categorised messages. */
  classifier: text('classifier'),
  /** {category: {en: {...}, ar: {...}}, sentiment: {en: {...}, ar: {...}}, trainedOn, testedOn} */
  metrics: jsonb('metrics').notNull(),
  /** How many conversations had a staff category when it was trained (a change asks for a retrain). */
  categorised: integer('categorised').notNull(),
  createdAt: createdAt(),
});

/** NLP training runs with progress, like churn's. */
export const nlpRuns = pgTable(
  'nlp_runs',
  {
    id: idColumn(),
    status: text('status', { enum: ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] })
      .notNull()
      .default('QUEUED'),
    progress: integer('progress').notNull().default(0),
    stage: text('stage').notNull().default('queued'),
    modelId: integer('model_id'),
    error: text('error'),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [index('nlp_runs_status_idx').on(t.status, t.id)],
);

/**
 * What the NLP job read in each conversation's opening message: language, sentiment, keywords,
 * and the suggested category with its confidence. `created_at` is the conversation's, so the
 * screen's periods read this table alone.
 */
export const messageInsights = pgTable(
  'message_insights',
  {
    conversationId: integer('conversation_id')
      .primaryKey()
      .references(() => conversations.id),
    language: text('language', { enum: ['en', 'ar'] }).notNull(),
    sentiment: text('sentiment', { enum: ['POSITIVE', 'NEUTRAL', 'NEGATIVE'] }).notNull(),
    sentimentScore: doublePrecision('sentiment_score').notNull(),
    keywords: text('keywords').array().notNull(),
    suggestedCategoryId: integer('suggested_category_id').references(() => messageCategories.id, {
      onDelete: 'set null',
    }),
    confidence: doublePrecision('confidence'),
    modelId: integer('model_id'),
    createdAt: at('created_at').notNull(),
    analysedAt: at('analysed_at').notNull().defaultNow(),
  },
  (t) => [
    index('message_insights_created_idx').on(t.createdAt),
    index('message_insights_lang_created_idx').on(t.language, t.createdAt),
  ],
);
