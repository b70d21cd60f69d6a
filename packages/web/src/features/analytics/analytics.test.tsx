import {
  analyticsCatalogue,
  type ChurnModel,
  type ChurnOverview,
  type ChurnScore,
  type NlpOverview,
} from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok, page } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const model: ChurnModel = {
  id: 3,
  version: 3,
  active: true,
  horizonDays: 90,
  trainCutoffs: ['2026-05-27T00:00:00.000Z', '2026-02-26T00:00:00.000Z'],
  testCutoff: '2026-08-25T00:00:00.000Z',
  trainRows: 3626,
  testRows: 2033,
  trainChurnRate: 0.59,
  testChurnRate: 0.67,
  sampled: false,
  model: { auc: 0.711, precisionAt10: 0.83, recallAt10: 0.12, brier: 0.197 },
  baseline: { auc: 0.668, precisionAt10: 0.76, recallAt10: 0.11 },
  calibration: [{ bin: 5, predicted: 0.55, observed: 0.6, count: 10 }],
  weights: [],
  createdAt: '2026-11-23T17:00:00.000Z',
};
const score: ChurnScore = {
  id: 42,
  customerNumber: '1002267',
  fullName: 'Reem Al-Dosari',
  fullNameAr: 'ريم الدوسري',
  tierId: 2,
  tierName: 'Silver',
  tierNameAr: null,
  segment: 'BUSINESS',
  score: 0.966,
  band: 'HIGH',
  rank: 1,
  drivers: [
    { feature: 'spend365', contribution: 1.2, value: 327.89 },
    { feature: 'recencyDays', contribution: 0.8, value: 344.7 },
    { feature: 'balance', contribution: 0.3, value: 8195 },
  ],
  modelId: 3,
  scoredAt: '2026-11-23T17:10:00.000Z',
};
const run = {
  id: 9,
  status: 'QUEUED' as const,
  progress: 0,
  stage: 'queued',
  horizonDays: 90,
  modelId: null,
  error: null,
  createdAt: '2026-11-23T17:00:00.000Z',
  startedAt: null,
  finishedAt: null,
};
const overview: ChurnOverview = {
  active: model,
  models: [],
  latestRun: null,
  scored: 10,
  bands: [
    { band: 'HIGH', count: 1 },
    { band: 'MEDIUM', count: 2 },
    { band: 'LOW', count: 7 },
  ],
};

function analyticsApi() {
  const api = installFakeApi();
  api.me.permissions = analyticsCatalogue.commands
    .map((c) => c.name)
    .concat(analyticsCatalogue.reads.map((r) => r.code));
  let trained = false;
  api.use((req) => {
    const route = `${req.method} ${req.path}`;
    if (route === 'GET /api/admin/churn-models') return ok(overview);
    if (route === 'GET /api/admin/churn-scores') return ok(page([score]));
    if (route === 'GET /api/admin/tiers') return ok(page([]));
    if (route === 'POST /api/admin/churn-models/train') {
      trained = true;
      return { status: 202, body: run };
    }
    if (route === 'GET /api/admin/churn-models/runs/9')
      return ok(trained ? { ...run, status: 'DONE', progress: 100, stage: 'done', modelId: 4 } : run);
    return undefined;
  });
  return api;
}

describe('customer churn (/dashboard/advanced-analytics/customer-churn)', () => {
  it('shows the hold-out metrics beside the recency-only baseline and the ranked customers with their drivers', async () => {
    analyticsApi();
    await renderApp('/dashboard/advanced-analytics/customer-churn');
    const metrics = await screen.findByTestId('churn-metrics');
    expect(within(metrics).getByText('0.711')).toBeTruthy();
    expect(within(metrics).getByText('0.668')).toBeTruthy();
    expect(within(metrics).getByText('Recency only')).toBeTruthy();
    const ranked = screen.getByTestId('churn-ranked');
    expect(await within(ranked).findByText('Reem Al-Dosari', { exact: false })).toBeTruthy();
    expect(within(ranked).getByText('Spend, last year', { exact: false })).toBeTruthy();
    const link = within(ranked).getByRole('link');
    expect(link.getAttribute('href')).toContain('/dashboard/customer/info?id=42');
  });

  it('names the ranked customers in Arabic on the Arabic screen', async () => {
    analyticsApi();
    await renderApp('/dashboard/advanced-analytics/customer-churn?lang=ar');
    const ranked = await screen.findByTestId('churn-ranked');
    expect(await within(ranked).findByText('ريم الدوسري')).toBeTruthy();
    expect(within(ranked).queryByText('Reem Al-Dosari', { exact: false })).toBeNull();
  });

  it('starts a training with the horizon and follows its progress', async () => {
    const api = analyticsApi();
    await renderApp('/dashboard/advanced-analytics/customer-churn');
    const training = await screen.findByTestId('churn-training');
    const button = within(training).getByRole('button', { name: 'Train now' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await userEvent.setup().click(button);
    expect(await within(training).findByText('Done', { exact: false })).toBeTruthy();
    expect(api.callsTo('POST /api/admin/churn-models/train')[0]?.body).toEqual({ horizonDays: 90 });
  });
});

const nlp: NlpOverview = {
  model: {
    id: 1,
    version: 1,
    createdAt: '2026-11-23T17:00:00.000Z',
    categorised: 400,
    trainedOn: 320,
    testedOn: 80,
    category: { en: { n: 51, accuracy: 0.96, macroF1: 0.95 }, ar: { n: 29, accuracy: 0.9, macroF1: 0.88 } },
    sentiment: {
      en: { n: 30, accuracy: 0.867, macroF1: 0.865 },
      ar: { n: 30, accuracy: 0.9, macroF1: 0.899 },
    },
    sentimentModel: 'lexicon',
  },
  latestRun: null,
  analysed: 3,
  languages: [{ language: 'en', count: 3 }],
  sentiments: [
    { sentiment: 'POSITIVE', count: 1 },
    { sentiment: 'NEUTRAL', count: 1 },
    { sentiment: 'NEGATIVE', count: 1 },
  ],
  trend: [{ period: '2026-11', categoryId: 5, count: 3, positive: 1, neutral: 1, negative: 1 }],
  keywords: [{ period: '2026-11', language: 'ar', word: 'القسيمه', count: 4 }],
  categories: [{ id: 5, nameEn: 'Points', nameAr: 'النقاط' }],
};

describe('message insights (/dashboard/advanced-analytics/NLP)', () => {
  it('shows held-out accuracy and macro-F1 per language for the suggestion and the sentiment', async () => {
    const api = installFakeApi();
    api.me.permissions = analyticsCatalogue.reads.map((r) => r.code);
    api.use((req) => {
      if (req.path === '/api/admin/message-insights/overview') return ok(nlp);
      if (req.path === '/api/admin/message-insights') return ok(page([]));
      return undefined;
    });
    await renderApp('/dashboard/advanced-analytics/NLP');
    const metrics = await screen.findByTestId('nlp-metrics');
    expect(within(metrics).getByText('0.880')).toBeTruthy();
    expect(within(metrics).getByText('0.899')).toBeTruthy();
    expect(within(metrics).getAllByText('Arabic')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Retrain now' })).toBeNull();
    expect(screen.getByText('القسيمه', { exact: false })).toBeTruthy();
    expect(within(metrics).getAllByText('Sentiment (word lexicon)')).toHaveLength(2);
  });

  it('names the ONNX model from NLP_MODEL_DIR when that is what labels sentiment', async () => {
    const api = installFakeApi();
    api.me.permissions = analyticsCatalogue.reads.map((r) => r.code);
    api.use((req) => {
      if (req.path === '/api/admin/message-insights/overview')
        return ok({
          ...nlp,
          model: { ...(nlp.model as NonNullable<NlpOverview['model']>), sentimentModel: 'xlm-sentiment' },
        });
      if (req.path === '/api/admin/message-insights') return ok(page([]));
      return undefined;
    });
    await renderApp('/dashboard/advanced-analytics/NLP');
    const metrics = await screen.findByTestId('nlp-metrics');
    expect(within(metrics).getAllByText('Sentiment (ONNX model “xlm-sentiment”)')).toHaveLength(2);
  });
});
