import {
  type ChurnModel,
  type ChurnOverview,
  type ChurnScore,
  type ChurnScoreListQuery,
  churnBands,
  churnCommands,
  churnFeatures,
  type churnScoreResource,
  type TrainingRun,
} from '@loyalty/contracts';
import { desc, eq, inArray, max, sql } from 'drizzle-orm';
import { Matrix, solve } from 'ml-matrix';
import { type Db, type Executor, readAll, rowsOf, type Tx } from '../../db/client.ts';
import { rebuildTable } from '../../db/rebuildTable.ts';
import { churnModels, churnScores, churnTrainingRuns, tiers } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { type JobDefinition, requestJobRun } from '../../platform/jobs.ts';
import { listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail, lockOrFail } from '../../platform/records.ts';
import { tunable } from '../../platform/settings/values.ts';
import { featureSource, modelInput, rawInput, trainingRows } from './churnFeatures.ts';
import { brier, calibration, rankingMetrics } from './churnMetrics.ts';

/** The background job that trains queued churn models (and queues one a week). */
export const CHURN_JOB = 'analytics.churn-train';
/** The background job that scores the customers again when another model is made active. */
export const CHURN_SCORE_JOB = 'analytics.churn-score';
/** Training rows per cut-off and hold-out rows at most: larger populations are sampled. */
export const TRAIN_SAMPLE = 60_000;
export const TEST_SAMPLE = 200_000;
const DAY = 86_400_000;
const RETRAIN_DAYS = 7;

interface Parameters {
  means: number[];
  sds: number[];
  weights: number[];
  intercept: number;
}
interface Metrics {
  model: ChurnModel['model'];
  baseline: ChurnModel['baseline'];
  calibration: ChurnModel['calibration'];
}
type ModelRow = typeof churnModels.$inferSelect;
type RunRow = typeof churnTrainingRuns.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Reading

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toModel(row: ModelRow): ChurnModel {
  const p = row.parameters as Parameters;
  const m = row.metrics as Metrics;
  return {
    id: row.id,
    version: row.version,
    active: row.active,
    horizonDays: row.horizonDays,
    trainCutoffs: row.trainCutoffs,
    testCutoff: row.testCutoff.toISOString(),
    trainRows: row.trainRows,
    testRows: row.testRows,
    trainChurnRate: row.trainChurnRate,
    testChurnRate: row.testChurnRate,
    sampled: row.sampled,
    model: m.model,
    baseline: m.baseline,
    calibration: m.calibration,
    weights: churnFeatures.map((feature, i) => ({ feature, weight: p.weights[i] ?? 0 })),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toRun(row: RunRow): TrainingRun {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    stage: row.stage,
    horizonDays: row.horizonDays,
    modelId: row.modelId,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

/** The screen's header: active model with its metrics, the versions, the newest run, the bands. */
/** The bands' cuts by rank: the top 10 % HIGH, the next 20 % MEDIUM, the rest LOW. */
const HIGH_SHARE = 0.1;
const HIGH_OR_MEDIUM_SHARE = 0.3;

/** How many of `n` ranked customers each band holds, as scoreCustomers cuts them. */
export function bandSizes(n: number): Record<(typeof churnBands)[number], number> {
  const high = Math.ceil(n * HIGH_SHARE);
  const highOrMedium = Math.ceil(n * HIGH_OR_MEDIUM_SHARE);
  return { HIGH: high, MEDIUM: highOrMedium - high, LOW: n - highOrMedium };
}

export async function churnOverview(db: Executor): Promise<ChurnOverview> {
  const [models, [run], [last]] = await readAll(db, [
    () => db.select().from(churnModels).orderBy(desc(churnModels.version)).limit(20),
    () => db.select().from(churnTrainingRuns).orderBy(desc(churnTrainingRuns.id)).limit(1),
    // The last rank is the number scored (from the rank index, not a count of every score).
    () => db.select({ n: max(churnScores.rank) }).from(churnScores),
  ]);
  const scored = Number(last?.n ?? 0);
  const bands = bandSizes(scored);
  const active = models.find((m) => m.active);
  return {
    active: active ? toModel(active) : null,
    models: models.map((m) => {
      const { calibration: _c, weights: _w, ...rest } = toModel(m);
      return rest;
    }),
    latestRun: run ? toRun(run) : null,
    scored,
    bands: churnBands.map((band) => ({ band, count: bands[band] })),
  };
}

export async function getTrainingRun(db: Executor, id: number): Promise<TrainingRun> {
  return toRun(await findOrFail(db, churnTrainingRuns, churnTrainingRuns.id, id, 'Training run'));
}

type ScoreRow = typeof churnScores.$inferSelect;

/** The three features that raise a score most, from its stored contributions (largest first). */
function drivers(contributions: number[], inputs: number[]): ChurnScore['drivers'] {
  return contributions
    .map((contribution, j) => ({ j, contribution }))
    .sort((a, b) => b.contribution - a.contribution)
    .slice(0, 3)
    .map(({ j, contribution }) => ({
      feature: churnFeatures[j] as ChurnScore['drivers'][number]['feature'],
      contribution: Math.round(contribution * 1e4) / 1e4,
      value: Math.round((inputs[j] ?? 0) * 100) / 100,
    }));
}

export const toScore = (r: ScoreRow): Omit<ChurnScore, 'tierNameAr'> => ({
  id: r.customerId,
  customerNumber: r.customerNumber,
  fullName: r.fullName,
  fullNameAr: r.fullNameAr,
  tierId: r.tierId,
  tierName: r.tierName,
  segment: r.segment,
  score: r.score,
  band: r.band,
  rank: r.rank,
  drivers: drivers(r.contributions, r.inputs),
  modelId: r.modelId,
  scoredAt: r.scoredAt.toISOString(),
});

const scoreSpec: ResourceListSpec<typeof churnScores, typeof churnScoreResource> = {
  table: churnScores,
  sortable: { rank: churnScores.rank, customerNumber: churnScores.customerNumber },
  defaultSort: { field: 'rank', direction: 'asc' },
  tieBreaker: churnScores.customerId,
  search: [churnScores.customerNumber, churnScores.fullName, churnScores.fullNameAr],
  filters: {
    tierId: (v: number) => eq(churnScores.tierId, v),
    segment: (v: ScoreRow['segment']) => eq(churnScores.segment, v),
    band: (v: ScoreRow['band']) => eq(churnScores.band, v),
  },
};

export async function listChurnScores(db: Executor, query: ChurnScoreListQuery) {
  // Counted up to the customer list's bound, as the customer list is ("1–20 of 1000+").
  const countLimit = await tunable<number>(
    db,
    query.q ? 'lists.customerSearchCountCap' : 'lists.customerCountCap',
  );
  const page = await listPage(db, { ...scoreSpec, countLimit }, query, toScore);
  return { ...page, items: await withTierNamesAr(db, page.items) };
}

/** The Arabic name of each score's tier (today's, looked up by id): one query for a page. */
async function withTierNamesAr(
  db: Executor,
  scores: Omit<ChurnScore, 'tierNameAr'>[],
): Promise<ChurnScore[]> {
  const ids = [...new Set(scores.flatMap((s) => (s.tierId === null ? [] : [s.tierId])))];
  const names = new Map(
    ids.length
      ? (
          await db.select({ id: tiers.id, nameAr: tiers.nameAr }).from(tiers).where(inArray(tiers.id, ids))
        ).map((t) => [t.id, t.nameAr])
      : [],
  );
  return scores.map((s) => ({ ...s, tierNameAr: s.tierId === null ? null : (names.get(s.tierId) ?? null) }));
}

export async function getCustomerChurn(db: Executor, customerId: number): Promise<ChurnScore> {
  const row = await findOrFail(db, churnScores, churnScores.customerId, customerId, 'Churn score');
  return (await withTierNamesAr(db, [toScore(row)]))[0] as ChurnScore;
}

// ---------------------------------------------------------------------------------------------
// Training

interface Labelled {
  ids: number[];
  x: number[][];
  y: number[];
  recency: number[];
}

async function populationSize(db: Executor, cutoff: Date) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from customers where joined_at <= ${cutoff.toISOString()}::timestamptz`,
    ),
  );
  return row?.n ?? 0;
}

/** The labelled rows at a cut-off, sampled to at most about `limit` customers. */
export async function labelledRows(
  db: Executor,
  cutoff: Date,
  horizonDays: number,
  limit: number,
): Promise<Labelled & { sampled: boolean }> {
  const size = await populationSize(db, cutoff);
  const share = size > limit ? limit / size : 1;
  const rows = rowsOf<{ customer_id: string | number; label: number; x: number[]; recency: number }>(
    await db.execute(trainingRows({ cutoff, horizonDays, share })),
  );
  return {
    ids: rows.map((r) => Number(r.customer_id)),
    x: rows.map((r) => r.x.map(Number)),
    y: rows.map((r) => Number(r.label)),
    recency: rows.map((r) => Number(r.recency)),
    sampled: share < 1,
  };
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, z))));

/** Ridge penalty of the fit (on standardised inputs): keeps weights finite on separable data. */
const RIDGE = 1;
const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Standardises the inputs (means and spreads of the training rows) and fits the logistic model by
 * Newton's method (iteratively reweighted least squares, ridge-penalised, intercept unpenalised),
 * each step's linear system solved by `ml-matrix`. Rows are Float64Arrays; the loop yields to the
 * event loop between iterations, so a training never holds up the server's requests.
 */
export async function fitLogistic(x: number[][], y: number[], iterations = 25): Promise<Parameters> {
  const k = churnFeatures.length;
  const d = k + 1; // the weights, then the intercept
  const n = x.length;
  const means = Array.from({ length: k }, (_, j) => x.reduce((s, r) => s + (r[j] as number), 0) / n);
  const sds = Array.from({ length: k }, (_, j) => {
    const v = x.reduce((s, r) => s + ((r[j] as number) - (means[j] as number)) ** 2, 0) / n;
    return Math.sqrt(v) || 1;
  });
  const rows = x.map((r) => {
    const row = new Float64Array(d);
    for (let j = 0; j < k; j += 1) row[j] = ((r[j] as number) - (means[j] as number)) / (sds[j] as number);
    row[k] = 1;
    return row;
  });
  const w = new Float64Array(d);
  for (let it = 0; it < iterations; it += 1) {
    const gradient = new Float64Array(d);
    const hessian = Array.from({ length: d }, () => new Float64Array(d));
    for (let i = 0; i < n; i += 1) {
      const row = rows[i] as Float64Array;
      let z = 0;
      for (let j = 0; j < d; j += 1) z += (w[j] as number) * (row[j] as number);
      const p = sigmoid(z);
      const residual = (y[i] as number) - p;
      const weight = Math.max(p * (1 - p), 1e-9);
      for (let a = 0; a < d; a += 1) {
        const ra = row[a] as number;
        gradient[a] = (gradient[a] as number) + residual * ra;
        const h = hessian[a] as Float64Array;
        for (let b = a; b < d; b += 1) h[b] = (h[b] as number) + weight * ra * (row[b] as number);
      }
    }
    for (let a = 0; a < d; a += 1) {
      const h = hessian[a] as Float64Array;
      for (let b = 0; b < a; b += 1) h[b] = (hessian[b] as Float64Array)[a] as number;
      if (a < k) {
        h[a] = (h[a] as number) + RIDGE;
        gradient[a] = (gradient[a] as number) - RIDGE * (w[a] as number);
      }
    }
    const step = solve(
      new Matrix(hessian.map((h) => [...h])),
      Matrix.columnVector([...gradient]),
    ).to1DArray();
    let moved = 0;
    for (let j = 0; j < d; j += 1) {
      w[j] = (w[j] as number) + (step[j] as number);
      moved = Math.max(moved, Math.abs(step[j] as number));
    }
    await yieldToEvents();
    if (moved < 1e-6) break;
  }
  return { means, sds, weights: [...w.slice(0, k)], intercept: w[k] as number };
}

export function predict(p: Parameters, x: number[]): number {
  let z = p.intercept;
  for (let j = 0; j < x.length; j += 1) {
    z += (p.weights[j] as number) * (((x[j] as number) - (p.means[j] as number)) / (p.sds[j] as number));
  }
  return sigmoid(z);
}

async function progress(db: Db, runId: number, value: number, stage: string) {
  await db.update(churnTrainingRuns).set({ progress: value, stage }).where(eq(churnTrainingRuns.id, runId));
}

const rate = (y: number[]) => y.reduce((s, v) => s + v, 0) / Math.max(1, y.length);

/**
 * A training run: labelled rows at two earlier cut-offs (now − 2N, now − 3N) to learn from, a
 * later one (now − N) to measure on — its labels and features never reach the fit — then the
 * model is stored as the next version, made active, and every customer scored with it.
 */
export async function trainChurnModel(db: Db, runId: number, horizonDays: number, now = new Date()) {
  const testCutoff = new Date(now.getTime() - horizonDays * DAY);
  const trainCutoffs = [2, 3].map((k) => new Date(now.getTime() - k * horizonDays * DAY));
  const train: Labelled = { ids: [], x: [], y: [], recency: [] };
  let sampled = false;
  for (const [i, cutoff] of trainCutoffs.entries()) {
    await progress(db, runId, 5 + i * 20, 'features');
    const rows = await labelledRows(db, cutoff, horizonDays, TRAIN_SAMPLE);
    train.ids.push(...rows.ids);
    train.x.push(...rows.x);
    train.y.push(...rows.y);
    train.recency.push(...rows.recency);
    sampled ||= rows.sampled;
  }
  await progress(db, runId, 45, 'holdout');
  const test = await labelledRows(db, testCutoff, horizonDays, TEST_SAMPLE);
  const churners = train.y.filter((v) => v === 1).length;
  if (train.y.length < 50 || churners < 5 || churners > train.y.length - 5 || test.y.length < 20) {
    throw new AppError('CONFLICT', 'notEnoughData');
  }
  await progress(db, runId, 55, 'fitting');
  const parameters = await fitLogistic(train.x, train.y);
  await progress(db, runId, 75, 'measuring');
  const probabilities = test.x.map((x) => predict(parameters, x));
  const metrics: Metrics = {
    model: { ...rankingMetrics(probabilities, test.y), brier: brier(probabilities, test.y) },
    baseline: rankingMetrics(test.recency, test.y),
    calibration: calibration(probabilities, test.y),
  };
  await progress(db, runId, 85, 'scoring');
  const modelId = await db.transaction(async (tx) => {
    const [last] = await tx
      .select({ v: sql<number>`coalesce(max(${churnModels.version}), 0)::int` })
      .from(churnModels);
    await tx.update(churnModels).set({ active: false }).where(eq(churnModels.active, true));
    const [row] = await tx
      .insert(churnModels)
      .values({
        version: (last?.v ?? 0) + 1,
        active: true,
        horizonDays,
        trainCutoffs: trainCutoffs.map((d) => d.toISOString()),
        testCutoff,
        trainRows: train.y.length,
        testRows: test.y.length,
        trainChurnRate: rate(train.y),
        testChurnRate: rate(test.y),
        sampled: sampled || test.sampled,
        parameters,
        metrics,
        runId,
      })
      .returning();
    const model = row as ModelRow;
    await scoreCustomers(tx, model, now);
    return model.id;
  });
  return modelId;
}

/**
 * Scores every customer of the population as of now with a model: each feature's contribution to
 * the log-odds (weight × standardised input) and the probability, then the rank and the band
 * (top 10 % HIGH, next 20 % MEDIUM). Closed accounts are not scored. Replaces the previous scores.
 * Two statements: the scores into a temporary table, then ranked into `churn_scores`. PostgreSQL
 * may compute the first — the ledger's aggregates, most of the work — on parallel workers (a
 * `create table … as` may, an `insert … select` may not). The contributions are stored as they
 * are: a read picks the three largest for the rows it shows (toScore), which per customer here
 * cost more than the rest of the scoring (docs/decisions/analytics.md).
 */
export async function scoreCustomers(tx: Tx, model: ModelRow, now = new Date()) {
  const p = model.parameters as Parameters;
  // Features are only ever appended: a model older than a feature gives it no weight.
  const contributions = churnFeatures.map(
    (f, j) =>
      `(${p.weights[j] ?? 0}::float8 * ((${modelInput(f)}) - ${p.means[j] ?? 0}::float8) / ${p.sds[j] ?? 1}::float8)`,
  );
  // The contributions' sum by subscripts: a sub-select over unnest per customer cost more.
  const logOdds = churnFeatures.map((_, j) => `k.c[${j + 1}]`).join(' + ');
  // The customers' hashes and the rank's sort in memory rather than in files (this transaction only).
  await tx.execute(sql`set local work_mem = '128MB'`);
  await tx.execute(sql`
    create temporary table churn_scoring on commit drop as
    select k.customer_id, k.c, k.v,
      1 / (1 + exp(-least(30, greatest(-30, ${p.intercept}::float8 + ${sql.raw(logOdds)})))) as score
    from (
      select f.customer_id,
        array[${sql.raw(contributions.join(', '))}] as c,
        array[${sql.raw(churnFeatures.map(rawInput).join(', '))}] as v
      from ${featureSource({ cutoff: now })}
        join customers cc on cc.id = f.customer_id and cc.status <> 'CLOSED'
      offset 0 -- computed once per customer, not once per reference to k.c
    ) k`);
  await rebuildTable(tx, 'churn_scores', async (copy) => {
    await tx.execute(sql`
      insert into ${sql.identifier(copy)} (customer_id, model_id, customer_number, full_name, full_name_ar, tier_id,
        tier_name, segment, score, rank, band, contributions, inputs, scored_at)
      select s.customer_id, ${model.id}, c.customer_number, c.full_name, c.full_name_ar, c.tier_id, t.name, c.segment,
        s.score, s.rnk,
        case when s.rnk <= ceil(s.n * ${HIGH_SHARE}::float8) then 'HIGH'
          when s.rnk <= ceil(s.n * ${HIGH_OR_MEDIUM_SHARE}::float8) then 'MEDIUM' else 'LOW' end,
        s.c, s.v, now()
      from (
        select z.customer_id, z.score, z.c, z.v,
          row_number() over (order by z.score desc, z.customer_id) as rnk, count(*) over () as n
        from churn_scoring z
      ) s
      join customers c on c.id = s.customer_id
      left join tiers t on t.id = c.tier_id`);
  });
  await tx.execute(sql`drop table churn_scoring`);
}

/** Claims the oldest queued run (another instance's claim is skipped) and marks it running. */
async function claimRun(db: Db): Promise<RunRow | undefined> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      update churn_training_runs set status = 'RUNNING', started_at = now(), stage = 'features', progress = 1
      where id = (select id from churn_training_runs where status = 'QUEUED' order by id limit 1 for update skip locked)
      returning id`),
  );
  const id = rows[0]?.id;
  if (id === undefined) return undefined;
  const [run] = await db
    .select()
    .from(churnTrainingRuns)
    .where(eq(churnTrainingRuns.id, Number(id)));
  return run;
}

/** Runs every queued training; a failure is recorded on its run (its message key as `error`). */
export async function runChurnTraining(db: Db, now?: Date): Promise<number> {
  let ran = 0;
  for (let run = await claimRun(db); run; run = await claimRun(db)) {
    try {
      const modelId = await trainChurnModel(db, run.id, run.horizonDays, now);
      await db
        .update(churnTrainingRuns)
        .set({ status: 'DONE', progress: 100, stage: 'done', modelId, finishedAt: sql`now()` })
        .where(eq(churnTrainingRuns.id, run.id));
    } catch (err) {
      const message = err instanceof AppError ? err.message : String(err);
      await db
        .update(churnTrainingRuns)
        .set({ status: 'FAILED', stage: 'failed', error: message.slice(0, 500), finishedAt: sql`now()` })
        .where(eq(churnTrainingRuns.id, run.id));
    }
    ran += 1;
  }
  return ran;
}

/** The schedule: a run a week, with the horizon of the newest model (90 days at first). */
async function queueScheduledRun(db: Db) {
  const [recent] = await db
    .select({ id: churnTrainingRuns.id })
    .from(churnTrainingRuns)
    .where(sql`${churnTrainingRuns.createdAt} > now() - make_interval(days => ${RETRAIN_DAYS})`)
    .limit(1);
  if (recent) return;
  const [last] = await db
    .select({ horizonDays: churnModels.horizonDays })
    .from(churnModels)
    .orderBy(desc(churnModels.version))
    .limit(1);
  await db.insert(churnTrainingRuns).values({ horizonDays: last?.horizonDays ?? 90, stage: 'queued' });
}

/**
 * Scores the customers with the active model when the scores are another model's (a model made
 * active again by staff): in its own transaction, so the command that activates it stays short
 * on a large population and the screens keep the previous scores until the new ones replace them.
 */
export async function rescoreWithActiveModel(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [model] = await tx.select().from(churnModels).where(eq(churnModels.active, true)).for('update');
    if (!model) return false;
    const [stale] = rowsOf<{ stale: boolean }>(
      await tx.execute(
        // Another model's scores, or none (migration 0051 removed the scores of before).
        sql`select exists (select 1 from churn_scores where model_id <> ${model.id})
          or not exists (select 1 from churn_scores) as stale`,
      ),
    );
    if (!stale?.stale) return false;
    await scoreCustomers(tx, model);
    return true;
  });
}

export const churnJobs: JobDefinition[] = [
  {
    name: CHURN_SCORE_JOB,
    intervalSeconds: 3_600,
    async run(db) {
      await rescoreWithActiveModel(db);
      return null;
    },
  },
  {
    name: CHURN_JOB,
    intervalSeconds: 3_600,
    async run(db, state) {
      // A run is queued on demand (churnModel.train); the hourly tick adds one a week.
      if (state !== null) await queueScheduledRun(db);
      await runChurnTraining(db);
      return 'scheduled';
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Commands

export const churnHandlers = [
  defineHandler(churnCommands.train, async ({ tx, actor, onBehalfOf }, input) => {
    const [pending] = await tx
      .select()
      .from(churnTrainingRuns)
      .where(inArray(churnTrainingRuns.status, ['QUEUED', 'RUNNING']))
      .orderBy(churnTrainingRuns.id)
      .limit(1);
    if (pending?.status === 'RUNNING')
      throw new AppError('CONFLICT', 'A churn model is being trained already');
    // A run already waiting (the weekly one, or the demo's first) is the one to start now.
    const [row] = pending
      ? [pending]
      : await tx
          .insert(churnTrainingRuns)
          .values({ horizonDays: input.horizonDays, createdById: onBehalfOf?.userId ?? actor.userId })
          .returning();
    const run = toRun(row as RunRow);
    await requestJobRun(tx, CHURN_JOB);
    return { result: run, targetType: 'churnTrainingRun', targetId: run.id, after: run };
  }),
  defineHandler(churnCommands.activate, async ({ tx }, input) => {
    const row = await lockOrFail(tx, churnModels, churnModels.id, input.id, 'Churn model');
    const before = { active: row.active };
    if (!row.active) {
      await tx.update(churnModels).set({ active: false }).where(eq(churnModels.active, true));
      await tx.update(churnModels).set({ active: true }).where(eq(churnModels.id, row.id));
      await requestJobRun(tx, CHURN_SCORE_JOB);
    }
    const after = toModel({ ...row, active: true });
    return { result: after, targetType: 'churnModel', targetId: row.id, before, after: { active: true } };
  }),
];
