import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { churnTrainingRuns, nlpRuns } from '../db/schema/index.ts';

/** Once: a churn and an NLP training run queued, which their jobs run shortly after start-up. */
export async function seedDemoAnalytics(db: Db) {
  const [runs] = await db.select({ n: count() }).from(churnTrainingRuns);
  if (!runs?.n) await db.insert(churnTrainingRuns).values({ horizonDays: 90 });
  const [nlp] = await db.select({ n: count() }).from(nlpRuns);
  if (!nlp?.n) await db.insert(nlpRuns).values({});
}
