import { churnFeatures } from '@loyalty/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { churnModels, churnTrainingRuns } from '../../db/schema/index.ts';
import { requestJobRun } from '../../platform/jobs.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { CHURN_JOB, CHURN_SCORE_JOB, runChurnTraining, trainChurnModel } from './churn.service.ts';
import { rawFeatureRows } from './churnFeatures.ts';
import { auc, calibration, topShare } from './churnMetrics.ts';

type As = { authorization: string };
let t: TestApp;
let admin: As;
const DAY = 86_400_000;

/**
 * Customers who earn every `every` days from `fromDaysAgo` until `stopDaysAgo` (before `now`),
 * 100.00 spent and 10 points each time. Answers their ids in order.
 */
async function customersWho(
  patterns: { number: string; fromDaysAgo: number; stopDaysAgo: number; every: number }[],
  now = new Date(),
) {
  const ids: number[] = [];
  for (const p of patterns) {
    const [row] = rowsOf<{ id: string }>(
      await t.app.db.execute(sql`
        insert into customers (customer_number, full_name, joined_at)
        values (${p.number}, ${`Test ${p.number}`}, ${now.toISOString()}::timestamptz - make_interval(days => ${p.fromDaysAgo + 1}))
        returning id`),
    );
    const id = Number(row?.id);
    ids.push(id);
    await t.app.db.execute(sql`
      insert into ledger_entries (customer_id, kind, points, balance_after, lot, expires_at, reference, amount, occurred_at)
      select ${id}, 'EARN', 10, 10 * k, true, at + interval '24 months', 'test', 100, at
      from generate_series(1, ${Math.max(1, Math.floor((p.fromDaysAgo - p.stopDaysAgo) / p.every) + 1)}) k,
        lateral (select ${now.toISOString()}::timestamptz - make_interval(days => ${p.fromDaysAgo} - (k - 1) * ${p.every}) as at) a`);
  }
  return ids;
}

/** 240 customers whose last activity is spread from today to two years ago; some every week, some every month. */
const spread = (prefix: string) =>
  Array.from({ length: 240 }, (_, i) => ({
    number: `${prefix}${String(i).padStart(5, '0')}`,
    fromDaysAgo: 1000,
    stopDaysAgo: (i * 37) % 720,
    every: i % 3 === 0 ? 30 : 7,
  }));

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
});

describe('churn metrics', () => {
  it('computes AUC with ties, the top 10 % and calibration bins', () => {
    expect(auc([0.9, 0.8, 0.3, 0.1], [1, 1, 0, 0])).toBe(1);
    expect(auc([0.1, 0.2, 0.8, 0.9], [1, 1, 0, 0])).toBe(0);
    expect(auc([0.5, 0.5, 0.5, 0.5], [1, 0, 1, 0])).toBe(0.5);
    const scores = Array.from({ length: 20 }, (_, i) => i / 20);
    const labels = scores.map((s) => (s >= 0.9 ? 1 : 0));
    expect(topShare(scores, labels)).toEqual({ precision: 1, recall: 1 });
    const bins = calibration([0.05, 0.15, 0.12, 0.95], [0, 0, 1, 1]);
    expect(bins).toEqual([
      { bin: 0, predicted: 0.05, observed: 0, count: 1 },
      { bin: 1, predicted: expect.closeTo(0.135, 6), observed: 0.5, count: 2 },
      { bin: 9, predicted: 0.95, observed: 1, count: 1 },
    ]);
  });
});

describe('churn features', () => {
  it('never look past the cut-off: activity after it changes the label, no feature', async () => {
    const now = new Date();
    const cutoff = new Date(now.getTime() - 120 * DAY);
    const ids = await customersWho(
      [
        { number: 'LA00001', fromDaysAgo: 400, stopDaysAgo: 150, every: 10 },
        { number: 'LA00002', fromDaysAgo: 300, stopDaysAgo: 125, every: 5 },
      ],
      now,
    );
    const features = async () =>
      rowsOf<Record<string, number | string>>(
        await t.app.db.execute(rawFeatureRows({ cutoff, horizonDays: 90, customerIds: ids })),
      );
    const before = await features();
    expect(before).toHaveLength(2);
    expect(before.map((r) => Number(r.label))).toEqual([1, 1]);
    // After the cut-off: earnings, a redemption, a conversation, a tier change, each a second
    // after it and long after it.
    for (const id of ids) {
      await t.app.db.execute(sql`
        insert into ledger_entries (customer_id, kind, points, balance_after, lot, reference, amount, occurred_at)
        values (${id}, 'EARN', 500, 999, true, 'late', 5000, ${cutoff.toISOString()}::timestamptz + interval '1 second'),
          (${id}, 'REDEEM', -200, 799, false, 'late', null, ${cutoff.toISOString()}::timestamptz + interval '30 days'),
          (${id}, 'EARN', 700, 1499, true, 'late', 7000, ${cutoff.toISOString()}::timestamptz + interval '100 days')`);
      await t.app.db.execute(sql`
        insert into conversations (customer_id, channel, subject, preview, status, search_text, created_at, last_message_at)
        values (${id}, 'APP', 'late', 'late', 'NEW', 'late', ${cutoff.toISOString()}::timestamptz + interval '1 day', now())`);
      await t.app.db.execute(sql`
        insert into customer_tier_history (customer_id, qualifying_points, reason, changed_at)
        values (${id}, 999, 'EARN', ${cutoff.toISOString()}::timestamptz + interval '1 second')`);
    }
    const after = await features();
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ label: _label, ...rest }) => rest);
    expect(strip(after)).toEqual(strip(before));
    expect(after.map((r) => Number(r.label))).toEqual([0, 0]);
    // …while activity before it does move them.
    await t.app.db.execute(sql`
      insert into ledger_entries (customer_id, kind, points, balance_after, lot, reference, amount, occurred_at)
      values (${ids[0] as number}, 'EARN', 50, 50, true, 'early', 500, ${cutoff.toISOString()}::timestamptz - interval '1 day')`);
    const moved = await features();
    expect(Number(moved[0]?.recencyDays)).toBeCloseTo(1, 3);
    expect(Number(moved[0]?.earnings90)).toBe(Number(before[0]?.earnings90) + 1);
    expect(Object.keys(moved[0] ?? {})).toEqual(['customer_id', ...churnFeatures, 'label']);
  });
});

describe('churn model', () => {
  let known: number[];
  let firstModelId: number;

  it('learns from earlier cut-offs, measures on a later one it never saw, and ranks a known set as expected', async () => {
    const now = new Date();
    await customersWho(spread('KS'), now);
    // The known ranking: active every week until today, stopped 50 days ago, stopped 150 days ago.
    known = await customersWho(
      [
        { number: 'KR00001', fromDaysAgo: 900, stopDaysAgo: 0, every: 7 },
        { number: 'KR00002', fromDaysAgo: 900, stopDaysAgo: 50, every: 7 },
        { number: 'KR00003', fromDaysAgo: 900, stopDaysAgo: 150, every: 7 },
      ],
      now,
    );
    // Their names in Arabic letters too: kept with the scores, shown and searched on Arabic screens.
    await t.app.db.execute(
      sql`update customers set full_name_ar = 'عميلة ' || customer_number where customer_number like 'KR%'`,
    );
    const [run] = await t.app.db
      .insert(churnTrainingRuns)
      .values({ horizonDays: 90, status: 'DONE' })
      .returning();
    firstModelId = await trainChurnModel(t.app.db, run?.id as number, 90, now);
    const [model] = await t.app.db.select().from(churnModels).where(eq(churnModels.id, firstModelId));
    expect(model?.active).toBe(true);
    // The training labels' windows end by the test cut-off; its labels end by now.
    const test = model?.testCutoff.getTime() as number;
    for (const c of model?.trainCutoffs ?? [])
      expect(new Date(c).getTime() + 90 * DAY).toBeLessThanOrEqual(test);
    expect(test + 90 * DAY).toBeLessThanOrEqual(now.getTime() + 1000);
    const metrics = model?.metrics as { model: { auc: number }; baseline: { auc: number } };
    expect(metrics.model.auc).toBeGreaterThan(0.8);
    expect(metrics.baseline.auc).toBeGreaterThan(0.5);

    const scores = await Promise.all(
      known.map(
        async (id) =>
          (await t.inject({ method: 'GET', url: `/api/admin/churn-scores/customer/${id}`, as: admin })).json()
            .score as number,
      ),
    );
    expect(scores[2]).toBeGreaterThan(scores[1] as number);
    expect(scores[1]).toBeGreaterThan(scores[0] as number);
  });

  it('keeps the fit blind to the hold-out: changing only what happened after the test cut-off leaves the weights as they were', async () => {
    const now = new Date(Date.now() + 1000);
    const [a] = await t.app.db
      .insert(churnTrainingRuns)
      .values({ horizonDays: 90, status: 'DONE' })
      .returning();
    const first = await trainChurnModel(t.app.db, a?.id as number, 90, now);
    // Everyone who had stopped comes back inside the hold-out's label window.
    await t.app.db.execute(sql`
      insert into ledger_entries (customer_id, kind, points, balance_after, lot, reference, amount, occurred_at)
      select id, 'EARN', 10, 10, true, 'return', 100, ${now.toISOString()}::timestamptz - interval '10 days'
      from customers where customer_number like 'KS%'`);
    const [b] = await t.app.db
      .insert(churnTrainingRuns)
      .values({ horizonDays: 90, status: 'DONE' })
      .returning();
    const second = await trainChurnModel(t.app.db, b?.id as number, 90, now);
    const [m1, m2] = await Promise.all(
      [first, second].map(
        async (id) => (await t.app.db.select().from(churnModels).where(eq(churnModels.id, id)))[0],
      ),
    );
    expect(m2?.parameters).toEqual(m1?.parameters);
    expect(m2?.testChurnRate).toBeLessThan(m1?.testChurnRate as number);
    await t.app.db.execute(sql`delete from ledger_entries where reference = 'return'`);
  });

  it('POST /churn-models/train runs as a job with progress; one at a time', async () => {
    const accepted = await t.inject({
      method: 'POST',
      url: '/api/admin/churn-models/train',
      payload: { horizonDays: 90 },
      as: admin,
    });
    expect(accepted.statusCode).toBe(202);
    const run = accepted.json();
    expect(run).toMatchObject({ status: 'QUEUED', progress: 0, horizonDays: 90 });
    let state = run;
    for (let i = 0; i < 400 && !['DONE', 'FAILED'].includes(state.status); i++) {
      await t.app.jobs.tick(CHURN_JOB);
      state = (
        await t.inject({ method: 'GET', url: `/api/admin/churn-models/runs/${run.id}`, as: admin })
      ).json();
      if (state.status === 'RUNNING') expect(state.progress).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(state).toMatchObject({ status: 'DONE', progress: 100 });
    const overview = (await t.inject({ method: 'GET', url: '/api/admin/churn-models', as: admin })).json();
    expect(overview.active.id).toBe(state.modelId);
    expect(overview.models.length).toBeGreaterThanOrEqual(4);
    expect(overview.latestRun.id).toBe(run.id);
    expect(overview.bands.find((b: { band: string }) => b.band === 'HIGH').count).toBe(
      Math.ceil(overview.scored * 0.1),
    );
    expect(overview.active.calibration.length).toBeGreaterThan(0);
    expect(overview.active.weights.map((w: { feature: string }) => w.feature)).toEqual([...churnFeatures]);

    // A run waiting is started rather than doubled; a running one refuses another.
    const [waiting] = await t.app.db.insert(churnTrainingRuns).values({ horizonDays: 90 }).returning();
    const again = await t.inject({
      method: 'POST',
      url: '/api/admin/churn-models/train',
      payload: {},
      as: admin,
    });
    expect(again.statusCode).toBe(202);
    expect(again.json().id).toBe(waiting?.id);
    await runChurnTraining(t.app.db);
    const [running] = await t.app.db
      .insert(churnTrainingRuns)
      .values({ horizonDays: 90, status: 'RUNNING' })
      .returning();
    const busy = await t.inject({
      method: 'POST',
      url: '/api/admin/churn-models/train',
      payload: {},
      as: admin,
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('CONFLICT');
    await t.app.db
      .update(churnTrainingRuns)
      .set({ status: 'FAILED' })
      .where(eq(churnTrainingRuns.id, running?.id as number));

    const bad = await t.inject({
      method: 'POST',
      url: '/api/admin/churn-models/train',
      payload: { horizonDays: 5 },
      as: admin,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('GET /churn-scores ranks customers with their three drivers, filters by band and exports', async () => {
    const page = (
      await t.inject({ method: 'GET', url: '/api/admin/churn-scores?pageSize=20', as: admin })
    ).json();
    expect(page.total).toBeGreaterThan(100);
    const ranks = page.items.map((s: { rank: number }) => s.rank);
    expect(ranks).toEqual([...ranks].sort((a: number, b: number) => a - b));
    for (const s of page.items) {
      expect(s.drivers).toHaveLength(3);
      const c = s.drivers.map((d: { contribution: number }) => d.contribution);
      expect(c).toEqual([...c].sort((a: number, b: number) => b - a));
    }
    // The stored contributions are the score's terms, and the drivers the largest of them.
    const [model] = await t.app.db.select().from(churnModels).where(eq(churnModels.active, true));
    const intercept = (model?.parameters as { intercept: number } | undefined)?.intercept ?? NaN;
    const stored = rowsOf<{ customer_id: string; score: number; contributions: number[] }>(
      await t.app.db.execute(
        sql`select customer_id, score, contributions from churn_scores order by rank limit 20`,
      ),
    );
    for (const row of stored) {
      const logOdds = intercept + row.contributions.reduce((sum, v) => sum + v, 0);
      expect(row.score).toBeCloseTo(1 / (1 + Math.exp(-logOdds)), 9);
      const shown = page.items.find((s: { id: number }) => s.id === Number(row.customer_id));
      const third = shown.drivers[2].contribution;
      const above = row.contributions.filter((v) => Math.round(v * 1e4) / 1e4 > third);
      expect(above.length).toBeLessThanOrEqual(2);
      for (const d of shown.drivers) {
        const j = churnFeatures.indexOf(d.feature);
        expect(d.contribution).toBeCloseTo(row.contributions[j] as number, 4);
      }
    }
    const arabic = (
      await t.inject({
        method: 'GET',
        url: `/api/admin/churn-scores?q=${encodeURIComponent('عميلة KR00002')}`,
        as: admin,
      })
    ).json();
    expect(
      arabic.items.map((s: { customerNumber: string; fullNameAr: string }) => [
        s.customerNumber,
        s.fullNameAr,
      ]),
    ).toEqual([['KR00002', 'عميلة KR00002']]);
    const high = (
      await t.inject({ method: 'GET', url: '/api/admin/churn-scores?band=HIGH&pageSize=100', as: admin })
    ).json();
    expect(high.items.every((s: { band: string }) => s.band === 'HIGH')).toBe(true);
    const csv = await t.inject({
      method: 'GET',
      url: '/api/admin/churn-scores/export?format=csv&band=HIGH',
      as: admin,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('customerNumber');
    expect(lines).toHaveLength(high.total + 1);
    const missing = await t.inject({
      method: 'GET',
      url: '/api/admin/churn-scores/customer/999999',
      as: admin,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('GET /customers?churnBand= lists the customers of a risk band, as the scores hold them', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/admin/customers?churnBand=HIGH&pageSize=100',
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    const high = rowsOf<{ n: string }>(
      await t.app.db.execute(sql`select customer_number as n from churn_scores where band = 'HIGH'`),
    ).map((r) => r.n);
    expect(high.length).toBeGreaterThan(0);
    const listed = (res.json().items as { customerNumber: string }[]).map((c) => c.customerNumber);
    expect(listed.sort()).toEqual(high.slice(0, 100).sort());
    expect(res.json().total).toBe(high.length);
    // The band tells a customer's risk: it needs the churn read permission besides the customers'.
    const clerk = await t.userWith(['customer.read']);
    const refused = await t.inject({ method: 'GET', url: '/api/admin/customers?churnBand=HIGH', as: clerk });
    expect(refused.statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/admin/customers', as: clerk })).statusCode).toBe(200);
  });

  it('POST /churn-models/:id/activate brings back an older version and scores with it; needs its permission', async () => {
    const reader = await t.userWith(['churn.read']);
    const refused = await t.inject({
      method: 'POST',
      url: `/api/admin/churn-models/${firstModelId}/activate`,
      as: reader,
    });
    expect(refused.statusCode).toBe(403);
    const res = await t.inject({
      method: 'POST',
      url: `/api/admin/churn-models/${firstModelId}/activate`,
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: firstModelId, active: true });
    const [active] = await t.app.db
      .select({ id: churnModels.id })
      .from(churnModels)
      .where(eq(churnModels.active, true))
      .orderBy(desc(churnModels.id));
    expect(active?.id).toBe(firstModelId);
    // The customers are scored again by the job the activation asked for, not inside the command.
    expect(await t.app.jobs.tick(CHURN_SCORE_JOB)).toEqual([CHURN_SCORE_JOB]);
    const one = (
      await t.inject({ method: 'GET', url: `/api/admin/churn-scores/customer/${known[0]}`, as: admin })
    ).json();
    expect(one.modelId).toBe(firstModelId);
    const none = await t.inject({ method: 'POST', url: '/api/admin/churn-models/99999/activate', as: admin });
    expect(none.statusCode).toBe(404);
  });

  it('scores the customers again when the active model has no scores (as after migration 0051), at its next hourly run', async () => {
    await t.app.db.execute(sql`truncate churn_scores`);
    await requestJobRun(t.app.db, CHURN_SCORE_JOB); // due: it runs hourly
    expect(await t.app.jobs.tick(CHURN_SCORE_JOB)).toEqual([CHURN_SCORE_JOB]);
    const page = (
      await t.inject({ method: 'GET', url: '/api/admin/churn-scores?pageSize=1', as: admin })
    ).json();
    expect(page.total).toBeGreaterThan(100);
    expect(page.items[0].drivers).toHaveLength(3);
  });
});
