import {
  pointsRuleCommands,
  pointsRuleRead,
  REPLAY_DEFAULT_DAYS,
  type Replay,
  type ReplayBreakdown,
  type ReplayInput,
  replayCommands,
} from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { replays } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/access.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { reportsReader } from '../../platform/exports.ts';
import { type JobDefinition, requestJobRun } from '../../platform/jobs.ts';
import { businessRules, serviceLimit } from '../configuration/index.ts';
import { type Programme, programme } from '../loyalty/index.ts';

/** The job that runs queued replays. */
export const REPLAY_JOB = 'replays.run';
/** The customers of one step of a replay (its progress moves step by step). */
const STEP_CUSTOMERS = 5_000;
/** A candidate rule's id: after every real one, so it is the newer at equal priority. */
const NEW_RULE_ID = 2_147_483_647;

type RuleRow = Programme['rulesByType'] extends Map<number, (infer R)[]> ? R : never;
type Rules = Map<number, RuleRow[]>;
type Row = typeof replays.$inferSelect;

/** The permission that reads what a command replays: who may replay it. */
const readPermissionOf: Record<Replay['command'], string> = {
  'pointsRule.create': pointsRuleRead.code,
  'pointsRule.update': pointsRuleRead.code,
  'pointsRule.delete': pointsRuleRead.code,
};

function parsed<T>(
  result: { success: true; data: T } | { success: false; error: import('zod').ZodError },
): T {
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * The candidate rules: today's with the command applied in memory, its input parsed by the schema
 * the command itself parses it with.
 */
export function candidateRules(
  today: Rules,
  command: Replay['command'],
  id: number | null,
  input: unknown,
): Rules {
  const rules: Rules = new Map([...today].map(([type, list]) => [type, [...list]]));
  const without = (ruleId: number) => {
    for (const [type, list] of rules)
      rules.set(
        type,
        list.filter((r) => r.id !== ruleId),
      );
  };
  const exists = (ruleId: number) => [...today.values()].some((list) => list.some((r) => r.id === ruleId));
  const add = (rule: RuleRow) =>
    rules.set(rule.transactionTypeId, [...(rules.get(rule.transactionTypeId) ?? []), rule]);
  const now = new Date();
  if (command === 'pointsRule.create') {
    const fields = parsed(pointsRuleCommands.create.input.safeParse(input));
    add({ ...fields, id: NEW_RULE_ID, createdAt: now, updatedAt: now } as RuleRow);
    return rules;
  }
  if (id === null) throw new AppError('VALIDATION_FAILED', undefined, [{ path: 'id', message: 'required' }]);
  if (!exists(id)) throw new AppError('NOT_FOUND', 'Points rule not found');
  if (command === 'pointsRule.delete') {
    without(id);
    return rules;
  }
  const fields = parsed(pointsRuleCommands.update.input.safeParse({ ...(input as object), id }));
  without(id);
  add({ ...fields, createdAt: now, updatedAt: now } as RuleRow);
  return rules;
}

const rulesJson = (rules: Rules) => JSON.stringify(Object.fromEntries(rules));

const toReplay = (r: Row): Replay => {
  const result = (r.result ?? {}) as Partial<Replay>;
  return {
    id: r.id,
    command: r.command as Replay['command'],
    targetId: r.targetId,
    from: r.from,
    to: r.to,
    status: r.status,
    progress: r.progress,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    totals: result.totals ?? null,
    byDay: result.byDay ?? null,
    byTier: result.byTier ?? null,
    byTransactionType: result.byTransactionType ?? null,
    byChannel: result.byChannel ?? null,
    liabilityChange: result.liabilityChange ?? null,
    exactness: result.exactness ?? null,
  };
};

export async function getReplay(db: Executor, id: number): Promise<Replay> {
  const [row] = await db.select().from(replays).where(eq(replays.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Replay not found');
  return toReplay(row);
}

function requireReader(actor: Pick<Actor, 'permissions'>, command: Replay['command']) {
  if (!actor.permissions.has(readPermissionOf[command])) throw new AppError('FORBIDDEN');
}

export const replayHandlers = [
  defineHandler(
    replayCommands.start,
    async ({ tx, actor, onBehalfOf }, input: ReplayInput) => {
      requireReader(actor, input.command);
      // The change is tried now, so a bad body is refused at once (and again when run: the
      // configuration may have moved meanwhile).
      candidateRules((await programme(tx)).rulesByType, input.command, input.id ?? null, input.input);
      const [row] = (await tx
        .insert(replays)
        .values({
          command: input.command,
          targetId: input.id ?? null,
          input: (input.input ?? null) as object,
          from: input.from ?? sql`(now() at time zone 'UTC')::date - ${REPLAY_DEFAULT_DAYS - 1}::int`,
          to: input.to ?? sql`(now() at time zone 'UTC')::date`,
          createdById: onBehalfOf?.userId ?? (actor.userId as number),
        } as typeof replays.$inferInsert)
        .returning()) as [Row];
      await requestJobRun(tx, REPLAY_JOB);
      const replay = toReplay(row);
      return { result: { id: replay.id }, targetType: 'replay', targetId: replay.id, after: replay };
    },
    // Asking what a change would have cost changes nothing anyone checks: never held for approval.
    { approvable: false },
  ),
];

interface Sums {
  earnings: number;
  pointsBefore: number;
  pointsAfter: number;
}
type Acc = Map<string, Sums>;
const add = (acc: Acc, key: string, s: Sums) => {
  const had = acc.get(key) ?? { earnings: 0, pointsBefore: 0, pointsAfter: 0 };
  acc.set(key, {
    earnings: had.earnings + s.earnings,
    pointsBefore: had.pointsBefore + s.pointsBefore,
    pointsAfter: had.pointsAfter + s.pointsAfter,
  });
};
const listed = (acc: Acc, names?: Map<number, { name: string; nameAr: string }>): ReplayBreakdown =>
  [...acc]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([key, s]) => {
      const named = names?.get(Number(key));
      return {
        key,
        name: named?.name ?? null,
        nameAr: named?.nameAr ?? null,
        ...s,
        difference: s.pointsAfter - s.pointsBefore,
      };
    });

/**
 * Runs one replay: its period's earnings, a step of customers at a time, decided with today's and
 * the candidate configuration (replays_earnings: the decision that posts) on the reports reader.
 */
export async function runReplay(db: Db, row: Row, onProgress: (p: number) => Promise<void>) {
  const read = reportsReader(db);
  const prog = await programme(db);
  const today = prog.rulesByType;
  const after = candidateRules(today, row.command as Replay['command'], row.targetId, row.input);
  const business = (await businessRules(db)) ?? null;
  const limit = (await serviceLimit(db, 'earn')) ?? null;
  const before = JSON.stringify({ rules: Object.fromEntries(today), business });
  const candidate = JSON.stringify({ rules: JSON.parse(rulesJson(after)), business });
  const from = `${row.from}T00:00:00Z`;
  const to = new Date(Date.parse(`${row.to}T00:00:00Z`) + 86_400_000).toISOString();
  const [bounds] = rowsOf<{ first: string | null; last: string | null }>(
    await read.execute(sql`select min(customer_id) as first, max(customer_id) as last from ledger_entries
      where kind = 'EARN' and occurred_at >= ${from}::timestamptz and occurred_at < ${to}::timestamptz`),
  );
  const byDay: Acc = new Map();
  const byTier: Acc = new Map();
  const byType: Acc = new Map();
  const byChannel: Acc = new Map();
  const exactness = {
    ledgerPoints: 0,
    mismatchedEntries: 0,
    mismatchedPoints: 0,
    reversedEntries: 0,
    bonusKeptEntries: 0,
    bonusKeptPoints: 0,
  };
  let customersAffected = 0;
  if (bounds?.first != null && bounds.last != null) {
    const first = Number(bounds.first);
    const last = Number(bounds.last);
    const steps = Math.ceil((last - first + 1) / STEP_CUSTOMERS);
    for (let i = 0; i < steps; i += 1) {
      const lo = first + i * STEP_CUSTOMERS;
      const hi = Math.min(last, lo + STEP_CUSTOMERS - 1);
      const rows = rowsOf<{
        grp: string;
        key: string;
        earnings: string;
        before: string;
        after: string;
        ledger: string;
        mismatched: string;
        mismatched_points: string;
        reversed: string;
        bonus_kept: string;
        bonus_kept_points: string;
        affected: string;
      }>(
        await read.execute(sql`
          with r as (
            select * from replays_earnings(${from}::timestamptz, ${to}::timestamptz, ${lo}::bigint, ${hi}::bigint,
              ${before}::jsonb, ${candidate}::jsonb, ${limit === null ? null : JSON.stringify(limit)}::jsonb)
          ), live as (select * from r where not reversed)
          select g.grp, g.key, count(*) filter (where not reversed) as earnings,
              coalesce(sum(before_points) filter (where not reversed), 0) as before,
              coalesce(sum(after_points) filter (where not reversed), 0) as after,
              coalesce(sum(ledger_points) filter (where not reversed), 0) as ledger,
              count(*) filter (where not reversed and before_points <> ledger_points) as mismatched,
              coalesce(sum(before_points - ledger_points) filter (where not reversed), 0) as mismatched_points,
              count(*) filter (where reversed) as reversed,
              count(*) filter (where not reversed and bonus > 0 and before_points <> after_points) as bonus_kept,
              coalesce(sum(bonus) filter (where not reversed and bonus > 0 and before_points <> after_points), 0)
                as bonus_kept_points,
              (select count(*) from (select customer_id from live group by customer_id
                having sum(before_points) <> sum(after_points)) a) as affected
            from r, lateral (values ('day', day::text), ('tier', coalesce(tier_id::text, '')),
              ('type', type_id::text), ('channel', channel), ('all', '')) g (grp, key)
            group by g.grp, g.key`),
      );
      for (const x of rows) {
        const s = {
          earnings: Number(x.earnings),
          pointsBefore: Number(x.before),
          pointsAfter: Number(x.after),
        };
        if (x.grp === 'all') {
          exactness.ledgerPoints += Number(x.ledger);
          exactness.mismatchedEntries += Number(x.mismatched);
          exactness.mismatchedPoints += Number(x.mismatched_points);
          exactness.reversedEntries += Number(x.reversed);
          exactness.bonusKeptEntries += Number(x.bonus_kept);
          exactness.bonusKeptPoints += Number(x.bonus_kept_points);
          customersAffected += Number(x.affected);
        } else if (s.earnings > 0) {
          add({ day: byDay, tier: byTier, type: byType, channel: byChannel }[x.grp] ?? byDay, x.key, s);
        }
      }
      await onProgress(Math.min(99, Math.round(((i + 1) / steps) * 100)));
    }
  }
  const total = [...byType.values()].reduce(
    (a, s) => ({
      earnings: a.earnings + s.earnings,
      pointsBefore: a.pointsBefore + s.pointsBefore,
      pointsAfter: a.pointsAfter + s.pointsAfter,
    }),
    { earnings: 0, pointsBefore: 0, pointsAfter: 0 },
  );
  const difference = total.pointsAfter - total.pointsBefore;
  // The programme's point value, as the reports value the liability (report_settings).
  const [setting] = rowsOf<{ point_value: string | null }>(
    await db.execute(sql`select point_value from report_settings where id = 1`),
  );
  const pointValue = Number(setting?.point_value ?? 0);
  return {
    totals: { ...total, difference, customersAffected },
    byDay: listed(byDay),
    byTier: listed(byTier, prog.tiersById),
    byTransactionType: listed(byType, prog.typesById),
    byChannel: listed(byChannel),
    liabilityChange: {
      points: difference,
      pointValue,
      money: Math.round(difference * pointValue * 100) / 100,
    },
    exactness,
  };
}

/** Claims the oldest queued replay (another instance's claim is skipped) and marks it running. */
async function claim(db: Db): Promise<Row | undefined> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`
      update replays set status = 'RUNNING', started_at = now(), progress = 1
      where id = (select id from replays where status = 'QUEUED' order by id limit 1 for update skip locked)
      returning id`),
  );
  if (!row) return undefined;
  const [replay] = await db
    .select()
    .from(replays)
    .where(eq(replays.id, Number(row.id)));
  return replay;
}

/** Runs every queued replay, its progress written as it goes. */
export async function runQueuedReplays(db: Db): Promise<number> {
  let ran = 0;
  for (let row = await claim(db); row; row = await claim(db)) {
    const id = row.id;
    try {
      const result = await runReplay(db, row, async (progress) => {
        await db.update(replays).set({ progress }).where(eq(replays.id, id));
      });
      await db
        .update(replays)
        .set({ status: 'DONE', progress: 100, result, finishedAt: sql`now()` })
        .where(eq(replays.id, id));
    } catch (err) {
      await db
        .update(replays)
        .set({
          status: 'FAILED',
          error: String((err as { cause?: unknown }).cause ?? err).slice(0, 500),
          finishedAt: sql`now()`,
        })
        .where(eq(replays.id, id));
    }
    ran += 1;
  }
  return ran;
}

export const replayJobs: JobDefinition[] = [
  {
    name: REPLAY_JOB,
    intervalSeconds: 60,
    async run(db) {
      await runQueuedReplays(db);
      return undefined;
    },
  },
];
