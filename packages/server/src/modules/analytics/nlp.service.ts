import {
  type MessageInsight,
  type MessageInsightListQuery,
  type messageInsightResource,
  type NlpModel,
  type NlpOverview,
  type NlpRun,
  nlpCommands,
  sentiments,
} from '@loyalty/contracts';
import { desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { type Db, type Executor, readAll, rowsOf } from '../../db/client.ts';
import {
  conversations,
  messageCategories,
  messageInsights,
  nlpModels,
  nlpRuns,
} from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { type JobDefinition, requestJobRun } from '../../platform/jobs.ts';
import { listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { loadSuggester, type Suggester, trainSuggester } from './nlp/classifier.ts';
import { classification } from './nlp/metrics.ts';
import type { SentimentLabel } from './nlp/sentiment.ts';
import { sentimentModel } from './nlp/sentimentModel.ts';
import { sentimentSamples } from './nlp/sentimentSamples.ts';
import { detectLanguage, type Lang, tokens } from './nlp/text.ts';

/** The background job: analyses new conversations, trains queued (and due) suggester runs. */
export const NLP_JOB = 'analytics.nlp';
const BATCH = 1_000;
/** The newest share of categorised conversations kept out of training to measure on. */
const HOLDOUT = 0.2;

type ModelRow = typeof nlpModels.$inferSelect;
type RunRow = typeof nlpRuns.$inferSelect;
type PerLanguage = {
  en: { n: number; accuracy: number; macroF1: number };
  ar: { n: number; accuracy: number; macroF1: number };
};
interface Metrics {
  category: PerLanguage | null;
  sentiment: PerLanguage;
  /** Which sentiment model was measured (absent on models stored before there was a choice). */
  sentimentModel?: string;
  trainedOn: number;
  testedOn: number;
}

// ---------------------------------------------------------------------------------------------
// Reading a message

/** A conversation's text: its subject and the customer's first message. */
interface Opening {
  id: number;
  categoryId: number | null;
  createdAt: Date;
  text: string;
}

const openings = (where: ReturnType<typeof sql>, limit?: number) => sql`
  select c.id, c.category_id as "categoryId", c.created_at as "createdAt",
    c.subject || E'\n' || coalesce(first.body, c.preview) as text
  from conversations c
    left join lateral (
      select e.body from conversation_entries e
      where e.conversation_id = c.id and e.kind = 'INBOUND' order by e.id limit 1
    ) first on true
  where ${where}
  order by c.created_at, c.id
  ${limit ? sql`limit ${limit}` : sql``}`;

const asOpenings = (result: unknown): Opening[] =>
  rowsOf<{ id: number; categoryId: number | null; createdAt: string | Date; text: string }>(result).map(
    (r) => ({
      id: Number(r.id),
      categoryId: r.categoryId === null ? null : Number(r.categoryId),
      createdAt: new Date(r.createdAt),
      text: r.text,
    }),
  );

/** What some messages say: language, sentiment, up to ten keywords, the suggested category. */
export async function analyse(texts: readonly string[], suggester: Suggester | null) {
  const languages = texts.map(detectLanguage);
  const moods = await sentimentModel().label(texts.map((text, i) => ({ text, lang: languages[i] as Lang })));
  return texts.map((text, i) => {
    const language = languages[i] as Lang;
    const sentiment = moods[i] as { label: SentimentLabel; score: number };
    const suggestion = suggester?.suggest(text) ?? null;
    return {
      language,
      sentiment: sentiment.label,
      sentimentScore: sentiment.score,
      keywords: [...new Set(tokens(text, language))].slice(0, 10),
      suggestedCategoryId: suggestion?.categoryId ?? null,
      confidence: suggestion?.confidence ?? null,
    };
  });
}

async function activeModel(db: Executor): Promise<ModelRow | undefined> {
  const [row] = await db.select().from(nlpModels).orderBy(desc(nlpModels.version)).limit(1);
  return row;
}

async function suggesterOf(model: ModelRow | undefined): Promise<Suggester | null> {
  return model?.classifier ? loadSuggester(model.classifier) : null;
}

/** Writes the insights of these openings (again, when asked: a new model's suggestions). */
async function store(db: Executor, rows: Opening[], suggester: Suggester | null, modelId: number | null) {
  if (!rows.length) return;
  const insights = await analyse(
    rows.map((r) => r.text),
    suggester,
  );
  await db
    .insert(messageInsights)
    .values(
      rows.map((r, i) => ({
        conversationId: r.id,
        createdAt: r.createdAt,
        modelId,
        ...(insights[i] as (typeof insights)[number]),
      })),
    )
    .onConflictDoUpdate({
      target: messageInsights.conversationId,
      set: {
        suggestedCategoryId: sql`excluded.suggested_category_id`,
        confidence: sql`excluded.confidence`,
        modelId: sql`excluded.model_id`,
        analysedAt: sql`now()`,
      },
    });
}

/**
 * Analyses every conversation after `afterId` that has no insight yet, a batch at a time. Answers
 * how many.
 */
export async function analyseNew(db: Db, afterId = 0): Promise<number> {
  const model = await activeModel(db);
  const suggester = await suggesterOf(model);
  let done = 0;
  for (;;) {
    const rows = asOpenings(
      await db.execute(
        openings(
          sql`c.id > ${afterId} and not exists (select 1 from message_insights i where i.conversation_id = c.id)`,
          BATCH,
        ),
      ),
    );
    await store(db, rows, suggester, model?.id ?? null);
    done += rows.length;
    if (rows.length < BATCH) return done;
  }
}

// ---------------------------------------------------------------------------------------------
// Training

function perLanguage(items: { lang: Lang; truth: string; predicted: string }[]): PerLanguage {
  const of = (lang: Lang) => {
    const mine = items.filter((i) => i.lang === lang);
    return classification(
      mine.map((i) => i.truth),
      mine.map((i) => i.predicted),
    );
  };
  return { en: of('en'), ar: of('ar') };
}

/** The sentiment model's figures on the labelled set shipped with the lexicon. */
export async function sentimentMetrics(): Promise<PerLanguage> {
  const predicted = await sentimentModel().label(sentimentSamples);
  return perLanguage(
    sentimentSamples.map((s, i) => ({ lang: s.lang, truth: s.label, predicted: predicted[i]?.label ?? '' })),
  );
}

async function progress(db: Db, runId: number, value: number, stage: string) {
  await db.update(nlpRuns).set({ progress: value, stage }).where(eq(nlpRuns.id, runId));
}

/**
 * Learns the suggester from every conversation staff categorised: first from all but the newest
 * 20 % to measure it on those (per language), then from all of them for use. Stores the version and
 * suggests again for the conversations still open.
 */
export async function trainNlp(db: Db, runId: number): Promise<number> {
  await progress(db, runId, 10, 'reading');
  const labelled = asOpenings(await db.execute(openings(sql`c.category_id is not null`)));
  await progress(db, runId, 30, 'fitting');
  const cut = Math.floor(labelled.length * (1 - HOLDOUT));
  const train = labelled.slice(0, cut);
  const test = labelled.slice(cut);
  const held = trainSuggester(train.map((r) => ({ text: r.text, categoryId: r.categoryId as number })));
  const category =
    held && test.length
      ? perLanguage(
          test.map((r) => ({
            lang: detectLanguage(r.text),
            truth: String(r.categoryId),
            predicted: String(held.suggest(r.text)?.categoryId ?? ''),
          })),
        )
      : null;
  await progress(db, runId, 60, 'measuring');
  const suggester = trainSuggester(
    labelled.map((r) => ({ text: r.text, categoryId: r.categoryId as number })),
  );
  const metrics: Metrics = {
    category,
    sentiment: await sentimentMetrics(),
    sentimentModel: sentimentModel().name,
    trainedOn: train.length,
    testedOn: test.length,
  };
  const [last] = await db
    .select({ v: sql<number>`coalesce(max(${nlpModels.version}), 0)::int` })
    .from(nlpModels);
  const [model] = await db
    .insert(nlpModels)
    .values({
      version: (last?.v ?? 0) + 1,
      classifier: suggester?.json ?? null,
      metrics,
      categorised: labelled.length,
    })
    .returning();
  await progress(db, runId, 75, 'suggesting');
  await analyseNew(db);
  for (let after = 0; ; ) {
    const open = asOpenings(await db.execute(openings(sql`c.status <> 'CLOSED' and c.id > ${after}`, BATCH)));
    await store(db, open, suggester, model?.id ?? null);
    if (open.length < BATCH) break;
    after = Math.max(...open.map((o) => o.id));
  }
  return model?.id as number;
}

async function claimRun(db: Db): Promise<RunRow | undefined> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      update nlp_runs set status = 'RUNNING', started_at = now(), stage = 'reading', progress = 1
      where id = (select id from nlp_runs where status = 'QUEUED' order by id limit 1 for update skip locked)
      returning id`),
  );
  if (rows[0] === undefined) return undefined;
  const [run] = await db
    .select()
    .from(nlpRuns)
    .where(eq(nlpRuns.id, Number(rows[0].id)));
  return run;
}

export async function runNlpTraining(db: Db): Promise<number> {
  let ran = 0;
  for (let run = await claimRun(db); run; run = await claimRun(db)) {
    try {
      const modelId = await trainNlp(db, run.id);
      await db
        .update(nlpRuns)
        .set({ status: 'DONE', progress: 100, stage: 'done', modelId, finishedAt: sql`now()` })
        .where(eq(nlpRuns.id, run.id));
    } catch (err) {
      await db
        .update(nlpRuns)
        .set({ status: 'FAILED', stage: 'failed', error: String(err).slice(0, 500), finishedAt: sql`now()` })
        .where(eq(nlpRuns.id, run.id));
    }
    ran += 1;
  }
  return ran;
}

/** Staff categorised more conversations since the model was trained, and it is over an hour old. */
async function queueIfStale(db: Db) {
  const model = await activeModel(db);
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from conversations where category_id is not null`),
  );
  const [busy] = await db
    .select({ id: nlpRuns.id })
    .from(nlpRuns)
    .where(inArray(nlpRuns.status, ['QUEUED', 'RUNNING']));
  if (busy || (row?.n ?? 0) === (model?.categorised ?? 0)) return;
  if (model && Date.now() - model.createdAt.getTime() < 3_600_000) return;
  await db.insert(nlpRuns).values({});
}

/**
 * The job's watermark: conversations up to `after` all have insights, so a run looks only past it
 * (not over every conversation each minute). It moves to the newest id seen by the run before —
 * a minute ago — so a conversation whose transaction took an id earlier but committed later is
 * still found.
 */
interface NlpJobState {
  after: number;
  seen: number;
}
const readState = (state: string | null): NlpJobState => {
  try {
    const parsed = JSON.parse(state ?? '') as Partial<NlpJobState>;
    return { after: Number(parsed.after) || 0, seen: Number(parsed.seen) || 0 };
  } catch {
    return { after: 0, seen: 0 };
  }
};

export const nlpJobs: JobDefinition[] = [
  {
    name: NLP_JOB,
    intervalSeconds: 60,
    async run(db, state) {
      // Retraining on staff's new categorisations is left out of the very first tick.
      if (state !== null) await queueIfStale(db);
      await runNlpTraining(db);
      const { seen } = readState(state);
      const [newest] = rowsOf<{ id: number | null }>(
        await db.execute(sql`select max(id) as id from conversations`),
      );
      await analyseNew(db, readState(state).after);
      return JSON.stringify({ after: seen, seen: Number(newest?.id ?? 0) } satisfies NlpJobState);
    },
  },
];

// ---------------------------------------------------------------------------------------------
// The API

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const toNlpRun = (r: RunRow): NlpRun => ({
  id: r.id,
  status: r.status,
  progress: r.progress,
  stage: r.stage,
  modelId: r.modelId,
  error: r.error,
  createdAt: r.createdAt.toISOString(),
  startedAt: iso(r.startedAt),
  finishedAt: iso(r.finishedAt),
});

function toModel(r: ModelRow): NlpModel {
  const m = r.metrics as Metrics;
  return {
    id: r.id,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    categorised: r.categorised,
    trainedOn: m.trainedOn,
    testedOn: m.testedOn,
    category: m.category,
    sentiment: m.sentiment,
    sentimentModel: m.sentimentModel ?? 'lexicon',
  };
}

/**
 * The screen: the model's figures, totals, volume and sentiment by category per month, and the
 * top keywords of each month and language — aggregates of the stored insights over a period.
 */
export async function nlpOverview(db: Executor, from: Date, to: Date): Promise<NlpOverview> {
  const period = sql`i.created_at >= ${from.toISOString()}::timestamptz and i.created_at < ${to.toISOString()}::timestamptz`;
  const [model, [run], langs, moods, trend, keywords, categories] = await readAll(db, [
    () => activeModel(db),
    () => db.select().from(nlpRuns).orderBy(desc(nlpRuns.id)).limit(1),
    () =>
      db.execute(
        sql`select i.language, count(*)::int as count from message_insights i where ${period} group by 1 order by 1`,
      ),
    () =>
      db.execute(
        sql`select i.sentiment, count(*)::int as count from message_insights i where ${period} group by 1`,
      ),
    () =>
      db.execute(sql`
      select to_char(i.created_at, 'YYYY-MM') as period, c.category_id as "categoryId", count(*)::int as count,
        count(*) filter (where i.sentiment = 'POSITIVE')::int as positive,
        count(*) filter (where i.sentiment = 'NEUTRAL')::int as neutral,
        count(*) filter (where i.sentiment = 'NEGATIVE')::int as negative
      from message_insights i join conversations c on c.id = i.conversation_id
      where ${period} group by 1, 2 order by 1, 2`),
    () =>
      db.execute(sql`
      select period, language, word, count from (
        select to_char(i.created_at, 'YYYY-MM') as period, i.language, w.word, count(*)::int as count,
          row_number() over (partition by to_char(i.created_at, 'YYYY-MM'), i.language order by count(*) desc, w.word) as n
        from message_insights i cross join lateral unnest(i.keywords) as w(word)
        where ${period} group by 1, 2, 3
      ) ranked where n <= 8 order by period, language, count desc, word`),
    () =>
      db
        .select({
          id: messageCategories.id,
          nameEn: messageCategories.nameEn,
          nameAr: messageCategories.nameAr,
        })
        .from(messageCategories)
        .orderBy(messageCategories.id),
  ]);
  const moodRows = rowsOf<{ sentiment: (typeof sentiments)[number]; count: number }>(moods);
  return {
    model: model ? toModel(model) : null,
    latestRun: run ? toNlpRun(run) : null,
    analysed: moodRows.reduce((n, r) => n + r.count, 0),
    languages: rowsOf<{ language: Lang; count: number }>(langs),
    sentiments: sentiments.map((s) => ({
      sentiment: s,
      count: moodRows.find((r) => r.sentiment === s)?.count ?? 0,
    })),
    trend: rowsOf<NlpOverview['trend'][number]>(trend).map((r) => ({
      ...r,
      categoryId: r.categoryId === null ? null : Number(r.categoryId),
    })),
    keywords: rowsOf<NlpOverview['keywords'][number]>(keywords),
    categories,
  };
}

export async function getNlpRun(db: Executor, id: number) {
  return toNlpRun(await findOrFail(db, nlpRuns, nlpRuns.id, id, 'Training run'));
}

type InsightRow = typeof messageInsights.$inferSelect;
const insightSpec: ResourceListSpec<typeof messageInsights, typeof messageInsightResource> = {
  table: messageInsights,
  sortable: { createdAt: messageInsights.createdAt },
  defaultSort: { field: 'createdAt', direction: 'desc' },
  tieBreaker: messageInsights.conversationId,
  search: [],
  filters: {
    from: (v: string) => gte(messageInsights.createdAt, new Date(v)),
    to: (v: string) => lt(messageInsights.createdAt, new Date(v)),
    categoryId: (v: number) =>
      sql`${messageInsights.conversationId} in (select id from conversations where category_id = ${v})`,
    sentiment: (v: InsightRow['sentiment']) => eq(messageInsights.sentiment, v),
    language: (v: InsightRow['language']) => eq(messageInsights.language, v),
  },
};

/** Messages behind a point of the trend (drill-down by month, category, sentiment, language). */
export async function listMessageInsights(db: Executor, query: MessageInsightListQuery) {
  const page = await listPage(db, insightSpec, query, (row) => row);
  return { ...page, items: await withText(db, page.items) };
}

/** The insights of some conversations (a page of the queue, one conversation). */
export async function insightsOf(db: Executor, ids: number[]) {
  const rows = await db.select().from(messageInsights).where(inArray(messageInsights.conversationId, ids));
  const items = await withText(db, rows);
  return { items, total: items.length, page: 1, pageSize: Math.max(1, items.length) };
}

/** Insights with their conversation's subject, preview and category, and the suggestion's name. */
async function withText(db: Executor, rows: InsightRow[]): Promise<MessageInsight[]> {
  const page = { items: rows };
  const ids = page.items.map((i) => i.conversationId);
  const suggested = [...new Set(page.items.flatMap((i) => i.suggestedCategoryId ?? []))];
  const names = new Map(
    (suggested.length
      ? await db
          .select({ id: messageCategories.id, en: messageCategories.nameEn, ar: messageCategories.nameAr })
          .from(messageCategories)
          .where(inArray(messageCategories.id, suggested))
      : []
    ).map((c) => [c.id, c]),
  );
  const convs = new Map(
    (ids.length
      ? await db
          .select({
            id: conversations.id,
            subject: conversations.subject,
            preview: conversations.preview,
            categoryId: conversations.categoryId,
          })
          .from(conversations)
          .where(inArray(conversations.id, ids))
      : []
    ).map((c) => [c.id, c]),
  );
  return page.items.map(
    (i): MessageInsight => ({
      id: i.conversationId,
      subject: convs.get(i.conversationId)?.subject ?? '',
      preview: convs.get(i.conversationId)?.preview ?? '',
      language: i.language,
      sentiment: i.sentiment,
      sentimentScore: i.sentimentScore,
      keywords: i.keywords,
      categoryId: convs.get(i.conversationId)?.categoryId ?? null,
      suggestedCategoryId: i.suggestedCategoryId,
      suggestedCategoryNameEn: names.get(i.suggestedCategoryId ?? 0)?.en ?? null,
      suggestedCategoryNameAr: names.get(i.suggestedCategoryId ?? 0)?.ar ?? null,
      confidence: i.confidence,
      createdAt: i.createdAt.toISOString(),
    }),
  );
}

export const nlpHandlers = [
  defineHandler(nlpCommands.train, async ({ tx, actor, onBehalfOf }) => {
    const [pending] = await tx
      .select()
      .from(nlpRuns)
      .where(inArray(nlpRuns.status, ['QUEUED', 'RUNNING']))
      .orderBy(nlpRuns.id)
      .limit(1);
    if (pending?.status === 'RUNNING')
      throw new AppError('CONFLICT', 'The suggester is being trained already');
    // A run already waiting (staff's new categorisations, or the demo's first) is started now.
    const [row] = pending
      ? [pending]
      : await tx
          .insert(nlpRuns)
          .values({ createdById: onBehalfOf?.userId ?? actor.userId })
          .returning();
    const run = toNlpRun(row as RunRow);
    await requestJobRun(tx, NLP_JOB);
    return { result: run, targetType: 'nlpRun', targetId: run.id, after: run };
  }),
];
