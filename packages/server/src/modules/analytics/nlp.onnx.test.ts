import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.ts';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { writeOnnxSentimentModel } from '../../test/onnxSentimentModel.ts';
import { labelClass, loadOnnxSentiment } from './nlp/sentimentModel.ts';
import { NLP_JOB } from './nlp.service.ts';

// A model folder as NLP_MODEL_DIR expects it, run by the real ONNX Runtime (test/onnxSentimentModel.ts).
const modelDir = writeOnnxSentimentModel();

describe('a sentiment model from NLP_MODEL_DIR', () => {
  it('reads the classes a model names, in the usual spellings', () => {
    expect(['positive', 'NEG', 'Neutral', '5 stars', '3 stars', '1 star'].map(labelClass)).toEqual([
      'POSITIVE',
      'NEGATIVE',
      'NEUTRAL',
      'POSITIVE',
      'NEUTRAL',
      'NEGATIVE',
    ]);
    expect(labelClass('LABEL_0')).toBeUndefined();
  });

  it('labels English and Arabic messages in batches, the score between -1 and 1', async () => {
    const model = await loadOnnxSentiment(modelDir);
    expect(model.name).toBe(path.basename(modelDir));
    const texts = [
      { text: 'The service was GREAT, thanks', lang: 'en' as const },
      { text: 'A terrible problem with my points', lang: 'en' as const },
      { text: 'What is my points balance?', lang: 'en' as const },
      { text: 'الخدمة ممتازة، شكرا', lang: 'ar' as const },
      { text: `${'the '.repeat(600)}great`, lang: 'en' as const },
      ...Array.from({ length: 40 }, (_, i) => ({ text: i % 2 ? 'bad' : 'happy', lang: 'en' as const })),
    ];
    const out = await model.label(texts);
    expect(out.slice(0, 4).map((o) => o.label)).toEqual(['POSITIVE', 'NEGATIVE', 'NEUTRAL', 'POSITIVE']);
    // Longer than the model's window: cut, so the word at the end is not seen.
    expect(out[4]?.label).toBe('NEUTRAL');
    // More texts than one batch, each its own answer.
    expect(out.slice(5).every((o, i) => o.label === (i % 2 ? 'NEGATIVE' : 'POSITIVE'))).toBe(true);
    for (const o of out) expect(Math.abs(o.score)).toBeLessThan(1);
    expect(out[0]?.score).toBeGreaterThan(0.5);
  });

  it('refuses a folder it cannot use, saying what is wrong', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'nlp-empty-'));
    await expect(loadOnnxSentiment(empty)).rejects.toThrow(/no model.onnx/);
    const labels = mkdtempSync(path.join(tmpdir(), 'nlp-labels-'));
    for (const f of ['tokenizer.json', 'tokenizer_config.json'])
      copyFileSync(path.join(modelDir, f), path.join(labels, f));
    copyFileSync(path.join(modelDir, 'onnx', 'model.onnx'), path.join(labels, 'model.onnx'));
    await expect(loadOnnxSentiment(labels)).rejects.toThrow(/config.json is missing/);
    writeFileSync(
      path.join(labels, 'config.json'),
      JSON.stringify({ id2label: { 0: 'LABEL_0', 1: 'LABEL_1' } }),
    );
    await expect(loadOnnxSentiment(labels)).rejects.toThrow(/id2label must name sentiment classes/);
    writeFileSync(
      path.join(labels, 'config.json'),
      JSON.stringify({ id2label: { 0: 'negative', 1: 'positive' } }),
    );
    writeFileSync(path.join(labels, 'model.onnx'), 'not a model');
    await expect(loadOnnxSentiment(labels)).rejects.toBeInstanceOf(ConfigError);
  });
});

describe('the server with NLP_MODEL_DIR set', () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp({ NLP_MODEL_DIR: modelDir });
    admin = await t.signIn();
  });

  it('analyses new conversations with the model, and the screen names the model it measured', async () => {
    const [c] = rowsOf<{ id: number }>(
      await t.app.db.execute(
        sql`insert into customers (customer_number, full_name) values ('ONNX0001', 'Omar') returning id`,
      ),
    );
    const [conv] = rowsOf<{ id: number }>(
      await t.app.db.execute(sql`
        insert into conversations (customer_id, channel, subject, preview, status, search_text)
        values (${Number(c?.id)}, 'APP', '', 'Excellent service, thanks', 'NEW', 'excellent service, thanks')
        returning id`),
    );
    await t.app.db.execute(sql`
      insert into conversation_entries (conversation_id, kind, body)
      values (${Number(conv?.id)}, 'INBOUND', 'Excellent service, thanks')`);
    await t.app.jobs.tick(NLP_JOB);
    const insight = (
      await t.inject({
        method: 'GET',
        url: `/api/admin/message-insights/of?ids=${Number(conv?.id)}`,
        as: admin,
      })
    ).json().items[0];
    expect(insight.sentiment).toBe('POSITIVE');
    // The model's probability margin, not the lexicon's whole-number word score.
    expect(insight.sentimentScore).toBeGreaterThan(0.9);
    expect(insight.sentimentScore).toBeLessThan(1);

    const run = await t.inject({ method: 'POST', url: '/api/admin/message-insights/train', as: admin });
    expect(run.statusCode).toBe(202);
    let state = run.json();
    for (let i = 0; i < 50 && state.status !== 'DONE'; i++) {
      await t.app.jobs.tick(NLP_JOB);
      state = (
        await t.inject({ method: 'GET', url: `/api/admin/message-insights/runs/${state.id}`, as: admin })
      ).json();
    }
    expect(state.status).toBe('DONE');
    const overview = (
      await t.inject({ method: 'GET', url: '/api/admin/message-insights/overview', as: admin })
    ).json();
    expect(overview.model.sentimentModel).toBe(path.basename(modelDir));
    expect(overview.model.sentiment.en.n).toBe(30);
    expect(overview.model.sentiment.ar.n).toBe(30);
  });
});
