import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type Executor, rowsOf } from '../db/client.ts';
import { CHANGES_CHANNEL, onChange } from './changes.ts';

/**
 * Scheduled background jobs, safe with any number of server instances: each job is a row of
 * `scheduled_jobs`; an instance claims a due job by moving its next run forward in one
 * UPDATE … FOR UPDATE SKIP LOCKED, so each due run happens on exactly one instance. Jobs must
 * be idempotent (a crashed run is simply run again at the next interval).
 */
export interface JobDefinition {
  name: string;
  intervalSeconds: number;
  /**
   * Does the work; answers the state to keep for the next run (e.g. a watermark). A long run
   * should stop between steps once `stopping` is aborted (the server is shutting down), leaving
   * the rest to a later run, so a stop need not wait for it.
   */
  run(db: Db, state: string | null, stopping: AbortSignal): Promise<string | null | undefined>;
}

export interface JobRunner {
  /**
   * Claims and runs every due job once (or only the named one, as a route that just asked for
   * it does); answers the names it ran. Tests call this directly.
   */
  tick(only?: string): Promise<string[]>;
  /** Asks for a job to run at the next tick (on whichever instance claims it). */
  requestRun(name: string): Promise<void>;
  /** Waits for the ticks under way (the timer's and those routes asked for) to finish. */
  settled(): Promise<void>;
  start(pollMs?: number): void;
  stop(): Promise<void>;
}

export function createJobRunner(db: Db, jobs: JobDefinition[], log?: FastifyBaseLogger): JobRunner {
  const byName = new Map(jobs.map((j) => [j.name, j]));
  let registered: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const unsubscribe: (() => void)[] = [];
  const stopping = new AbortController();

  const register = () => {
    registered ??= (async () => {
      for (const j of jobs) {
        await db.execute(sql`
          insert into scheduled_jobs (name, interval_seconds) values (${j.name}, ${j.intervalSeconds})
          on conflict (name) do update set interval_seconds = excluded.interval_seconds`);
      }
    })();
    return registered;
  };

  async function claim(only?: string): Promise<{ name: string; state: string | null } | undefined> {
    const names = only === undefined ? [...byName.keys()] : [only].filter((n) => byName.has(n));
    if (!names.length) return undefined;
    const [row] = rowsOf<{ name: string; state: string | null }>(
      await db.execute(sql`
        update scheduled_jobs set
          next_run_at = now() + make_interval(secs => interval_seconds),
          last_started_at = now()
        where name = (
          select name from scheduled_jobs
          where name in (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )}) and next_run_at <= now()
          order by next_run_at limit 1
          for update skip locked)
        returning name, state`),
    );
    return row;
  }

  async function runOne(claimed: { name: string; state: string | null }) {
    const job = byName.get(claimed.name) as JobDefinition;
    const started = Date.now();
    try {
      const next = await job.run(db, claimed.state, stopping.signal);
      await db.execute(sql`
        update scheduled_jobs set last_finished_at = now(), last_status = 'OK', last_error = null,
          state = ${next === undefined ? claimed.state : next}
        where name = ${job.name}`);
      log?.info({ job: job.name, ms: Date.now() - started }, 'job finished');
    } catch (err) {
      await db.execute(sql`
        update scheduled_jobs set last_finished_at = now(), last_status = 'FAILED', last_error = ${String(err)}
        where name = ${job.name}`);
      log?.error({ job: job.name, err }, 'job failed');
    }
  }

  async function runDue(only?: string) {
    await register();
    const ran: string[] = [];
    for (let claimed = await claim(only); claimed; claimed = await claim(only)) {
      await runOne(claimed);
      ran.push(claimed.name);
    }
    return ran;
  }

  // Ticks asked for outside the timer (a route that just queued work); stop() waits for them too.
  const asked = new Set<Promise<unknown>>();
  const tick = (only?: string) => {
    const run = runDue(only);
    asked.add(run);
    void run.catch(() => {}).finally(() => asked.delete(run));
    return run;
  };

  const settled = async () => {
    await Promise.allSettled([running, ...asked]);
  };

  return {
    tick,
    settled,
    async requestRun(name) {
      await register();
      await db.execute(sql`update scheduled_jobs set next_run_at = now() where name = ${name}`);
    },
    start(pollMs = 30_000) {
      // A job asked for in a committed transaction runs now (requestJobRun), not at the next poll.
      for (const name of byName.keys()) {
        unsubscribe.push(
          onChange(wakeTopic(name), () => {
            if (timer) void tick(name).catch((err) => log?.error({ err, job: name }, 'job wake-up failed'));
          }),
        );
      }
      const loop = () => {
        running = tick()
          .catch((err) => log?.error({ err }, 'job runner tick failed'))
          .finally(() => {
            if (timer) timer = setTimeout(loop, pollMs);
          });
      };
      timer = setTimeout(loop, 1_000);
    },
    async stop() {
      stopping.abort();
      for (const drop of unsubscribe.splice(0)) drop();
      clearTimeout(timer);
      timer = undefined;
      await settled();
    },
  };
}

/** The notification topic (platform/changes.ts) that wakes a job on the instances running jobs. */
const wakeTopic = (name: string) => `job:${name}`;

/**
 * Asks for a job to run, inside the caller's transaction (e.g. after a change it depends on): due
 * at once, and — when the transaction commits, never before — every instance whose runner is
 * started is woken to run it (one of them claims it), rather than at its next poll.
 */
export async function requestJobRun(db: Executor, name: string) {
  await db.execute(sql`update scheduled_jobs set next_run_at = now() where name = ${name}`);
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${wakeTopic(name)})`);
}
