/**
 * `npx tsx bench/analytics.ts`: times the analytics jobs on the configured database
 * (DATABASE_URL, or PGlite in DATA_DIR) over the customers already there (seed them first:
 * `npm run seed:demo -- --customers 1000000`): churn training (features at three cut-offs,
 * sampled, the fit) and scoring every customer, then classifying messages one at a time.
 * Prints each figure with the data size; docs/decisions/analytics.md records the results.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase, rowsOf } from '../packages/server/src/db/client.ts';
import { churnTrainingRuns } from '../packages/server/src/db/schema/index.ts';
import { trainChurnModel } from '../packages/server/src/modules/analytics/churn.service.ts';
import { chooseSentimentModel } from '../packages/server/src/modules/analytics/index.ts';
import { trainSuggester } from '../packages/server/src/modules/analytics/nlp/classifier.ts';
import { sentimentSamples } from '../packages/server/src/modules/analytics/nlp/sentimentSamples.ts';
import { analyse } from '../packages/server/src/modules/analytics/nlp.service.ts';

const config = loadConfig();
const database = await openDatabase(config.database);
await database.migrate();
const db = database.db;
const [size] = rowsOf<{ customers: number; entries: number }>(
  await db.execute(sql`select (select count(*) from customers)::int as customers,
    (select count(*) from ledger_entries)::int as entries`),
);
console.log(`data: ${size?.customers} customers, ${size?.entries} ledger entries, on ${database.kind}`);

const [run] = await db.insert(churnTrainingRuns).values({ horizonDays: 90, status: 'RUNNING' }).returning();
const started = performance.now();
// Each stage as the run reports it (the same progress the screen shows).
let stage = '';
const watch = setInterval(async () => {
  const [now] = rowsOf<{ stage: string }>(
    await db.execute(sql`select stage from churn_training_runs where id = ${run?.id}`),
  );
  if (now && now.stage !== stage) {
    stage = now.stage;
    console.log(`  ${((performance.now() - started) / 1000).toFixed(1)} s: ${stage}`);
  }
}, 250);
const modelId = await trainChurnModel(db, run?.id as number, 90);
clearInterval(watch);
const seconds = (performance.now() - started) / 1000;
await db
  .update(churnTrainingRuns)
  .set({ status: 'DONE', progress: 100, modelId })
  .where(sql`id = ${run?.id}`);
const [scored] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from churn_scores`));
console.log(`churn: trained (sampled) and scored ${scored?.n} customers in ${seconds.toFixed(1)} s`);

const suggester = trainSuggester(sentimentSamples.map((s, i) => ({ text: s.text, categoryId: 1 + (i % 3) })));
const texts = sentimentSamples.map((s) => s.text);
// One message at a time, as a new conversation is: the lexicon, then NLP_MODEL_DIR's model if set.
for (const dir of config.nlpModelDir ? [undefined, config.nlpModelDir] : [undefined]) {
  await chooseSentimentModel(dir);
  const rounds = 2_000;
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) await analyse([texts[i % texts.length] as string], suggester);
  console.log(
    `nlp (${dir ?? 'lexicon'}): ${((performance.now() - t0) / rounds).toFixed(3)} ms per message (language, sentiment, keywords, suggestion)`,
  );
}
await database.close();
