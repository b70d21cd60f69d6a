/**
 * `npm run bench -- --reports` (issue 16) and `--analytics` (issue 17), through HTTP on the
 * database as it is (seed it first: `npm run seed:demo -- --customers 1000000 …`):
 *   --reports:   the dashboard over 7, 30, 90 and 365 days (p50/p95, the first request apart: it
 *                fills the cache of past days' active customers), every report over a year (each
 *                three times), and the customers list exported as CSV: rows per second and the
 *                server's peak memory while it streams;
 *   --analytics: a churn training on demand (the job, followed as the screen follows it: each
 *                stage's time), the analytics screens' reads (p50/p95), and classifying one message
 *                (in this process: language, sentiment, keywords, suggestion).
 * Method and results: docs/performance.md.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { reportNames } from '../packages/contracts/src/reports/reports.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { chooseSentimentModel } from '../packages/server/src/modules/analytics/index.ts';
import { trainSuggester } from '../packages/server/src/modules/analytics/nlp/classifier.ts';
import { sentimentSamples } from '../packages/server/src/modules/analytics/nlp/sentimentSamples.ts';
import { analyse } from '../packages/server/src/modules/analytics/nlp.service.ts';

type Json = <T>(method: string, url: string, headers: Record<string, string>, body?: unknown) => Promise<T>;
type Timed = (url: string) => Promise<number>;
export interface Bench {
  json: Json;
  timed: Timed;
  staff: Record<string, string>;
  base: string;
  samples: number;
  server: ChildProcess | undefined;
}

export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function latencies(label: string, timed: Timed, url: (i: number) => string, samples: number) {
  const first = await timed(url(0));
  const times: number[] = [];
  for (let i = 1; i <= samples; i++) times.push(await timed(url(i)));
  times.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(28)} first ${first.toFixed(0)} ms   p50 ${pct(times, 50).toFixed(1)} ms   p95 ${pct(times, 95).toFixed(1)} ms`,
  );
}

/** A process's resident memory now and at its peak (Linux), in MB. */
export function memory(pid: number | undefined): { rss: number; peak: number } | undefined {
  if (!pid) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** Streams an export, counting its lines as they arrive (nothing kept), sampling the server's memory. */
function streamExport(b: Bench, url: string) {
  return new Promise<{ rows: number; ms: number; bytes: number; rss: number[] }>((resolve, reject) => {
    const started = performance.now();
    const rss: number[] = [];
    const watch = setInterval(() => {
      const m = memory(b.server?.pid);
      if (m) rss.push(m.rss);
    }, 500);
    http
      .get(`${b.base}${url}`, { headers: b.staff }, (res) => {
        if (res.statusCode !== 200) {
          clearInterval(watch);
          reject(new Error(`${url}: ${res.statusCode}`));
          res.resume();
          return;
        }
        let lines = 0;
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
        });
        res.on('end', () => {
          clearInterval(watch);
          resolve({ rows: lines - 1, ms: performance.now() - started, bytes, rss });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export async function benchReports(b: Bench) {
  const samples = Math.min(b.samples, 100);
  console.log(`\nDashboard (${samples} sequential requests per range after the first)`);
  for (const days of [7, 30, 90, 365]) {
    await latencies(
      `last ${days} days`,
      b.timed,
      () => `/api/admin/dashboard?from=${day(-days + 1)}&to=${day(0)}`,
      samples,
    );
  }

  console.log('\nReports over a year (three requests each)');
  for (const name of reportNames) {
    const times: number[] = [];
    for (let i = 0; i < 3; i++)
      times.push(await b.timed(`/api/admin/reports/${name}?from=${day(-364)}&to=${day(0)}`));
    console.log(`  ${name.padEnd(16)} ${times.map((t) => `${t.toFixed(0)} ms`).join('  ')}`);
  }

  const before = memory(b.server?.pid);
  const exported = await streamExport(b, '/api/admin/customers/export?format=csv');
  const rate = exported.rows / (exported.ms / 1000);
  console.log(
    `\nExport of the customers list (CSV, every customer): ${exported.rows} rows, ${(exported.bytes / 1e6).toFixed(0)} MB in ${(exported.ms / 1000).toFixed(1)} s = ${rate.toFixed(0)} rows/s`,
  );
  if (before && exported.rss.length) {
    console.log(
      `  server memory: ${before.rss.toFixed(0)} MB before, ${Math.min(...exported.rss).toFixed(0)}–${Math.max(...exported.rss).toFixed(0)} MB while streaming (sampled every 0.5 s)`,
    );
  }
}

export async function benchAnalytics(b: Bench) {
  console.log('\nChurn training on demand (the job: features, hold-out, fit, scoring every customer)');
  const started = performance.now();
  const run = await b.json<{ id: number }>('POST', '/api/admin/churn-models/train', b.staff, {
    horizonDays: 90,
  });
  let stage = '';
  for (;;) {
    const s = await b.json<{ status: string; stage: string; progress: number; error: string | null }>(
      'GET',
      `/api/admin/churn-models/runs/${run.id}`,
      b.staff,
    );
    if (s.stage !== stage) {
      stage = s.stage;
      console.log(`  ${seconds(started)} s: ${stage} (${s.progress} %)`);
    }
    if (s.status === 'DONE' || s.status === 'FAILED') {
      console.log(`  ${s.status} in ${seconds(started)} s${s.error ? `: ${s.error}` : ''}`);
      break;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const { scored } = await b.json<{ scored: number }>('GET', '/api/admin/churn-models', b.staff);
  console.log(`  customers scored: ${scored}`);

  const samples = Math.min(b.samples, 100);
  console.log(`\nAnalytics screens from stored results (${samples} sequential requests after the first)`);
  await latencies('churn models and metrics', b.timed, () => '/api/admin/churn-models', samples);
  await latencies(
    'customers by risk, a page',
    b.timed,
    (i) => `/api/admin/churn-scores?page=${1 + (i % 10)}&pageSize=20`,
    samples,
  );
  await latencies(
    'high-risk band, a page',
    b.timed,
    () => '/api/admin/churn-scores?band=HIGH&pageSize=20',
    samples,
  );
  await latencies(
    'NLP overview, a year',
    b.timed,
    () => `/api/admin/message-insights/overview?from=${day(-364)}&to=${day(0)}`,
    samples,
  );

  // One message at a time, as a new conversation is: the lexicon, then NLP_MODEL_DIR's model if set.
  const dir = loadConfig().nlpModelDir;
  const suggester = trainSuggester(
    sentimentSamples.map((s, i) => ({ text: s.text, categoryId: 1 + (i % 3) })),
  );
  console.log(
    '\nClassifying one message (language, sentiment, keywords, category suggestion), in this process',
  );
  for (const model of dir ? [undefined, dir] : [undefined]) {
    await chooseSentimentModel(model);
    const rounds = 2_000;
    const t0 = performance.now();
    for (let i = 0; i < rounds; i++)
      await analyse([sentimentSamples[i % sentimentSamples.length]?.text ?? ''], suggester);
    console.log(
      `  ${(model ?? 'lexicon').padEnd(20)} ${((performance.now() - t0) / rounds).toFixed(3)} ms per message`,
    );
  }
}
