/**
 * `npm run bench -- --webhooks` (issue 50): webhook delivery to a local receiver that verifies
 * every signature (bench/webhookReceiver.ts, its own process), on DATABASE_URL's database:
 *   1. throughput: `--events` (20,000) `points.earned` events written to the outbox for one
 *      endpoint (its rate limit raised to 100,000/s, so the sender is measured), then the delivery
 *      job's work (`deliverWebhooks`: fan-out, per-endpoint claims, signed sends over kept
 *      connections, one statement of outcomes per batch) run in this process until every one is
 *      DELIVERED: events/s, `--rounds` (3) times;
 *   2. catch-up: the receiver down while the events of `--down-minutes` (10) at `--earn-rate`
 *      (100 earnings/s) are written and each is tried once and fails (connection refused); the
 *      receiver back, their back-off taken as passed (the compression: no waiting out the
 *      minutes), then delivered until none is left: the time it took, and that the receiver got
 *      each event exactly once (nothing lost, nothing twice).
 * The job runs here rather than on a server's scheduler: what is measured is the delivery, not the
 * scheduler's polling. Method and results: docs/performance.md.
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../packages/server/src/config.ts';
import { type Db, openDatabase, rowsOf } from '../packages/server/src/db/client.ts';
import { webhookEndpoints } from '../packages/server/src/db/schema/index.ts';
import { deliverWebhooks } from '../packages/server/src/modules/webhooks/delivery.ts';
import { newSecret } from '../packages/server/src/modules/webhooks/index.ts';
import { webhookTunables } from '../packages/server/src/modules/webhooks/tunables.ts';
import {
  closeOutboundAgents,
  parseOutboundAllow,
  useOutboundAllow,
} from '../packages/server/src/platform/outbound.ts';
import { useTunables } from '../packages/server/src/platform/settings/registry.ts';
import { freePort, root } from './server.ts';

const DESCRIPTION = 'npm run bench -- --webhooks';

interface Stats {
  verified: number;
  rejected: number;
  twice: number;
  distinct: number;
  cpuMs: number;
}

/** This process's CPU time so far, in ms. */
const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** CPU per event: the sender's (this process) and the receiver's. */
const cpuPer = (events: number, sender: number, before: Stats, after: Stats) =>
  `CPU per event: sender ${(sender / events).toFixed(3)} ms, receiver ${((after.cpuMs - before.cpuMs) / events).toFixed(3)} ms`;

/** The receiver's process and a call that sends it a command and waits for its answer. */
async function startReceiver(secret: string, port: number) {
  const child: ChildProcess = fork(path.join(root, 'bench/webhookReceiver.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, WEBHOOK_SECRET: secret, WEBHOOK_PORT: String(port) },
  });
  const answer = (cmd: string) =>
    new Promise<Stats>((resolve) => {
      const on = (m: { cmd: string } & Stats) => {
        if (m.cmd !== cmd) return;
        child.off('message', on);
        resolve(m);
      };
      child.on('message', on);
    });
  await answer('ready');
  const call = (cmd: 'up' | 'down' | 'stats') => {
    const answered = answer(cmd);
    child.send({ cmd });
    return answered;
  };
  return { call, child };
}

/** Writes `n` points.earned events to the outbox, as the ledger's trigger would, in batches of 50,000. */
async function writeEvents(db: Db, n: number) {
  for (let done = 0; done < n; done += 50_000) {
    await db.execute(sql`
      insert into webhook_events (type, payload)
      select 'points.earned', jsonb_build_object('customerNumber', 'BENCH-' || lpad((g % 2000)::text, 5, '0'),
        'points', 100, 'balanceAfter', 100 * g, 'reference', 'bench-webhooks-' || g, 'ledgerEntryId', g::text,
        'channel', 'POS', 'occurredAt', now())
      from generate_series(${done + 1}::int, ${Math.min(n, done + 50_000)}::int) g`);
  }
}

/** Runs delivery until no event waits for fan-out and none of the endpoint's deliveries is undelivered. */
async function deliverAll(db: Db, endpointId: number) {
  for (;;) {
    await deliverWebhooks(db);
    const [left] = rowsOf<{ n: number }>(
      await db.execute(sql`
        select (select count(*) from webhook_events where processed_at is null)
          + (select count(*) from webhook_deliveries where endpoint_id = ${endpointId} and status <> 'DELIVERED') as n`),
    );
    if (!Number(left?.n)) return;
  }
}

export async function benchWebhooks(opts: {
  events: number;
  rounds: number;
  earnRate: number;
  downMinutes: number;
}) {
  if (!process.env.DATABASE_URL) throw new Error('--webhooks needs DATABASE_URL (PostgreSQL)');
  const database = await openDatabase(loadConfig().database);
  const { db } = database;
  await database.migrate();
  useTunables(webhookTunables);
  useOutboundAllow(parseOutboundAllow('127.0.0.1'));
  // Earlier runs' endpoints no longer listen; an event fans out to this run's endpoint only.
  await db.execute(sql`update webhook_endpoints set status = 'DISABLED' where description = ${DESCRIPTION}`);
  const port = await freePort();
  const secret = newSecret();
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      url: `http://127.0.0.1:${port}/hooks`,
      events: ['points.earned'],
      description: DESCRIPTION,
      secret,
      maxPerSecond: 100_000,
    })
    .returning({ id: webhookEndpoints.id });
  const endpointId = endpoint?.id as number;
  const receiver = await startReceiver(secret, port);
  try {
    console.log(
      `\nWebhook delivery to a local receiver verifying signatures (${opts.events} events a round)`,
    );
    for (let round = 1; round <= opts.rounds; round += 1) {
      await writeEvents(db, opts.events);
      const before = await receiver.call('stats');
      const [started, cpu] = [performance.now(), ownCpuMs()];
      await deliverAll(db, endpointId);
      const seconds = (performance.now() - started) / 1000;
      const after = await receiver.call('stats');
      console.log(
        `  round ${round}: ${after.verified - before.verified} of ${opts.events} verified in ${seconds.toFixed(2)} s = ${Math.round(opts.events / seconds)} events/s   rejected ${after.rejected - before.rejected}   ${cpuPer(opts.events, ownCpuMs() - cpu, before, after)}`,
      );
    }

    const backlog = opts.earnRate * opts.downMinutes * 60;
    console.log(
      `\nReceiver down for ${opts.downMinutes} minutes at ${opts.earnRate} earnings/s (compressed): ${backlog} events`,
    );
    await receiver.call('down');
    const before = await receiver.call('stats');
    await writeEvents(db, backlog);
    const failing = performance.now();
    // Each event tried once while the receiver is down (refused at once), then left to its back-off.
    await deliverWebhooks(db);
    const [tried] = rowsOf<{ pending: number; attempts: number }>(
      await db.execute(sql`
        select count(*) filter (where status = 'PENDING') as pending, coalesce(sum(attempts), 0) as attempts
        from webhook_deliveries where endpoint_id = ${endpointId} and status <> 'DELIVERED'`),
    );
    console.log(
      `  while down: ${tried?.pending} deliveries pending after ${tried?.attempts} failed attempts (${((performance.now() - failing) / 1000).toFixed(1)} s)`,
    );
    await receiver.call('up');
    // The compression: their back-off (30 s to a minute after one failure) is taken as passed.
    await db.execute(sql`
      update webhook_deliveries set next_attempt_at = now()
      where endpoint_id = ${endpointId} and status = 'PENDING'`);
    const started = performance.now();
    await deliverAll(db, endpointId);
    const seconds = (performance.now() - started) / 1000;
    const after = await receiver.call('stats');
    const [dead] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*) as n from webhook_deliveries where endpoint_id = ${endpointId} and status = 'DEAD'`,
      ),
    );
    const got = after.distinct - before.distinct;
    console.log(
      `  back: caught up in ${seconds.toFixed(1)} s = ${Math.round(backlog / seconds)} events/s; received ${got} of ${backlog} distinct (lost ${backlog - got}), twice ${after.twice - before.twice}, dead ${Number(dead?.n)}, rejected ${after.rejected - before.rejected}`,
    );
  } finally {
    receiver.child.kill();
    closeOutboundAgents();
    await database.close();
  }
}
