import { type Db, databaseError, type Executor, isTransaction, runPrepared } from '../../db/client.ts';
import type { EarningMetrics } from '../../platform/metrics.ts';
import { tunableNow } from '../../platform/settings/values.ts';
import type { BusinessRulesJson, CriterionJson, DailyLimit } from '../configuration/index.ts';
import type { EarningCampaign, EarningConfiguration } from './engine.ts';
import type { RuleRow } from './programme.ts';

/**
 * One channel earning as `loyalty_post_earnings` takes it: the transaction, and the gates of its
 * configuration (engine.ts); the batch carries the rest of the configuration once (`batchParameters`).
 */
export interface EarningItem {
  customerNumber: string;
  externalId: string;
  typeId: number;
  amount: number;
  occurredAt: string;
  expiresAt: string | null;
  campaignId: number | null;
  actorId: number | null;
  /** The posting API key's channel and id: the external id is unique in the channel. */
  channel: string | null;
  apiKeyId: number | null;
  limit?: DailyLimit;
  criteria?: CriterionJson[];
  business?: BusinessRulesJson;
}

export interface EarningRow {
  outcome:
    | 'POSTED'
    | 'REPLAYED'
    | 'CONFLICT'
    | 'NOT_ACTIVE'
    | 'NOT_FOUND'
    | 'LIMIT_EXCEEDED'
    | 'NOT_ELIGIBLE';
  entry_id: string | number | null;
  points: number | null;
  balance: number | null;
  tier_id: number | null;
  rule_id: number | null;
  /** The customer's status; for NOT_ELIGIBLE, the id of the criterion that failed. */
  status: string | null;
  /** Of `points`, what campaigns added, and the first of them. */
  bonus_points: number | null;
  campaign_id: number | null;
}

/**
 * The engine's batch statements (prepared name, text): a batch, which takes its campaigns' budget
 * at its end; one earning with its campaigns locked first; a batch decided set-based where that is
 * exact, the rest by the loop (loyalty_post_earnings_set).
 */
const statements = {
  batch: ['loyalty_post_earnings', 'select * from loyalty_post_earnings($1, false, $2)'],
  locked: ['loyalty_post_earning_locked', 'select * from loyalty_post_earnings($1, true, $2)'],
  setBased: ['loyalty_post_earnings_set', 'select * from loyalty_post_earnings_set($1, $2)'],
} as const;

/** An earning and the configuration it is decided with. */
interface Earning {
  item: EarningItem;
  config: EarningConfiguration;
}

/** A campaign's customer list as a set, made once per campaign object. */
const listed = new WeakMap<EarningCampaign, ReadonlySet<string>>();
const listOf = (c: EarningCampaign) => {
  let set = listed.get(c);
  if (!set) {
    set = new Set(c.customers);
    listed.set(c, set);
  }
  return set;
};

/**
 * The batch as `loyalty_post_earnings` takes it: its earnings, and the configuration they are
 * decided with once — the rules of their transaction types, and the campaigns that can reach their
 * customers (a campaign's customer list cut to the batch's: up to 10,000 numbers per campaign would
 * otherwise travel, and be parsed, with every batch).
 */
function batchParameters(batch: readonly Earning[]): [string, string] {
  const rules: Record<number, readonly RuleRow[]> = {};
  const numbers = [...new Set(batch.map((e) => e.item.customerNumber.toUpperCase()))];
  const campaigns = new Map<number, EarningCampaign>();
  const seen = new Set<readonly EarningCampaign[]>();
  for (const { item, config } of batch) {
    rules[item.typeId] ??= config.rules.get(item.typeId) ?? [];
    if (seen.has(config.campaigns)) continue;
    seen.add(config.campaigns);
    for (const c of config.campaigns) {
      if (campaigns.has(c.id)) continue;
      if (!c.customers.length) {
        campaigns.set(c.id, c);
        continue;
      }
      const list = listOf(c);
      const customers = numbers.filter((n) => list.has(n));
      if (customers.length) campaigns.set(c.id, { ...c, customers });
    }
  }
  return [
    JSON.stringify(batch.map((e) => e.item)),
    JSON.stringify({ rules, campaigns: [...campaigns.values()] }),
  ];
}

/** Posts earnings in one statement (`how`: one of `statements`), one transaction; sorted by customer number. */
const postEarnings = (db: Executor, batch: readonly Earning[], how: keyof typeof statements = 'batch') => {
  const [name, text] = statements[how];
  return runPrepared<EarningRow>(db, name, text, batchParameters(batch));
};

/** SQLSTATE LY001: a campaign the batch drew on was overdrawn, paused or ended meanwhile. */
const isCampaignRace = (err: unknown) => databaseError(err).code === 'LY001';

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

interface Waiting extends Earning {
  resolve(row: EarningRow): void;
  reject(err: unknown): void;
}

/**
 * Group commit for channel earnings. An earning that arrives while `loyalty.earningBatchesInFlight`
 * batches (a configuration item, 1 by default) are on their way to the database waits, and the
 * next batch takes everything that waited: one statement, one round trip and one commit for many
 * earnings under load, none of the wait when traffic is light.
 * A batch's earnings are sorted by customer number, so two batches lock customers in the same
 * order and cannot deadlock. A batch is one transaction: should it fail (a twin of an externalId
 * for another customer posted by another batch, a deadlock with a staff transaction, a value the
 * database refuses, a campaign budget that other batches drew on meanwhile), each of its earnings
 * is posted again on its own with its campaigns locked, so one earning's error is only ever its own.
 */
class EarningQueue {
  private waiting: Waiting[] = [];
  private inFlight = 0;

  constructor(private readonly db: Db) {}

  /** When earnings last had to wait for a free batch slot. */
  private waitedAt = Number.NEGATIVE_INFINITY;

  /**
   * Earnings waited for a batch slot within the last second: the database is this instance's
   * bottleneck. (At a given instant the queue may be empty, every earning in the batch posting.)
   */
  get saturated() {
    return Date.now() - this.waitedAt < 1000;
  }

  post(item: EarningItem, config: EarningConfiguration): Promise<EarningRow> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, config, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    const depth = tunableNow<number>(this.db, 'loyalty.earningBatchesInFlight');
    while (this.inFlight < depth && this.waiting.length) {
      const batch = this.waiting.splice(0, tunableNow<number>(this.db, 'loyalty.earningBatchSize'));
      // Stable: one customer's earnings keep their order of arrival.
      batch.sort((a, b) => compare(a.item.customerNumber, b.item.customerNumber));
      this.inFlight += 1;
      void this.run(batch).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
    if (this.waiting.length) this.waitedAt = Date.now();
    metrics.get(this.db)?.waiting.set(this.waiting.length);
  }

  private async run(batch: Waiting[]) {
    const measured = metrics.get(this.db);
    measured?.batchSize.observe(batch.length);
    const done = measured?.batchSeconds.startTimer();
    try {
      const rows = await postEarnings(this.db, batch);
      done?.();
      batch.forEach((w, i) => {
        w.resolve(rows[i] as EarningRow);
      });
    } catch (err) {
      if (batch.length === 1 && !isCampaignRace(err)) return batch[0]?.reject(err);
      // Rare and costly (every earning of the batch on its own): operators see how often.
      // Not the error's message: the failed query's text carries the batch (customers' numbers).
      const { code, constraint } = databaseError(err);
      measured?.fallbacks.inc({ code: code ?? 'unknown' });
      logs
        .get(this.db)
        ?.warn(
          { code, constraint, earnings: batch.length },
          'earnings batch failed: its earnings are posted again one by one',
        );
      // One after the other, as in the batch: twins of an externalId meet as they would have there.
      for (const w of batch) {
        await postEarnings(this.db, [w], 'locked').then(([row]) => w.resolve(row as EarningRow), w.reject);
      }
    }
  }
}

/**
 * Whether this instance's earnings are queueing for the database (every batch slot busy and more
 * waiting, within the last second). Background work that can wait — webhook deliveries — gives way.
 */
export const earningsSaturated = (db: Db): boolean => queues.get(db)?.saturated ?? false;

/** Where a queue reports a failed batch (the server's log). */
export interface FallbackLog {
  warn(details: object, message: string): void;
}

/** The queue of each database (tests open many), and where each reports. */
const queues = new WeakMap<Db, EarningQueue>();
const logs = new WeakMap<Db, FallbackLog>();
const metrics = new WeakMap<Db, EarningMetrics>();

/** Failed batches of this database's earnings are reported to `log` (the app sets its logger). */
export function reportEarningFallbacks(db: Db, log: FallbackLog) {
  logs.set(db, log);
}

/** This database's queue reports its depth, batches and fallbacks to `measured` (/api/metrics). */
export function reportEarningMetrics(db: Db, measured: EarningMetrics) {
  metrics.set(db, measured);
}

/**
 * Posts a batch of earnings in one statement, in the caller's transaction (a bulk import's batch:
 * modules/imports): the same statement and decision as the queue's batches, sorted by customer
 * number as they are (so it cannot deadlock with them). Answers each earning's row in the order given.
 */
export async function postEarningBatch(
  db: Executor,
  items: readonly EarningItem[],
  config: EarningConfiguration,
  /** Decided set-based where that is exact (loyalty_post_earnings_set), the rest by the loop. */
  setBased = false,
): Promise<EarningRow[]> {
  const order = items.map((item, i) => ({ item, config, i }));
  order.sort((a, b) => compare(a.item.customerNumber, b.item.customerNumber));
  const rows = await postEarnings(db, order, setBased ? 'setBased' : 'batch');
  const answer: EarningRow[] = new Array(items.length);
  order.forEach((e, k) => {
    answer[e.i] = rows[k] as EarningRow;
  });
  return answer;
}

/**
 * Posts one earning: through the queue on the database itself, directly inside a transaction
 * (whose locks it must share).
 */
export function postEarning(
  db: Executor,
  item: EarningItem,
  config: EarningConfiguration,
): Promise<EarningRow> {
  if (isTransaction(db))
    return postEarnings(db, [{ item, config }], 'locked').then(([row]) => row as EarningRow);
  let queue = queues.get(db);
  if (!queue) {
    queue = new EarningQueue(db);
    queues.set(db, queue);
  }
  return queue.post(item, config);
}
