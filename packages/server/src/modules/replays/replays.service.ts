import {
  campaignRead,
  type ExportFormat,
  exportMediaTypes,
  INT32_MAX,
  pointsRuleCommands,
  pointsRuleRead,
  REPLAY_DEFAULT_DAYS,
  type Replay,
  type ReplayBreakdown,
  type ReplayEmailInput,
  type ReplayInput,
  type ReportRow,
  replayCommands,
  tierCommands,
  tierRead,
} from '@loyalty/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { replays } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/access.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { exportFileName, reportsReader } from '../../platform/exports.ts';
import { type JobDefinition, requestJobRun } from '../../platform/jobs.ts';
import { enqueueMails } from '../../platform/mail.ts';
import { candidateCampaign } from '../campaigns/index.ts';
import { businessRules, serviceLimit } from '../configuration/index.ts';
import { type EarningCampaign, type Programme, programme } from '../loyalty/index.ts';
import { bufferOf, reportStream, staffHolding } from '../reports/index.ts';

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
  'tier.update': tierRead.code,
  'campaign.create': campaignRead.code,
  'campaign.update': campaignRead.code,
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

/**
 * How replays run: pruning (earnings a rule candidate cannot change are not decided; `REPLAY_PRUNE=off`
 * decides all), deciding set-based where exact (replays_quick, which prunes too; `REPLAY_QUICK=off`:
 * every earning by the loop) and the steps run at once (`REPLAY_WORKERS`, default 2: the machine's cores).
 */
export const replayTuning = {
  prune: process.env.REPLAY_PRUNE !== 'off',
  quick: process.env.REPLAY_QUICK !== 'off',
  workers: Math.max(1, Number(process.env.REPLAY_WORKERS ?? 2) || 2),
};

/**
 * The points rules' versions a rule candidate adds, changes or removes (old and new): the only
 * rules whose firing can differ (decisions/replay.md, "Pruning"); null when it changes none (a
 * replay of today's configuration decides every earning: it is the honesty check).
 */
export function changedRules(today: Rules, cand: Rules): RuleRow[] | null {
  const byId = (rules: Rules) => new Map([...rules.values()].flat().map((r) => [r.id, r]));
  const key = (r: RuleRow | undefined) => {
    if (!r) return '';
    const { createdAt: _c, updatedAt: _u, ...fields } = r;
    // Keys sorted: a rule parsed from a command's body lists its fields in another order.
    return JSON.stringify(fields, Object.keys(fields).sort());
  };
  const a = byId(today);
  const b = byId(cand);
  const out: RuleRow[] = [];
  for (const id of new Set([...a.keys(), ...b.keys()])) {
    if (key(a.get(id)) === key(b.get(id))) continue;
    for (const r of [a.get(id), b.get(id)]) if (r) out.push(r);
  }
  return out.length ? out : null;
}

/** A tier ladder as the replay takes it: [tier id, min points], highest first. */
type Ladder = [number, number][];
const ladderOf = (tiers: readonly { id: number; minPoints: number }[]): Ladder =>
  [...tiers].sort((a, b) => b.minPoints - a.minPoints || a.id - b.id).map((t) => [t.id, t.minPoints]);

/** The tier ladder with `tier.update` applied in memory, its body parsed by the command's schema. */
export function candidateLadder(prog: Programme, id: number | null, input: unknown): Ladder {
  if (id === null) throw new AppError('VALIDATION_FAILED', undefined, [{ path: 'id', message: 'required' }]);
  if (!prog.tiersById.has(id)) throw new AppError('NOT_FOUND', 'Tier not found');
  const fields = parsed(tierCommands.update.input.safeParse({ ...(input as object), id }));
  return ladderOf(prog.tiers.map((t) => (t.id === id ? { id, minPoints: fields.minPoints } : t)));
}

/** What a command changes, for a replay: the rules, the tier ladder or a campaign. */
interface Candidate {
  rules: Rules;
  ladder?: Ladder;
  campaign?: { terms: EarningCampaign; budget: number; campaignId: number | null };
}

async function candidateOf(
  db: Executor,
  prog: Programme,
  command: Replay['command'],
  id: number | null,
  input: unknown,
): Promise<Candidate> {
  const today = prog.rulesByType;
  if (command === 'tier.update') return { rules: today, ladder: candidateLadder(prog, id, input) };
  if (command === 'campaign.create' || command === 'campaign.update') {
    return { rules: today, campaign: await candidateCampaign(db, command, id, input) };
  }
  return { rules: candidateRules(today, command, id, input) };
}

/**
 * A candidate campaign run over the period: from its first day for as long as the campaign
 * lasts (within the period); its budget is spent afterwards in time order (`spend`).
 */
function shifted(terms: EarningCampaign, from: string, to: string): EarningCampaign {
  const start = Date.parse(from);
  const lasts = Date.parse(terms.endsAt) - Date.parse(terms.startsAt);
  return {
    ...terms,
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(Math.min(Date.parse(to), start + lasts)).toISOString(),
  };
}

/**
 * The rules by type, each type's in evaluation order (loyalty_rule_order: priority, a tier's own
 * rule first, the older first). loyalty_rules_in_order takes rules that come so as they are, and
 * sorts others on every call: a third of a replay's decision time when they came by id. (Were
 * this order wrong, the decision would sort them itself: it stays the judge.)
 */
const rulesByType = (rules: Rules) =>
  Object.fromEntries(
    [...rules].map(([type, list]) => [
      type,
      [...list].sort(
        (a, b) =>
          a.priority - b.priority || Number(a.tierId === null) - Number(b.tierId === null) || a.id - b.id,
      ),
    ]),
  );

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
    byExpiryMonth: result.byExpiryMonth ?? null,
    tierMoves: result.tierMoves ?? null,
    campaign: result.campaign ?? null,
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

/** A replay its reader may see: refused (403) to one who may not read what it replays. */
export async function readableReplay(db: Executor, actor: Pick<Actor, 'permissions'>, id: number) {
  const replay = await getReplay(db, id);
  requireReader(actor, replay.command);
  return replay;
}

/** Staff a replay's figures may be sent to: who may replay, and read what is replayed. */
export const replayRecipients = (db: Executor, command: Replay['command']) =>
  staffHolding(db, [replayCommands.start.name, readPermissionOf[command]]);

/** The columns of a replay's file: one row per figure, its section saying which. */
const FILE_COLUMNS = [
  'section',
  'key',
  'name',
  'nameAr',
  'earnings',
  'pointsBefore',
  'pointsAfter',
  'difference',
  'bonus',
  'budgetSpent',
  'fromTier',
  'toTier',
];

/** A finished replay's figures as CSV or XLSX (the reports' writer: reports/files.ts). */
export async function replayFile(r: Replay, format: ExportFormat) {
  if (r.status !== 'DONE' || !r.totals) throw new AppError('CONFLICT', 'The replay has not finished');
  const rows: ReportRow[] = [
    { section: 'totals', key: `${r.from}..${r.to}`, ...r.totals },
    { section: 'liability', key: 'money', difference: r.liabilityChange?.money ?? null },
  ];
  const sections: [string, ReplayBreakdown | null][] = [
    ['day', r.byDay],
    ['tier', r.byTier],
    ['transactionType', r.byTransactionType],
    ['channel', r.byChannel],
    ['expiryMonth', r.byExpiryMonth],
  ];
  for (const [section, list] of sections) for (const x of list ?? []) rows.push({ section, ...x });
  if (r.campaign) {
    const c = r.campaign;
    rows.push({ section: 'campaign', key: c.runOutDay ?? '', bonus: c.bonusPaid, budgetSpent: c.budget });
    for (const d of c.byDay)
      rows.push({ section: 'campaignDay', key: d.day, bonus: d.bonus, budgetSpent: d.spent });
  }
  if (r.tierMoves) {
    rows.push(
      { section: 'tierMovesUp', earnings: r.tierMoves.up },
      { section: 'tierMovesDown', earnings: r.tierMoves.down },
    );
    for (const m of r.tierMoves.sample) {
      rows.push({
        section: 'tierMove',
        key: m.customerNumber,
        name: m.fullName,
        nameAr: m.fullNameAr,
        pointsBefore: m.qualifyingPoints,
        fromTier: m.from.name,
        toTier: m.to.name,
      });
    }
  }
  async function* once() {
    yield rows;
  }
  const name = `replay-${r.id}`;
  return {
    fileName: exportFileName(`${name}-${r.from}-${r.to}`, format),
    contentType: exportMediaTypes[format],
    content: await bufferOf(reportStream(once(), FILE_COLUMNS, name, format)),
    rows: rows.length,
  };
}

export const replayHandlers = [
  defineHandler(
    replayCommands.start,
    async ({ tx, actor, onBehalfOf }, input: ReplayInput) => {
      requireReader(actor, input.command);
      // The change is tried now, so a bad body is refused at once (and again when run: the
      // configuration may have moved meanwhile).
      await candidateOf(tx, await programme(tx), input.command, input.id ?? null, input.input);
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
  defineHandler(
    replayCommands.email,
    async ({ tx, actor }, input: ReplayEmailInput) => {
      const r = await readableReplay(tx, actor, input.id);
      const allowed = new Map((await replayRecipients(tx, r.command)).map((u) => [u.id, u]));
      const to = input.recipientIds.map((id) => allowed.get(id));
      if (to.some((u) => !u)) {
        throw new AppError(
          'VALIDATION_FAILED',
          'Every recipient needs an e-mail address and the permission to replay and read this change',
          [{ path: 'recipientIds', message: 'replays.email.recipientNotAllowed' }],
        );
      }
      const file = await replayFile(r, input.format ?? 'xlsx');
      await enqueueMails(
        tx,
        to.flatMap((u) =>
          u
            ? [
                {
                  to: u.email,
                  subject: `What would this have cost? ${r.command}, ${r.from} to ${r.to}`,
                  text: [
                    `${u.fullName},`,
                    '',
                    `Attached: the replay of ${r.command} over ${r.from} to ${r.to} (difference ${r.totals?.difference} points).`,
                    `مرفق: إعادة احتساب ${r.command} للفترة من ${r.from} إلى ${r.to} (الفرق ${r.totals?.difference} نقطة).`,
                    '',
                    'Loyalty Admin — {{app}}',
                  ].join('\n'),
                  attachments: [
                    { fileName: file.fileName, contentType: file.contentType, content: file.content },
                  ],
                },
              ]
            : [],
        ),
      );
      return {
        result: { sent: to.length },
        targetType: 'replay',
        targetId: r.id,
        after: { format: input.format, recipientIds: input.recipientIds },
      };
    },
    // Sending figures to colleagues changes nothing anyone checks, as a report's run.
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

/** One group of one day of a step: its sums, and the candidate campaign's bonus in `pointsAfter`. */
interface Part extends Sums {
  grp: string;
  key: string;
  day: string;
  bonus: number;
}

/**
 * A candidate campaign's budget spent in time order, a day at a time: what each day pays (all it
 * would pay while the budget lasts; on the day it runs out, what is left, shared among that day's
 * earnings in proportion), the day it runs out.
 */
export function spend(wantedByDay: Map<string, number>, budget: number) {
  let spent = 0;
  let runOutDay: string | null = null;
  const paid = new Map<string, number>();
  const byDay: { day: string; bonus: number; spent: number }[] = [];
  for (const [day, wanted] of [...wantedByDay].sort(([a], [b]) => a.localeCompare(b))) {
    const bonus = Math.min(wanted, budget - spent);
    spent += bonus;
    paid.set(day, wanted > 0 ? bonus / wanted : 1);
    if (wanted > 0 || bonus > 0) byDay.push({ day, bonus, spent });
    if (runOutDay === null && spent >= budget && wanted > 0) runOutDay = day;
  }
  return { paid, byDay, spent, runOutDay };
}

type TierMoves = NonNullable<Replay['tierMoves']>;

/** Tier moves as a query answers them: counted, and the sample by most points (tier ids). */
interface MovedRows {
  up: number;
  down: number;
  sample: {
    n: string;
    name: string;
    name_ar: string | null;
    q: number;
    from: number | null;
    to: number | null;
  }[];
}

/**
 * The tier moves among `rows` (id, customer_number, full_name, full_name_ar, tier_id; q: their
 * qualifying points today, `qualifyingPoints`; d: what the change adds to them): the customers the
 * candidate ladder puts, with d, in another tier than today's ladder does without, and that tier
 * not theirs; counted up and down (by the candidate's minimums), the ten with most points (with d)
 * as a sample. One query; the ladders as arrays (replays_ladder_steps), read once, not as JSON
 * per customer.
 */
const movesSql = (rows: SQL, today: Ladder, after: Ladder) => sql`
  with a as (select (x ->> 0)::int as id, (x ->> 1)::int as min from jsonb_array_elements(${JSON.stringify(after)}::jsonb) x),
  l as (select t.ids as t_ids, t.mins as t_mins, c.ids as a_ids, c.mins as a_mins
    from replays_ladder_steps(${JSON.stringify(today)}::jsonb) t, replays_ladder_steps(${JSON.stringify(after)}::jsonb) c),
  q as (${rows}),
  m as (select q.*, l.t_ids[width_bucket(q.q, l.t_mins)] as expected, l.a_ids[width_bucket(q.q + q.d, l.a_mins)] as cand
    from q cross join l),
  moved as materialized (select m.*, coalesce(ta.min, -1) as to_min, coalesce(tf.min, -1) as from_min
    from m left join a ta on ta.id = m.cand left join a tf on tf.id = m.tier_id
    where m.cand is distinct from m.expected and m.cand is distinct from m.tier_id)
  select (select count(*) from moved where to_min > from_min)::int as up,
    (select count(*) from moved where to_min <= from_min)::int as down,
    (select coalesce(jsonb_agg(s), '[]') from (select customer_number as n, full_name as name,
      full_name_ar as name_ar, q + d as q, tier_id as from, cand as to from moved
      order by q + d desc, customer_number limit 10) s) as sample`;

/**
 * A customer `c`'s qualifying points today (loyalty_qualifying_points): their lifetime points
 * unless tiers count rolling points (a call per customer reads the settings and the ledger).
 */
const qualifyingPoints = (prog: Programme) =>
  prog.settings.tierBasis === 'ROLLING'
    ? sql`loyalty_qualifying_points(c.id, c.lifetime_points)`
    : sql`c.lifetime_points`;

const SAMPLE = 10;

/** Adds one step's moves to those summed so far (the sample: the ten with most points of all). */
function merge(into: MovedRows, more: MovedRows) {
  into.up += more.up;
  into.down += more.down;
  into.sample = [...into.sample, ...more.sample]
    .sort((a, b) => b.q - a.q || a.n.localeCompare(b.n))
    .slice(0, SAMPLE);
}

/** The moves with their tiers named. */
function named(prog: Programme, row: MovedRows): TierMoves {
  const ref = (id: number | null) => {
    const t = id === null ? undefined : prog.tiersById.get(id);
    return { id, name: t?.name ?? null, nameAr: t?.nameAr ?? null };
  };
  return {
    up: Number(row.up),
    down: Number(row.down),
    sample: row.sample.map((s) => ({
      customerNumber: s.n,
      fullName: s.name,
      fullNameAr: s.name_ar,
      qualifyingPoints: Number(s.q),
      from: ref(s.from),
      to: ref(s.to),
    })),
  };
}

/**
 * A tier candidate's moves: the customers whose qualifying points today the candidate ladder puts
 * in another tier than today's ladder does (movesSql, over every customer not closed).
 */
async function tierMoves(read: Executor, prog: Programme, today: Ladder, after: Ladder): Promise<TierMoves> {
  const [row] = rowsOf<MovedRows>(
    await read.execute(
      movesSql(
        sql`select c.id, c.customer_number, c.full_name, c.full_name_ar, c.tier_id,
          ${qualifyingPoints(prog)} as q, 0 as d from customers c where c.status <> 'CLOSED'`,
        today,
        after,
      ),
    ),
  );
  return named(prog, row ?? { up: 0, down: 0, sample: [] });
}

/**
 * Runs one replay: its period's earnings, a step of customers at a time, decided with today's and
 * the candidate configuration (replays_earnings: the decision that posts) on the reports reader.
 */
export async function runReplay(db: Db, row: Row, onProgress: (p: number) => Promise<void>) {
  const read = reportsReader(db);
  const prog = await programme(db);
  const today = prog.rulesByType;
  const from = `${row.from}T00:00:00Z`;
  const to = new Date(Date.parse(`${row.to}T00:00:00Z`) + 86_400_000).toISOString();
  const cand = await candidateOf(db, prog, row.command as Replay['command'], row.targetId, row.input);
  const business = (await businessRules(db)) ?? null;
  const limit = (await serviceLimit(db, 'earn')) ?? null;
  const ladder = ladderOf(prog.tiers);
  // The tiers are followed along each customer's points under both configurations: a rule or a
  // campaign candidate with today's ladder (more points, an earlier upgrade), a tier one with its own.
  const before = JSON.stringify({ rules: rulesByType(today), business, tiers: ladder });
  const candidate = JSON.stringify({
    rules: rulesByType(cand.rules),
    business,
    tiers: cand.ladder ?? ladder,
    downgrade: prog.settings.downgradePolicy,
    ...(cand.campaign && {
      // The budget is spent afterwards, in time order (`spend`): never short here.
      campaign: { ...shifted(cand.campaign.terms, from, to), budgetLeft: INT32_MAX },
      campaignId: cand.campaign.campaignId,
    }),
  });
  const [bounds] = rowsOf<{ first: string | null; last: string | null }>(
    await read.execute(sql`select min(customer_id) as first, max(customer_id) as last from ledger_entries
      where kind = 'EARN' and occurred_at >= ${from}::timestamptz and occurred_at < ${to}::timestamptz`),
  );
  const parts = new Map<string, Part>();
  const exactness = {
    ledgerPoints: 0,
    mismatchedEntries: 0,
    mismatchedPoints: 0,
    reversedEntries: 0,
    bonusKeptEntries: 0,
    bonusKeptPoints: 0,
    prunedEntries: 0,
  };
  let customersAffected = 0;
  /** A candidate campaign's customers, by the day it first paid them. */
  const reached = new Map<string, number>();
  /** A rule or campaign candidate's tier moves (its points moving customers on today's ladder), summed over the steps. */
  const moved: MovedRows = { up: 0, down: 0, sample: [] };
  const limitJson = limit === null ? null : JSON.stringify(limit);
  const loopOnly = !!cand.campaign || !replayTuning.quick;
  // Pruning, in the set-based pass: the versions a rule candidate adds, changes or removes, by type
  // (replays_quick decides only the customers with an earning one of them may fire for).
  const touch = replayTuning.prune && !loopOnly && !cand.ladder ? changedRules(today, cand.rules) : null;
  const touchedTypes: Rules = new Map();
  for (const v of touch ?? [])
    touchedTypes.set(v.transactionTypeId, [...(touchedTypes.get(v.transactionTypeId) ?? []), v]);
  const changed = touch && JSON.stringify(rulesByType(touchedTypes));
  const step = async (lo: number, hi: number) => {
    const args = sql`${from}::timestamptz, ${to}::timestamptz, ${lo}::bigint, ${hi}::bigint, ${before}::jsonb,
      ${candidate}::jsonb, ${limitJson}::jsonb`;
    // The step's earnings decided: set-based (replays_quick) where that is exact, and the pruned
    // customers' as posted; from a customer's first earning that is not exact, by the loop
    // (replays_earnings), started with the state the set-based rows carried to it. A campaign
    // candidate by the loop alone (its cap runs along the customer).
    // `r` is read where it is written (a union of the two, not a copy of their rows).
    const replayed = loopOnly
      ? sql`r as materialized (select *, true as decided from replays_earnings(${args}))`
      : sql`q as materialized (select * from replays_quick(${args}, ${changed}::jsonb)),
        l as materialized (select *, true as decided from replays_earnings(${args},
            (select jsonb_object_agg(customer_id, resume) from q where resume is not null))
          -- (Not called when no customer resumes.)
          where exists (select from q where resume is not null)),
        r as not materialized (
          select entry_id, customer_id, day, type_id, channel, tier_id, after_tier_id, ledger_points, bonus,
            reversed, before_points, after_points, campaign_bonus, expires, decided from q where exact
          union all
          select * from l
        )`;
    // No JIT (as in replays_earnings): compiling the history's joins cost more than running them.
    const result = await read.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      // The step's sorts (replays_quick's windows) in memory rather than on disk.
      await tx.execute(sql`set local work_mem = '32MB'`);
      return tx.execute(sql`
        with ${replayed},
        -- (The earnings not reversed are read from r where needed, not copied into a CTE of their own.)
        changed as (select customer_id, sum(after_points - before_points) as d from r where decided and not reversed
          group by customer_id having sum(after_points) <> sum(before_points)),
        -- The figures summed once by all the breakdowns' keys, then each breakdown by day from those
        -- sums in one pass (grouping sets: a third of the time of one row per breakdown).
        sums as (
          select day, after_tier_id, type_id, channel, expires,
            count(*) filter (where not reversed) as earnings,
            coalesce(sum(before_points) filter (where not reversed), 0) as before,
            coalesce(sum(after_points) filter (where not reversed), 0) as after,
            coalesce(sum(campaign_bonus) filter (where not reversed), 0) as bonus,
            coalesce(sum(ledger_points) filter (where not reversed), 0) as ledger,
            count(*) filter (where not reversed and before_points <> ledger_points) as mismatched,
            coalesce(sum(before_points - ledger_points) filter (where not reversed), 0) as mismatched_points,
            count(*) filter (where reversed) as reversed,
            count(*) filter (where not reversed and bonus > 0 and before_points <> after_points - campaign_bonus)
              as bonus_kept,
            coalesce(sum(bonus) filter (where not reversed and bonus > 0
              and before_points <> after_points - campaign_bonus), 0) as bonus_kept_points,
            count(*) filter (where not decided) as pruned
          from r group by day, after_tier_id, type_id, channel, expires
        )
        select case when grouping(r.after_tier_id) = 0 then 'tier' when grouping(r.type_id) = 0 then 'type'
              when grouping(r.channel) = 0 then 'channel' when grouping(r.expiry) = 0 then 'expiry' else 'all' end as grp,
            coalesce(r.after_tier_id::text, r.type_id::text, r.channel, r.expiry, '') as key, r.day::text as day,
            sum(earnings) as earnings, sum(before) as before, sum(after) as after, sum(bonus) as bonus,
            sum(ledger) as ledger, sum(mismatched) as mismatched, sum(mismatched_points) as mismatched_points,
            sum(reversed) as reversed, sum(bonus_kept) as bonus_kept, sum(bonus_kept_points) as bonus_kept_points,
            sum(pruned) as pruned, 0 as affected, null::jsonb as moves
          from (select *, to_char(expires, 'YYYY-MM') as expiry from sums) r
          group by grouping sets ((r.day), (r.after_tier_id, r.day), (r.type_id, r.day), (r.channel, r.day),
            (r.expiry, r.day))
        union all
        select 'affected', '', '', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (select count(*) from changed), ${
          cand.ladder
            ? sql`null::jsonb`
            : sql`(select to_jsonb(m) from (${movesSql(
                sql`select c.id, c.customer_number, c.full_name, c.full_name_ar, c.tier_id,
                  ${qualifyingPoints(prog)} as q, changed.d::int as d
                  from changed join customers c on c.id = changed.customer_id where c.status <> 'CLOSED'`,
                ladder,
                ladder,
              )}) m)`
        }
        union all
        select 'reached', f.day::text, f.day::text, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*), null
          from (select customer_id, min(day) as day from r where not reversed and campaign_bonus > 0
            group by customer_id) f
          group by f.day`);
    });
    const rows = rowsOf<{
      grp: string;
      key: string;
      day: string;
      earnings: string;
      before: string;
      after: string;
      bonus: string;
      ledger: string;
      mismatched: string;
      mismatched_points: string;
      reversed: string;
      bonus_kept: string;
      bonus_kept_points: string;
      pruned: string;
      affected: string;
      moves: MovedRows | null;
    }>(result);
    for (const x of rows) {
      if (x.grp === 'affected') {
        customersAffected += Number(x.affected);
        if (x.moves) merge(moved, x.moves);
        continue;
      }
      if (x.grp === 'reached') {
        reached.set(x.day, (reached.get(x.day) ?? 0) + Number(x.affected));
        continue;
      }
      if (x.grp === 'all') {
        exactness.ledgerPoints += Number(x.ledger);
        exactness.mismatchedEntries += Number(x.mismatched);
        exactness.mismatchedPoints += Number(x.mismatched_points);
        exactness.reversedEntries += Number(x.reversed);
        exactness.bonusKeptEntries += Number(x.bonus_kept);
        exactness.bonusKeptPoints += Number(x.bonus_kept_points);
        exactness.prunedEntries += Number(x.pruned);
      }
      const id = `${x.grp}\u0000${x.key}\u0000${x.day}`;
      const had = parts.get(id) ?? {
        grp: x.grp,
        key: x.key,
        day: x.day,
        earnings: 0,
        pointsBefore: 0,
        pointsAfter: 0,
        bonus: 0,
      };
      had.earnings += Number(x.earnings);
      had.pointsBefore += Number(x.before);
      had.pointsAfter += Number(x.after);
      had.bonus += Number(x.bonus);
      parts.set(id, had);
    }
  };
  if (bounds?.first != null && bounds.last != null) {
    const first = Number(bounds.first);
    const last = Number(bounds.last);
    const steps = Math.ceil((last - first + 1) / STEP_CUSTOMERS);
    // The steps share out over `workers` connections (the reads' pool), the customers by id.
    let next = 0;
    let done = 0;
    const worker = async () => {
      for (let i = next++; i < steps; i = next++) {
        const lo = first + i * STEP_CUSTOMERS;
        await step(lo, Math.min(last, lo + STEP_CUSTOMERS - 1));
        done += 1;
        await onProgress(Math.min(99, Math.round((done / steps) * 100)));
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, replayTuning.workers) }, worker));
  }
  // A candidate campaign's budget, spent day by day; what it could not pay is taken back.
  const wanted = new Map<string, number>();
  for (const p of parts.values()) if (p.grp === 'all') wanted.set(p.day, p.bonus);
  const budget = cand.campaign?.budget ?? INT32_MAX;
  const spent = spend(wanted, budget);
  const accs: Record<string, Acc> = {};
  for (const p of parts.values()) {
    const unpaid = p.bonus - Math.round(p.bonus * (spent.paid.get(p.day) ?? 1));
    if (p.earnings === 0) continue;
    accs[p.grp] ??= new Map();
    add(accs[p.grp] as Acc, p.grp === 'all' ? p.day : p.key, {
      earnings: p.earnings,
      pointsBefore: p.pointsBefore,
      pointsAfter: p.pointsAfter - unpaid,
    });
  }
  const byDay = listed(accs.all ?? new Map());
  const total = byDay.reduce(
    (a, s) => ({
      earnings: a.earnings + s.earnings,
      pointsBefore: a.pointsBefore + s.pointsBefore,
      pointsAfter: a.pointsAfter + s.pointsAfter,
    }),
    { earnings: 0, pointsBefore: 0, pointsAfter: 0 },
  );
  const difference = total.pointsAfter - total.pointsBefore;
  let campaign: Replay['campaign'] = null;
  if (cand.campaign) {
    const terms = shifted(cand.campaign.terms, from, to);
    const last = spent.runOutDay ?? '9999-12-31';
    customersAffected = [...reached].reduce((n, [day, count]) => (day <= last ? n + count : n), 0);
    campaign = {
      budget,
      bonusPaid: spent.spent,
      bonusWanted: [...wanted.values()].reduce((a, b) => a + b, 0),
      customersReached: customersAffected,
      runOutDay: spent.runOutDay,
      startsAt: terms.startsAt,
      endsAt: terms.endsAt,
      byDay: spent.byDay,
    };
  }
  // The programme's point value, as the reports value the liability (report_settings).
  const [setting] = rowsOf<{ point_value: string | null }>(
    await db.execute(sql`select point_value from report_settings where id = 1`),
  );
  const pointValue = Number(setting?.point_value ?? 0);
  return {
    totals: { ...total, difference, customersAffected },
    byDay,
    byTier: listed(accs.tier ?? new Map(), prog.tiersById),
    byTransactionType: listed(accs.type ?? new Map(), prog.typesById),
    byChannel: listed(accs.channel ?? new Map()),
    byExpiryMonth: listed(accs.expiry ?? new Map()),
    tierMoves: cand.ladder ? await tierMoves(read, prog, ladder, cand.ladder) : named(prog, moved),
    campaign,
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
