import { durationSeconds, WEBHOOK_PING } from '@loyalty/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, type Executor, rowsOf } from '../../db/client.ts';
import {
  rolePermissions,
  systemLogs,
  users,
  webhookAttempts,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema/index.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { enqueueMails } from '../../platform/mail.ts';
import { exchangeOutbound, OutboundRefused, OutboundTimeout } from '../../platform/outbound.ts';
import { tunable } from '../../platform/settings/values.ts';
import { messageId, signedHeaders } from './signing.ts';

/** Fans the outbox out, works replays and sends what is due (docs/decisions/webhooks.md). */
export const WEBHOOKS_JOB = 'webhooks.deliver';

const FANOUT_BATCH = 1000;
/** Deliveries claimed together and sent in parallel. */
const SEND_BATCH = 200;
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

/** Turns new events into one delivery per listening endpoint (not disabled), in batches. */
export async function fanOut(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = rowsOf(
      await db.execute(sql`
        with claimed as (
          select id, type from webhook_events where processed_at is null
          order by id limit ${FANOUT_BATCH} for update skip locked),
        queued as (
          insert into webhook_deliveries (endpoint_id, event_id, event_type)
          select e.id, c.id, c.type from claimed c
          join webhook_endpoints e on e.status <> 'DISABLED' and e.events @> array[c.type]
          on conflict (endpoint_id, event_id) do nothing)
        update webhook_events set processed_at = now() where id in (select id from claimed)
        returning id`),
    ).length;
    total += claimed;
    if (claimed < FANOUT_BATCH) return total;
  }
}

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

interface Claimed {
  id: number;
  endpoint_id: number;
  event_id: number;
  attempts: number;
  window_start: string;
}

interface Outcome {
  id: number;
  attempt: number;
  ok: boolean;
  code: number | null;
  ms: number;
  excerpt: string;
  error: string | null;
  next: Date | null;
}

/** The message body: the event in the catalogue's envelope (contracts webhooks/events.ts). */
function messageBody(ev: typeof webhookEvents.$inferSelect): string {
  return JSON.stringify({
    id: messageId(ev.id),
    type: ev.type,
    version: ev.version,
    timestamp: ev.occurredAt.toISOString(),
    customerSequence: ev.customerSeq,
    data: ev.payload,
  });
}

const failureText = (err: unknown) =>
  err instanceof OutboundTimeout
    ? `no answer within ${TIMEOUT_MS / 1000} s`
    : err instanceof OutboundRefused
      ? err.message
      : err instanceof Error
        ? err.message || err.name
        : String(err);

/** Claims due deliveries (committed, with a lease) and sends them; answers how many were sent. */
async function sendBatch(db: Db, windowSeconds: number): Promise<number> {
  const claimed = rowsOf<Claimed>(
    await db.execute(sql`
      update webhook_deliveries d set status = 'SENDING', attempts = d.attempts + 1,
        lease_until = now() + make_interval(secs => ${LEASE_SECONDS}), last_attempt_at = now()
      where d.id in (
        select d2.id from webhook_deliveries d2
        join webhook_endpoints e on e.id = d2.endpoint_id
        where d2.status in ('PENDING', 'SENDING') and d2.next_attempt_at <= now()
          and (d2.status = 'PENDING' or d2.lease_until < now())
          and (e.status = 'ACTIVE' or d2.event_type = ${WEBHOOK_PING})
        order by d2.next_attempt_at limit ${SEND_BATCH}
        for update of d2 skip locked)
      returning d.id, d.endpoint_id, d.event_id, d.attempts, d.window_start`),
  );
  if (!claimed.length) return 0;
  const [events, endpoints] = [
    await db
      .select()
      .from(webhookEvents)
      .where(inArray(webhookEvents.id, [...new Set(claimed.map((c) => Number(c.event_id)))])),
    await db
      .select()
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((c) => c.endpoint_id))])),
  ];
  const eventById = new Map(events.map((e) => [e.id, e]));
  const endpointById = new Map(endpoints.map((e) => [e.id, e]));
  const now = new Date();

  const outcomes = await Promise.all(
    claimed.map(async (c): Promise<Outcome> => {
      const ev = eventById.get(Number(c.event_id)) as typeof webhookEvents.$inferSelect;
      const endpoint = endpointById.get(c.endpoint_id) as typeof webhookEndpoints.$inferSelect;
      const secrets = [endpoint.secret];
      if (endpoint.previousSecret && (endpoint.previousSecretExpiresAt?.getTime() ?? 0) > now.getTime()) {
        secrets.push(endpoint.previousSecret);
      }
      const body = messageBody(ev);
      const started = performance.now();
      let code: number | null = null;
      let excerpt = '';
      let error: string | null = null;
      try {
        const answer = await exchangeOutbound(endpoint.url, {
          headers: signedHeaders(messageId(ev.id), new Date(), body, secrets),
          body,
          timeoutMs: TIMEOUT_MS,
          keepBytes: EXCERPT_BYTES,
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
      const retryAt = new Date(Date.now() + retryDelaySeconds(c.attempts) * 1000);
      const windowEnd = new Date(c.window_start).getTime() + windowSeconds * 1000;
      const next = ok || retryAt.getTime() > windowEnd ? null : retryAt;
      return { id: Number(c.id), attempt: c.attempts, ok, code, ms, excerpt, error, next };
    }),
  );
  await recordOutcomes(db, outcomes, claimed);
  return claimed.length;
}

/** The batch's outcomes in three statements: the attempts, the deliveries, the endpoints' health. */
async function recordOutcomes(db: Db, outcomes: Outcome[], claimed: Claimed[]) {
  await db.insert(webhookAttempts).values(
    outcomes.map((o) => ({
      deliveryId: o.id,
      attempt: o.attempt,
      responseCode: o.code,
      durationMs: o.ms,
      responseExcerpt: o.excerpt,
      error: o.error,
    })),
  );
  const rows = outcomes.map((o) => ({
    id: o.id,
    status: o.ok ? 'DELIVERED' : o.next ? 'PENDING' : 'DEAD',
    next: o.next?.toISOString() ?? null,
    code: o.code,
    ms: o.ms,
    error: o.error,
  }));
  await db.execute(sql`
    update webhook_deliveries d set status = x.status, lease_until = null,
      next_attempt_at = coalesce(x.next, d.next_attempt_at), response_code = x.code, duration_ms = x.ms,
      last_error = x.error, delivered_at = case when x.status = 'DELIVERED' then now() else d.delivered_at end
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(id bigint, status text, next timestamptz, code int, ms int, error text)
    where d.id = x.id`);
  const endpointOf = new Map(claimed.map((c) => [Number(c.id), c.endpoint_id]));
  const healthy = new Set(outcomes.filter((o) => o.ok).map((o) => endpointOf.get(o.id) as number));
  const failing = [
    ...new Set(outcomes.filter((o) => !o.ok).map((o) => endpointOf.get(o.id) as number)),
  ].filter((id) => !healthy.has(id));
  if (healthy.size) {
    await db
      .update(webhookEndpoints)
      .set({ failingSince: null })
      .where(inArray(webhookEndpoints.id, [...healthy]));
  }
  if (failing.length) {
    await db
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
      .where(inArray(webhookEndpoints.id, failing));
  }
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

/** One run: replays, fan-out, then sends until nothing is due or the run's budget is spent. */
export async function deliverWebhooks(db: Db): Promise<void> {
  const windowSeconds = durationSeconds(await tunable<string>(db, 'webhooks.retryWindow')) ?? 86_400;
  const disableAfter = durationSeconds(await tunable<string>(db, 'webhooks.disableAfter')) ?? 3 * 86_400;
  await workReplays(db);
  await fanOut(db);
  const deadline = Date.now() + RUN_BUDGET_MS;
  while (Date.now() < deadline && (await sendBatch(db, windowSeconds)) > 0) {
    // sent a batch; claim the next
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
