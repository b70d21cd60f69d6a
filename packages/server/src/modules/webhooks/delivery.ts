import { durationSeconds, WEBHOOK_PING } from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, type Executor, rowsOf } from '../../db/client.ts';
import { rolePermissions, systemLogs, users, webhookEndpoints } from '../../db/schema/index.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { enqueueMails } from '../../platform/mail.ts';
import type { QueueProbe } from '../../platform/metrics.ts';
import {
  type CheckedAddress,
  exchangeOutbound,
  OutboundRefused,
  OutboundTimeout,
  resolveOutbound,
} from '../../platform/outbound.ts';
import { unseal } from '../../platform/secrets.ts';
import { tunable } from '../../platform/settings/values.ts';
import { earningsSaturated } from '../loyalty/index.ts';
import { messageId, signedHeaders, signingKey } from './signing.ts';

/** Fans the outbox out, works replays and sends what is due (docs/decisions/webhooks.md). */
export const WEBHOOKS_JOB = 'webhooks.deliver';

const FANOUT_BATCH = 1000;
/** Deliveries of one endpoint claimed together (fewer when its rate limit leaves fewer this second). */
const SEND_BATCH = 500;
/** Sends in flight to one endpoint at once, over as many kept connections (its loops together). */
const PARALLEL_PER_ENDPOINT = 32;
/**
 * Loops working one endpoint side by side, so one sends while another claims or records (the
 * rate window is shared through the endpoint's row); each sends PARALLEL_PER_ENDPOINT / LOOPS at once.
 */
const LOOPS_PER_ENDPOINT = 2;
/** Endpoints sent to at once, each by its own loop (a slow one does not hold the others back). */
const ENDPOINTS_AT_ONCE = 4;
/** A send waits at most this long for an answer. */
const TIMEOUT_MS = 10_000;
/** Longer than the slowest send, so a live sender's claim never lapses; a crashed one's is taken over. */
const LEASE_SECONDS = 60;
/** What the delivery log keeps of an answer. */
const EXCERPT_BYTES = 256;
/** A run stops claiming after this long, so one instance's run does not hold the job forever. */
const RUN_BUDGET_MS = 25_000;
/** The first retry waits about this long; each further one twice as long, up to the cap. */
const FIRST_RETRY_SECONDS = 30;
const MAX_RETRY_SECONDS = 4 * 3600;
const REPLAY_BATCH = 1000;

/**
 * The wait before the next attempt after `attempts` failed ones: exponential, capped, with
 * "equal jitter" (half fixed, half random) so receivers that come back are not hit by every
 * sender at once.
 */
export function retryDelaySeconds(attempts: number, random = Math.random()): number {
  const ceiling = Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_SECONDS);
  return ceiling / 2 + (ceiling / 2) * random;
}

/**
 * Turns new events into one delivery per listening endpoint (not disabled), in batches, and gives
 * each customer's events their sequence numbers (`customer_seq`, in event order) — here rather than
 * in the change's transaction, so an earning writes its event row and nothing more. One fan-out at
 * a time (an advisory lock; another instance's run skips it), so numbers follow the order events
 * are fanned out in. A customer's ledger events are numbered in the order they were posted: their
 * postings lock the customer, so a later one's event row has the higher id.
 */
export async function fanOut(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const [lock] = rowsOf<{ mine: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${WEBHOOKS_JOB}), 0) as mine`),
      );
      if (!lock?.mine) return 0;
      return rowsOf(
        await tx.execute(sql`
          with claimed as materialized (
            select id, type, customer_id from webhook_events where processed_at is null
            order by id limit ${FANOUT_BATCH}),
          bumped as (
            insert into webhook_customer_sequences as s (customer_id, last_seq)
            select customer_id, count(*) from claimed where customer_id is not null group by customer_id
            on conflict (customer_id) do update set last_seq = s.last_seq + excluded.last_seq
            returning s.customer_id, s.last_seq),
          numbered as (
            select c.id, b.last_seq - count(*) over (partition by c.customer_id)
              + row_number() over (partition by c.customer_id order by c.id) as seq
            from claimed c join bumped b on b.customer_id = c.customer_id),
          queued as (
            insert into webhook_deliveries (endpoint_id, event_id, event_type)
            select e.id, c.id, c.type from claimed c
            join webhook_endpoints e on e.status <> 'DISABLED' and e.events @> array[c.type]
            on conflict (endpoint_id, event_id) do nothing)
          update webhook_events ev set processed_at = now(), customer_seq = n.seq
          from claimed c left join numbered n on n.id = c.id
          where ev.id = c.id
          returning ev.id`),
      ).length;
    });
    total += claimed;
    if (claimed < FANOUT_BATCH) return total;
  }
}

/** The outbox as a queue in the metrics: events not fanned out yet (its partial index), the oldest by id. */
export const outboxQueue: QueueProbe = {
  name: 'webhook_events',
  async probe(db) {
    const [row] = rowsOf<{ n: number; age: number | null }>(
      await db.execute(sql`
        select count(*)::int as n, extract(epoch from now() - (select e.occurred_at from webhook_events e
          where e.processed_at is null order by e.id limit 1))::float8 as age
        from webhook_events where processed_at is null`),
    );
    return {
      waiting: Number(row?.n ?? 0),
      running: 0,
      failed: 0,
      oldestWaitingSeconds: Number(row?.age ?? 0),
    };
  },
};

/**
 * Works the oldest unfinished replay by a batch: its endpoint's events of the range (of the types
 * it listens to) are queued again — new deliveries, or old ones put back to PENDING with a fresh
 * retry window. Progress is `done` of `total`.
 */
export async function workReplays(db: Db): Promise<void> {
  for (;;) {
    const progressed = await db.transaction(async (tx) => {
      const [replay] = rowsOf<{
        id: number;
        endpoint_id: number;
        from_at: string;
        to_at: string;
        cursor: number;
        total: number | null;
      }>(
        await tx.execute(sql`
          select r.id, r.endpoint_id, r.from_at, r.to_at, r.cursor, r.total from webhook_replays r
          where r.status <> 'DONE' order by r.id limit 1 for update skip locked`),
      );
      if (!replay) return false;
      const inRange = sql`ev.occurred_at between ${replay.from_at} and ${replay.to_at}
        and ev.type = any((select events from webhook_endpoints where id = ${replay.endpoint_id})::text[])`;
      const total =
        replay.total ??
        rowsOf<{ n: number }>(
          await tx.execute(sql`select count(*)::int as n from webhook_events ev where ${inRange}`),
        )[0]?.n ??
        0;
      const queued = rowsOf<{ event_id: number }>(
        await tx.execute(sql`
          insert into webhook_deliveries (endpoint_id, event_id, event_type)
          select ${replay.endpoint_id}, ev.id, ev.type from webhook_events ev
          where ${inRange} and ev.id > ${replay.cursor}
          order by ev.id limit ${REPLAY_BATCH}
          on conflict (endpoint_id, event_id) do update set status = 'PENDING', attempts = 0,
            next_attempt_at = now(), window_start = now(), lease_until = null
          returning event_id`),
      );
      const last = Math.max(Number(replay.cursor), ...queued.map((q) => Number(q.event_id)));
      const finished = queued.length < REPLAY_BATCH;
      await tx.execute(sql`
        update webhook_replays set total = ${total}, done = least(done + ${queued.length}, ${total}),
          cursor = ${last}, status = ${finished ? 'DONE' : 'RUNNING'},
          finished_at = ${finished ? sql`now()` : sql`null`}
        where id = ${replay.id}`);
      return true;
    });
    if (!progressed) return;
  }
}

/** An endpoint's sending grant for the current one-second window of its rate limit. */
interface Grant {
  url: string;
  active: boolean;
  keys: Buffer[];
  maxPerSecond: number;
  /** Sends this sender may start in the window (0: the window is spent). */
  granted: number;
  /** Sends reserved in the window before this grant (by any sender). */
  usedBefore: number;
  /** How long ago the window started, and its start as the database wrote it. */
  ageMs: number;
  windowStart: string;
}

/**
 * Reserves up to a batch of sends in the endpoint's current one-second window (a new window when
 * the last is over), in one UPDATE that locks the endpoint's row, so senders on every instance
 * share its limit; answers the endpoint's URL and signing keys with the grant.
 */
async function reserve(db: Db, endpointId: number): Promise<Grant | undefined> {
  const [row] = rowsOf<{
    url: string;
    status: string;
    secret: string;
    previous_secret: string | null;
    previous_valid: boolean | null;
    max_per_second: number;
    granted: number;
    used_before: number;
    age_ms: number;
    window_start: string;
  }>(
    await db.execute(sql`
      with cur as (
        select id, max_per_second,
          case when rate_window_start > now() - interval '1 second' then rate_window_start else now() end as ws,
          case when rate_window_start > now() - interval '1 second' then rate_window_used else 0 end as used
        from webhook_endpoints where id = ${endpointId} for update),
      g as (select *, greatest(0, least(${SEND_BATCH}, max_per_second - used)) as granted from cur)
      update webhook_endpoints e set rate_window_start = g.ws, rate_window_used = g.used + g.granted
      from g where e.id = g.id
      returning e.url, e.status, e.secret, e.previous_secret,
        e.previous_secret_expires_at > now() as previous_valid, e.max_per_second, g.granted,
        g.used as used_before, extract(epoch from now() - g.ws)::float8 * 1000 as age_ms,
        g.ws::text as window_start`),
  );
  if (!row) return undefined;
  const secrets = [row.secret, ...(row.previous_secret && row.previous_valid ? [row.previous_secret] : [])];
  return {
    url: row.url,
    active: row.status === 'ACTIVE',
    keys: secrets.map((s) => signingKey(unseal(s))),
    maxPerSecond: Number(row.max_per_second),
    granted: Number(row.granted),
    usedBefore: Number(row.used_before),
    ageMs: Number(row.age_ms),
    windowStart: row.window_start,
  };
}

interface Claimed {
  id: number;
  attempts: number;
  window_start: string | Date;
  event_id: number;
  type: string;
  version: number;
  occurred_at: string | Date;
  customer_seq: number | null;
  payload: string;
}

/**
 * Claims up to `limit` of the endpoint's due deliveries (committed, with a lease) with their
 * events, in one statement; an endpoint that is not ACTIVE is sent only its pings.
 */
async function claim(db: Db, endpointId: number, limit: number, active: boolean): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    // The oldest due ones by walking the (endpoint, due time) index, never a bitmap scan and sort
    // of every due row: after a backlog appears at once (a receiver back after an outage) the
    // statistics lag, and each claim would read the whole backlog.
    await tx.execute(sql`set local enable_bitmapscan = off`);
    return rowsOf<Claimed>(
      await tx.execute(sql`
      with picked as (
        select d2.id from webhook_deliveries d2
        where d2.endpoint_id = ${endpointId} and d2.status in ('PENDING', 'SENDING')
          and d2.next_attempt_at <= now() and (d2.status = 'PENDING' or d2.lease_until < now())
          ${active ? sql`` : sql`and d2.event_type = ${WEBHOOK_PING}`}
        order by d2.next_attempt_at limit ${limit}
        for update of d2 skip locked),
      claimed as (
        update webhook_deliveries d set status = 'SENDING', attempts = d.attempts + 1,
          lease_until = now() + make_interval(secs => ${LEASE_SECONDS}), last_attempt_at = now()
        from picked where d.id = picked.id
        returning d.id, d.event_id, d.attempts, d.window_start)
      select c.id, c.attempts, c.window_start, ev.id as event_id, ev.type, ev.version, ev.occurred_at,
        ev.customer_seq, ev.payload::text as payload
      from claimed c join webhook_events ev on ev.id = c.event_id`),
    );
  });
}

interface Outcome {
  id: number;
  attempt: number;
  ok: boolean;
  code: number | null;
  ms: number;
  excerpt: string;
  error: string | null;
  next: string | null;
}

/** The message body: the event in the catalogue's envelope (contracts webhooks/events.ts). */
function messageBody(c: Claimed): string {
  const head = JSON.stringify({
    id: messageId(Number(c.event_id)),
    type: c.type,
    version: Number(c.version),
    timestamp: new Date(c.occurred_at).toISOString(),
    customerSequence: c.customer_seq === null ? null : Number(c.customer_seq),
  });
  return `${head.slice(0, -1)},"data":${c.payload}}`;
}

const failureText = (err: unknown) =>
  err instanceof OutboundTimeout
    ? `no answer within ${TIMEOUT_MS / 1000} s`
    : err instanceof OutboundRefused
      ? err.message
      : err instanceof Error
        ? err.message || err.name
        : String(err);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends one claimed delivery, signed, to the checked address (or fails it as refused); answers its outcome. */
async function sendOne(
  grant: Grant,
  to: CheckedAddress | { refused: unknown },
  c: Claimed,
  windowSeconds: number,
): Promise<Outcome> {
  const body = messageBody(c);
  const started = performance.now();
  let code: number | null = null;
  let excerpt = '';
  let error: string | null = null;
  try {
    if ('refused' in to) throw to.refused;
    const checked = to;
    const answer = await exchangeOutbound(grant.url, {
      headers: signedHeaders(messageId(Number(c.event_id)), new Date(), body, grant.keys),
      body,
      timeoutMs: TIMEOUT_MS,
      keepBytes: EXCERPT_BYTES,
      checked,
      keepAlive: PARALLEL_PER_ENDPOINT,
    });
    code = answer.status;
    excerpt = answer.head
      .toString('utf8')
      .replace(/\uFFFD+$/, '')
      .replace(/\0/g, '');
  } catch (err) {
    error = failureText(err);
  }
  const ms = Math.round(performance.now() - started);
  const ok = code !== null && code >= 200 && code < 300;
  if (!ok && error === null) error = `answered ${code}`;
  const retryAt = Date.now() + retryDelaySeconds(c.attempts) * 1000;
  const windowEnd = new Date(c.window_start).getTime() + windowSeconds * 1000;
  const next = ok || retryAt > windowEnd ? null : new Date(retryAt).toISOString();
  return { id: Number(c.id), attempt: c.attempts, ok, code, ms, excerpt, error, next };
}

/**
 * Sends a batch to one endpoint: at most PARALLEL_PER_ENDPOINT at once over kept connections,
 * each started no earlier than its place in the window allows (`maxPerSecond` evenly spaced).
 */
async function sendClaimed(grant: Grant, claimed: Claimed[], windowSeconds: number): Promise<Outcome[]> {
  const windowStartedAt = Date.now() - grant.ageMs;
  const spacing = 1000 / grant.maxPerSecond;
  // Resolved and checked once for the batch; a refused address fails each delivery.
  const to = await resolveOutbound(new URL(grant.url).hostname).catch((err: unknown) => ({ refused: err }));
  const outcomes: Outcome[] = new Array(claimed.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < claimed.length; i = next++) {
      const wait = windowStartedAt + (grant.usedBefore + i) * spacing - Date.now();
      if (wait >= 1) await sleep(wait);
      const c = claimed[i] as Claimed;
      outcomes[i] = await sendOne(grant, to, c, windowSeconds);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_PER_ENDPOINT / LOOPS_PER_ENDPOINT, claimed.length) }, worker),
  );
  return outcomes;
}

/**
 * The batch's outcomes in one statement: the attempts, the deliveries, the endpoint's health
 * (failing since the first failure of a batch without a success), and the window's unused sends
 * given back.
 */
async function recordOutcomes(db: Db, endpointId: number, grant: Grant, outcomes: Outcome[]): Promise<void> {
  const unused = grant.granted - outcomes.length;
  const anyOk = outcomes.some((o) => o.ok);
  const rows = outcomes.map((o) => ({
    id: o.id,
    attempt: o.attempt,
    status: o.ok ? 'DELIVERED' : o.next ? 'PENDING' : 'DEAD',
    next: o.next,
    code: o.code,
    ms: o.ms,
    excerpt: o.excerpt,
    error: o.error,
  }));
  await db.execute(sql`
    with x as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(id bigint, attempt int, status text, next timestamptz, code int, ms int, excerpt text, error text)),
    attempts as (
      insert into webhook_attempts (delivery_id, attempt, response_code, duration_ms, response_excerpt, error)
      select id, attempt, code, ms, excerpt, error from x),
    deliveries as (
      update webhook_deliveries d set status = x.status, lease_until = null,
        next_attempt_at = coalesce(x.next, d.next_attempt_at), response_code = x.code, duration_ms = x.ms,
        last_error = x.error, delivered_at = case when x.status = 'DELIVERED' then now() else d.delivered_at end
      from x where d.id = x.id)
    update webhook_endpoints e set
      failing_since = ${
        outcomes.length === 0
          ? sql`e.failing_since`
          : anyOk
            ? sql`null`
            : sql`coalesce(e.failing_since, now())`
      },
      rate_window_used = case when e.rate_window_start = ${grant.windowStart}::timestamptz
        then greatest(0, e.rate_window_used - ${unused}) else e.rate_window_used end
    where e.id = ${endpointId} and (${unused} > 0
      or ${outcomes.length > 0 && anyOk} and e.failing_since is not null
      or ${outcomes.length > 0 && !anyOk} and e.failing_since is null)`);
}

/**
 * How long the oldest of what waits has waited: the oldest event not yet fanned out and, for an
 * endpoint, its oldest due delivery (each one step down an index).
 */
async function oldestWaitMs(db: Db, endpointId?: number): Promise<number> {
  const [row] = rowsOf<{ ms: number | null }>(
    await db.execute(sql`
      select 1000 * extract(epoch from now() - least(
        (select e.occurred_at from webhook_events e where e.processed_at is null order by e.id limit 1),
        ${
          endpointId === undefined
            ? sql`null`
            : sql`(select d.next_attempt_at from webhook_deliveries d
                where d.endpoint_id = ${endpointId} and d.status = 'PENDING' and d.next_attempt_at <= now()
                order by d.next_attempt_at limit 1)`
        }))::float8 as ms`),
  );
  return Math.max(0, Number(row?.ms ?? 0));
}

/**
 * Whether deliveries hold back now (docs/decisions/webhooks.md, "Giving way"): earnings of this
 * instance queue for the database, and nothing has waited `giveWayMs` (webhooks.giveWayFor) yet.
 * A burst of earnings shorter than that pays nothing for its deliveries, which follow it; under a
 * longer one they share the machine again, so they are never much later than that. `saturated`
 * is the earning queue's state; without it, this costs no query.
 */
export async function givesWay(
  db: Db,
  giveWayMs: number,
  endpointId?: number,
  saturated = earningsSaturated(db),
): Promise<boolean> {
  if (giveWayMs <= 0 || !saturated) return false;
  return (await oldestWaitMs(db, endpointId)) < giveWayMs;
}

/** What one run of the delivery job works with. */
interface RunLimits {
  windowSeconds: number;
  giveWayMs: number;
  deadline: number;
}

/**
 * Works one endpoint until nothing of it is due, the run's budget is spent or earnings need the
 * machine: reserve sends in its rate window (waiting for the next window when this one is spent),
 * claim that many, send, record. Three statements a batch.
 */
async function workEndpoint(db: Db, endpointId: number, { windowSeconds, giveWayMs, deadline }: RunLimits) {
  while (Date.now() < deadline && !(await givesWay(db, giveWayMs, endpointId))) {
    const grant = await reserve(db, endpointId);
    if (!grant) return;
    if (grant.granted === 0) {
      await sleep(Math.max(5, 1000 - grant.ageMs));
      continue;
    }
    const claimed = await claim(db, endpointId, grant.granted, grant.active);
    const outcomes = claimed.length ? await sendClaimed(grant, claimed, windowSeconds) : [];
    await recordOutcomes(db, endpointId, grant, outcomes);
    if (claimed.length < grant.granted) return;
  }
}

/** The endpoints with deliveries due now (an endpoint that is not ACTIVE: its pings only). */
async function endpointsDue(db: Db): Promise<number[]> {
  const due = (extra: ReturnType<typeof sql>) => sql`exists (
    select 1 from webhook_deliveries d where d.endpoint_id = e.id and d.status in ('PENDING', 'SENDING')
      and d.next_attempt_at <= now() and (d.status = 'PENDING' or d.lease_until < now()) ${extra})`;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select e.id from webhook_endpoints e
      where (e.status = 'ACTIVE' and ${due(sql``)})
        or (e.status <> 'ACTIVE' and ${due(sql`and d.event_type = ${WEBHOOK_PING}`)})`),
  );
  return rows.map((r) => Number(r.id));
}

/** Sends what is due, ENDPOINTS_AT_ONCE endpoints at a time, each on LOOPS_PER_ENDPOINT loops. */
async function sendDue(db: Db, limits: RunLimits) {
  const queue = (await endpointsDue(db)).flatMap((id) => Array(LOOPS_PER_ENDPOINT).fill(id) as number[]);
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      await workEndpoint(db, id, limits);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(ENDPOINTS_AT_ONCE * LOOPS_PER_ENDPOINT, queue.length) }, worker),
  );
}

/**
 * Disables the endpoints failing for longer than `webhooks.disableAfter` and tells staff: a system
 * log warning, and an e-mail to every active staff member who may edit webhook endpoints.
 */
export async function disableFailing(db: Db, disableAfterSeconds: number) {
  await db.transaction(async (tx) => {
    const disabled = await tx
      .update(webhookEndpoints)
      .set({
        status: 'DISABLED',
        disabledReason: 'FAILING',
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(webhookEndpoints.status, 'ACTIVE'),
          sql`${webhookEndpoints.failingSince} < now() - make_interval(secs => ${disableAfterSeconds})`,
        ),
      )
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    if (!disabled.length) return;
    await tx.insert(systemLogs).values(
      disabled.map((e) => ({
        level: 40,
        category: 'webhooks',
        message: `Webhook endpoint ${e.id} (${e.url}) disabled: its deliveries have failed for too long`,
        context: { endpointId: e.id },
      })),
    );
    await alertStaff(tx, disabled);
  });
}

async function alertStaff(tx: Executor, disabled: { id: number; url: string }[]) {
  const staff = await tx
    .select({ email: users.email })
    .from(users)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, users.roleId))
    .where(
      and(
        eq(rolePermissions.permissionCode, 'webhookEndpoint.update'),
        eq(users.status, 'ACTIVE'),
        sql`${users.email} is not null`,
      ),
    );
  const list = disabled.map((e) => `- #${e.id} ${e.url}`).join('\n');
  await enqueueMails(
    tx,
    staff.map((s) => ({
      to: s.email as string,
      subject: 'Webhook endpoints disabled',
      text: `These webhook endpoints were disabled because their deliveries kept failing:\n${list}\n\nFix the receiver, then set the endpoint back to Active and replay the missed period.`,
    })),
  );
}

/**
 * One run: replays, fan-out, then sends until nothing is due or the run's budget is spent — unless
 * deliveries are giving way to earnings (`givesWay`): then a later run takes them.
 */
export async function deliverWebhooks(db: Db): Promise<void> {
  const seconds = async (key: string, otherwise: number) =>
    durationSeconds(await tunable<string>(db, key)) ?? otherwise;
  const limits: RunLimits = {
    windowSeconds: await seconds('webhooks.retryWindow', 86_400),
    giveWayMs: (await seconds('webhooks.giveWayFor', 30)) * 1000,
    deadline: Date.now() + RUN_BUDGET_MS,
  };
  const disableAfter = await seconds('webhooks.disableAfter', 3 * 86_400);
  if (!(await givesWay(db, limits.giveWayMs))) {
    await workReplays(db);
    await fanOut(db);
    await sendDue(db, limits);
  }
  await disableFailing(db, disableAfter);
}

export const webhookJobs = (): JobDefinition[] => [
  {
    name: WEBHOOKS_JOB,
    intervalSeconds: 10,
    run: async (db) => {
      await deliverWebhooks(db);
      return undefined;
    },
  },
];
