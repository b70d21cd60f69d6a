import { type Db, databaseError, type Executor, isTransaction, runPrepared } from '../../db/client.ts';
import type { EarningMetrics } from '../../platform/metrics.ts';
import { tunableNow } from '../../platform/settings/values.ts';

/** One channel earning as `loyalty_post_earnings` takes it (migrations 0013, 0027, 0032, 0033, 0038, 0050, 0054, 0056). */
export interface EarningItem {
  customerNumber: string;
  externalId: string;
  typeId: number;
  amount: number;
  occurredAt: string;
  expiresAt: string | null;
  /** The award by tier id, '*' for everyone else. */
  awards: Record<string, { points: number; ruleId: number | null }>;
  campaignId: number | null;
  actorId: number | null;
  /** The posting API key's channel and id (migration 0042): the external id is unique in the channel. */
  channel: string | null;
  apiKeyId: number | null;
  /** The earn service's limits per customer per day (service definitions, migration 0027; counted on the customer's row, 0056); absent: none. */
  limit?: DailyLimit;
  /** The earn scope's active eligibility criteria, by priority (migration 0032); absent: none. */
  criteria?: CriterionJson[];
  /** The business banking settings, for business customers (migration 0033); absent while neutral. */
  business?: BusinessRulesJson;
  /** The campaigns that may add a bonus, highest priority first (migration 0038); absent: none. */
  campaigns?: CampaignCandidate[];
}

/**
 * An active campaign as loyalty_campaign_bonus takes it: what was matched in memory (type, period,
 * days, hours, customer list) is not repeated; the targeting that needs the customer is.
 */
export interface CampaignCandidate {
  id: number;
  tiers: number[];
  segments: string[];
  criteria: CriterionJson[];
  kind: 'MULTIPLIER' | 'FIXED' | 'PER_AMOUNT';
  value: number;
  per: number | null;
  cap: number | null;
  stackable: boolean;
}

/** The business banking settings as loyalty_business_points takes them. */
export interface BusinessRulesJson {
  earns: boolean;
  multiplier: number;
  monthlyCap: number | null;
  /** Transaction type ids that earn; empty: all. */
  types: number[];
}

/** An eligibility criterion as the database evaluates it (loyalty_criterion_passes). */
export interface CriterionJson {
  id: number;
  name: string;
  field: string;
  operator: string;
  value: number | string[];
}

/** A service's limits per customer per day: calls and points, null for none. */
export interface DailyLimit {
  count: number | null;
  points: number | null;
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

const POST_EARNINGS = 'select * from loyalty_post_earnings($1, false, $2)';
const POST_EARNING_LOCKED = 'select * from loyalty_post_earnings($1, true, $2)';

/**
 * The batch as `loyalty_post_earnings` takes it (migration 0054): each candidate campaign's terms
 * once, by id, and each earning naming its candidates' ids — the same terms repeated in every
 * earning made the batch's JSON, and its parsing, several times larger.
 */
function batchParameters(items: EarningItem[]): [string, string | null] {
  const terms: Record<number, CampaignCandidate> = {};
  const slim = items.map(({ campaigns, ...item }) => {
    if (!campaigns) return item;
    for (const c of campaigns) terms[c.id] = c;
    return { ...item, campaigns: campaigns.map((c) => c.id) };
  });
  return [JSON.stringify(slim), Object.keys(terms).length ? JSON.stringify(terms) : null];
}

/**
 * Posts earnings in one statement, one transaction; `items` sorted by customer number. A batch
 * takes its campaigns' budget at its end (migration 0050); `locked` (one earning) locks them first.
 */
const postEarnings = (db: Executor, items: EarningItem[], locked = false) =>
  locked
    ? runPrepared<EarningRow>(db, 'loyalty_post_earning_locked', POST_EARNING_LOCKED, batchParameters(items))
    : runPrepared<EarningRow>(db, 'loyalty_post_earnings', POST_EARNINGS, batchParameters(items));

/** SQLSTATE LY001: a campaign the batch drew on was overdrawn, paused or ended meanwhile. */
const isCampaignRace = (err: unknown) => databaseError(err).code === 'LY001';

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

interface Waiting {
  item: EarningItem;
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

  post(item: EarningItem): Promise<EarningRow> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
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
    metrics.get(this.db)?.waiting.set(this.waiting.length);
  }

  private async run(batch: Waiting[]) {
    const measured = metrics.get(this.db);
    measured?.batchSize.observe(batch.length);
    const done = measured?.batchSeconds.startTimer();
    try {
      const items = batch.map((w) => w.item);
      const rows = await postEarnings(this.db, items);
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
        await postEarnings(this.db, [w.item], true).then(([row]) => w.resolve(row as EarningRow), w.reject);
      }
    }
  }
}

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
 * Posts one earning: through the queue on the database itself, directly inside a transaction
 * (whose locks it must share).
 */
export function postEarning(db: Executor, item: EarningItem): Promise<EarningRow> {
  if (isTransaction(db)) return postEarnings(db, [item], true).then(([row]) => row as EarningRow);
  let queue = queues.get(db);
  if (!queue) {
    queue = new EarningQueue(db);
    queues.set(db, queue);
  }
  return queue.post(item);
}
