import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import { ConfigError } from '../../../config.ts';
import { type SentimentLabel, sentimentOf } from './sentiment.ts';
import type { Lang } from './text.ts';

/**
 * What labels the sentiment of customers' messages: the in-house lexicon (the default), or a
 * pretrained text-classification model exported to ONNX in the Hugging Face layout and loaded from
 * `NLP_MODEL_DIR` at start-up (docs/decisions/analytics.md). Batches, because a model runs faster
 * on many texts at once.
 */
export interface SentimentModel {
  /** `lexicon`, or the model folder's name: shown beside the model's measured figures. */
  name: string;
  label(texts: readonly { text: string; lang: Lang }[]): Promise<{ label: SentimentLabel; score: number }[]>;
}

export const lexicon: SentimentModel = {
  name: 'lexicon',
  label: async (texts) => texts.map((t) => sentimentOf(t.text, t.lang)),
};

let active: SentimentModel = lexicon;
export const sentimentModel = () => active;

/** Chooses the model for this process at start-up: `NLP_MODEL_DIR`'s, or the lexicon. */
export async function chooseSentimentModel(dir: string | undefined) {
  active = dir ? await loadOnnxSentiment(dir) : lexicon;
}

/** The class a model's label names: pos/neg/neu in any case, or ratings such as "4 stars". */
export function labelClass(name: string): SentimentLabel | undefined {
  const n = name.trim().toLowerCase();
  if (/^pos(itive)?$/.test(n)) return 'POSITIVE';
  if (/^neg(ative)?$/.test(n)) return 'NEGATIVE';
  if (/^neu(tral)?$/.test(n)) return 'NEUTRAL';
  const stars = /^([1-5]) stars?$/.exec(n);
  if (stars) return stars[1] === '3' ? 'NEUTRAL' : Number(stars[1]) > 3 ? 'POSITIVE' : 'NEGATIVE';
  return undefined;
}

const BATCH = 32;

/**
 * Loads `model.onnx` (or `onnx/model.onnx`), `tokenizer.json`, `tokenizer_config.json` and
 * `config.json` (its `id2label` must name positive / negative / neutral classes) from `dir`, with
 * the ONNX Runtime for Node (an optional dependency). Throws a message naming what is missing.
 */
export async function loadOnnxSentiment(dir: string): Promise<SentimentModel> {
  const file = (name: string) => path.join(dir, name);
  const json = (name: string) => {
    if (!existsSync(file(name))) throw new ConfigError(`NLP_MODEL_DIR: ${file(name)} is missing`);
    return JSON.parse(readFileSync(file(name), 'utf8'));
  };
  const modelFile = ['model.onnx', 'onnx/model.onnx'].map(file).find((f) => existsSync(f));
  if (!modelFile) throw new ConfigError(`NLP_MODEL_DIR: no model.onnx (or onnx/model.onnx) in ${dir}`);
  const config = json('config.json') as { id2label?: Record<string, string> };
  const tokenizerConfig = json('tokenizer_config.json') as { model_max_length?: number; pad_token?: string };
  const tokenizer = new Tokenizer(json('tokenizer.json'), tokenizerConfig);
  const labels = Object.entries(config.id2label ?? {}).map(([id, name]) => ({
    id: Number(id),
    cls: labelClass(name),
  }));
  if (!labels.length || labels.some((l) => !l.cls)) {
    throw new ConfigError(
      `NLP_MODEL_DIR: config.json's id2label must name sentiment classes (positive, neutral, negative, or "1 star"…"5 stars"); found ${JSON.stringify(config.id2label ?? null)}`,
    );
  }
  const ort = await onnxRuntime();
  const session = await ort.InferenceSession.create(modelFile, { intraOpNumThreads: 1 }).catch(
    (err: Error) => {
      throw new ConfigError(`NLP_MODEL_DIR: ${modelFile} could not be loaded: ${err.message}`);
    },
  );
  const known = ['input_ids', 'attention_mask', 'token_type_ids'];
  const unknown = session.inputNames.filter((n) => !known.includes(n));
  if (unknown.length || !session.inputNames.includes('input_ids')) {
    throw new ConfigError(
      `NLP_MODEL_DIR: the model's inputs must be input_ids, attention_mask and token_type_ids (BERT-like); it asks for ${session.inputNames.join(', ')}`,
    );
  }
  const maxLength = Math.min(tokenizerConfig.model_max_length ?? 256, 256);
  const padId = (tokenizerConfig.pad_token && tokenizer.token_to_id(tokenizerConfig.pad_token)) || 0;

  const run = async (texts: readonly string[]) => {
    const encoded = texts.map((t) => {
      const e = tokenizer.encode(t, { return_token_type_ids: true });
      // Too long: keep the start and the closing special token.
      const cut = <T>(xs: T[]) =>
        xs.length > maxLength ? [...xs.slice(0, maxLength - 1), xs.at(-1) as T] : xs;
      return { ids: cut(e.ids), mask: cut(e.attention_mask), types: cut(e.token_type_ids) };
    });
    const width = Math.max(...encoded.map((e) => e.ids.length));
    const tensor = (pick: (e: (typeof encoded)[number]) => number[], pad: number) =>
      new ort.Tensor(
        'int64',
        BigInt64Array.from(
          encoded.flatMap((e) => [...pick(e), ...Array(width - pick(e).length).fill(pad)].map(BigInt)),
        ),
        [encoded.length, width],
      );
    const given = {
      input_ids: () => tensor((e) => e.ids, padId),
      attention_mask: () => tensor((e) => e.mask, 0),
      token_type_ids: () => tensor((e) => e.types, 0),
    };
    const feeds = Object.fromEntries(session.inputNames.map((n) => [n, given[n as keyof typeof given]()]));
    const out = await session.run(feeds);
    const logits = (out.logits ?? out[session.outputNames[0] as string]) as { data: Float32Array };
    const width2 = logits.data.length / texts.length;
    return texts.map((_, i) => {
      const row = Array.from(logits.data.subarray(i * width2, (i + 1) * width2));
      const top = Math.max(...row);
      const exp = row.map((x) => Math.exp(x - top));
      const sum = exp.reduce((a, b) => a + b, 0);
      const p = { POSITIVE: 0, NEUTRAL: 0, NEGATIVE: 0 };
      for (const l of labels) p[l.cls as SentimentLabel] += (exp[l.id] ?? 0) / sum;
      const label = (Object.keys(p) as SentimentLabel[]).reduce((a, b) => (p[b] > p[a] ? b : a));
      return { label, score: p.POSITIVE - p.NEGATIVE };
    });
  };

  return {
    name: path.basename(path.resolve(dir)),
    async label(texts) {
      const out: { label: SentimentLabel; score: number }[] = [];
      for (let i = 0; i < texts.length; i += BATCH) {
        out.push(...(await run(texts.slice(i, i + BATCH).map((t) => t.text))));
      }
      return out;
    },
  };
}

type OnnxRuntime = typeof import('onnxruntime-node');

/** The runtime, an optional dependency: `npm install --omit=optional` leaves it out. */
async function onnxRuntime(): Promise<OnnxRuntime> {
  try {
    return await import('onnxruntime-node');
  } catch {
    throw new ConfigError(
      'NLP_MODEL_DIR: the ONNX Runtime (the optional dependency onnxruntime-node) is not installed; run npm install without --omit=optional',
    );
  }
}
