import {
  type Challenge,
  type ChallengeFields,
  type ChallengeListQuery,
  type ChallengeParticipation,
  type ChallengeParticipationListQuery,
  type ChallengeProgressPreview,
  type ChallengeReport,
  type CustomerChallenge,
  challengeChannelCommands,
  challengeCommands,
  type challengeParticipationResource,
  type challengeResource,
  channelCommands,
} from '@loyalty/contracts';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, rowsOf, type Tx } from '../../db/client.ts';
import {
  challengeParticipants,
  challenges,
  eligibilityCriteria,
  tiers,
  transactionTypes,
  vouchers,
} from '../../db/schema/index.ts';
import type { Actor } from '../../platform/access.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail, lockOrFail } from '../../platform/records.ts';
import { findCustomerByNumber } from '../customers/index.ts';

type Row = typeof challenges.$inferSelect;

const listSpec: ResourceListSpec<typeof challenges, typeof challengeResource> = {
  table: challenges,
  sortable: {
    nameEn: challenges.nameEn,
    startsAt: challenges.startsAt,
    endsAt: challenges.endsAt,
    status: challenges.status,
    spent: challenges.spent,
    createdAt: challenges.createdAt,
  },
  defaultSort: { field: 'startsAt', direction: 'desc' },
  tieBreaker: challenges.id,
  search: [challenges.nameEn, challenges.nameAr, challenges.descriptionEn, challenges.descriptionAr],
  filters: {
    status: (v: Row['status']) => eq(challenges.status, v),
    goalKind: (v: Row['goalKind']) => eq(challenges.goalKind, v),
  },
};

/** Steps saved before voucher rewards (or by the demo seed) have no `voucherId`: points. */
const stepsOf = (steps: Row['steps']): Challenge['steps'] =>
  steps.map((s) => ({ ...s, voucherId: s.voucherId ?? null }));

/** The challenge as the API answers it (when its terms last changed is the engine's alone). */
export const toChallenge = ({ termsChangedAt: _, ...row }: Row): Challenge =>
  ({ ...isoDates(row), steps: stepsOf(row.steps) }) as Challenge;

export const listChallenges = (db: Executor, query: ChallengeListQuery) =>
  listPage(db, listSpec, query, toChallenge);

export const getChallenge = async (db: Executor, id: number) =>
  toChallenge(await findOrFail(db, challenges, challenges.id, id, 'Challenge'));

const invalid = (path: string, message: string, detail: string) =>
  new AppError('VALIDATION_FAILED', detail, [{ path, message }]);

/** Refuses ids that `table` does not hold (under `where` when given). */
async function known(
  db: Executor,
  table: PgTable,
  id: PgColumn,
  ids: number[],
  path: string,
  message: string,
  where?: ReturnType<typeof eq>,
) {
  if (!ids.length) return;
  const found = await db
    .select({ id })
    .from(table)
    .where(and(inArray(id, ids), where));
  if (found.length !== ids.length) throw invalid(path, message, `Unknown ${path}`);
}

async function toValues(db: Executor, input: ChallengeFields) {
  const typeIds = [...new Set(input.transactionTypeIds)];
  const tierIds = [...new Set(input.tierIds)];
  const criterionIds = [...new Set(input.criterionIds)];
  await known(
    db,
    transactionTypes,
    transactionTypes.id,
    typeIds,
    'transactionTypeIds',
    'unknownTransactionType',
    eq(transactionTypes.type, 'EARN'),
  );
  await known(db, tiers, tiers.id, tierIds, 'tierIds', 'unknownTier');
  await known(
    db,
    eligibilityCriteria,
    eligibilityCriteria.id,
    criterionIds,
    'criterionIds',
    'unknownCriterion',
  );
  const steps = await voucherSteps(db, input.steps);
  const total = steps.reduce((sum, s) => sum + s.points, 0);
  if (input.budget < total)
    throw invalid('budget', 'budgetBelowReward', `The steps' rewards are worth ${total} points`);
  return {
    ...input,
    steps,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    tierIds,
    segments: [...new Set(input.segments)],
    criterionIds,
    customerNumbers: [...new Set(input.customerNumbers.map((n) => n.trim()).filter(Boolean))],
    transactionTypeIds: typeIds,
  };
}

/**
 * A voucher step takes the catalogue voucher's value in points (what it counts against the
 * budget) and names as the challenge is saved; the voucher must be ACTIVE.
 */
async function voucherSteps(db: Executor, steps: ChallengeFields['steps']) {
  const ids = [...new Set(steps.flatMap((s) => (s.voucherId === null ? [] : [s.voucherId])))];
  const found = ids.length
    ? await db
        .select({
          id: vouchers.id,
          name: vouchers.name,
          nameAr: vouchers.nameAr,
          points: vouchers.pointsRequired,
        })
        .from(vouchers)
        .where(and(inArray(vouchers.id, ids), eq(vouchers.status, 'ACTIVE')))
    : [];
  return steps.map((s, i) => {
    if (s.voucherId === null) return { target: s.target, points: s.points, voucherId: null };
    const v = found.find((f) => f.id === s.voucherId);
    if (!v) throw invalid(`steps.${i}.voucherId`, 'unknownVoucher', 'Unknown or inactive voucher');
    return {
      target: s.target,
      points: v.points,
      voucherId: v.id,
      voucherName: v.name,
      voucherNameAr: v.nameAr,
    };
  });
}

const lockChallenge = (tx: Tx, id: number) => lockOrFail(tx, challenges, challenges.id, id, 'Challenge');

async function setStatus(tx: Tx, id: number, status: Row['status']) {
  const [row] = (await tx
    .update(challenges)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(challenges.id, id))
    .returning()) as [Row];
  return toChallenge(row);
}

const target = { targetType: 'challenge' } as const;
const statusError = (detail: string) => new AppError('CHALLENGE_STATUS', detail);

/** A channel command is granted by the key's scope that grants the command named here. */
const scopeOf = (command: string) => ({
  approvable: false,
  audited: false,
  authorize: async (actor: Actor) => actor.apiKey !== undefined && actor.permissions.has(command),
});

export const challengeHandlers = [
  defineHandler(
    challengeCommands.create,
    async ({ tx }, input) => {
      const [row] = (await tx
        .insert(challenges)
        .values(await toValues(tx, input))
        .returning()) as [Row];
      const after = toChallenge(row);
      return { result: after, ...target, targetId: row.id, after };
    },
    { recordKey: (input) => input.nameEn.toLowerCase(), approvalByDefault: true },
  ),
  defineHandler(challengeCommands.update, async ({ tx }, { id, ...input }) => {
    const current = await lockChallenge(tx, id);
    if (current.status === 'ACTIVE')
      throw statusError('An active challenge’s terms cannot be changed: pause it first');
    if (current.status === 'ENDED') throw statusError('An ended challenge cannot be changed');
    if (input.budget < current.spent) {
      throw invalid('budget', 'budgetBelowSpent', `The challenge has already paid ${current.spent} points`);
    }
    const before = toChallenge(current);
    const [row] = (await tx
      .update(challenges)
      .set({ ...(await toValues(tx, input)), updatedAt: sql`now()`, termsChangedAt: sql`now()` })
      .where(eq(challenges.id, id))
      .returning()) as [Row];
    const after = toChallenge(row);
    return { result: after, ...target, targetId: id, before, after };
  }),
  defineHandler(challengeCommands.delete, async ({ tx }, { id }) => {
    const current = await lockChallenge(tx, id);
    if (current.status !== 'DRAFT' || current.spent > 0) {
      throw statusError('Only a draft challenge can be deleted: end it instead');
    }
    await tx.delete(challenges).where(eq(challenges.id, id));
    return { result: undefined, ...target, targetId: id, before: toChallenge(current) };
  }),
  defineHandler(
    challengeCommands.activate,
    async ({ tx }, { id }) => {
      const current = await lockChallenge(tx, id);
      if (current.status === 'ACTIVE' || current.status === 'ENDED') {
        throw statusError('Only a draft or paused challenge can be activated');
      }
      if (current.endsAt.getTime() <= Date.now()) {
        throw statusError('The challenge’s period is over: change its end first');
      }
      const after = await setStatus(tx, id, 'ACTIVE');
      return { result: after, ...target, targetId: id, before: toChallenge(current), after };
    },
    { approvalByDefault: true },
  ),
  defineHandler(challengeCommands.pause, async ({ tx }, { id }) => {
    const current = await lockChallenge(tx, id);
    if (current.status !== 'ACTIVE') throw statusError('Only an active challenge can be paused');
    const after = await setStatus(tx, id, 'PAUSED');
    return { result: after, ...target, targetId: id, before: toChallenge(current), after };
  }),
  defineHandler(challengeCommands.end, async ({ tx }, { id }) => {
    const current = await lockChallenge(tx, id);
    if (current.status === 'ENDED') throw statusError('The challenge has already ended');
    const after = await setStatus(tx, id, 'ENDED');
    return { result: after, ...target, targetId: id, before: toChallenge(current), after };
  }),
  defineHandler(
    challengeChannelCommands.join,
    async ({ tx }, { customerNumber, id }) => {
      const customer = await findCustomerByNumber(tx, customerNumber);
      const result = await joinChallenge(tx, customer.id, id);
      return { result, ...target, targetId: id };
    },
    scopeOf(channelCommands.upsertCustomer.name),
  ),
];

/**
 * Opts a customer into a challenge: under the customer's lock (as their earnings take it), an
 * ACTIVE challenge in its period whose audience holds them. Joining again answers the current
 * participation; a finished one starts the next cycle only for a rolling challenge repeated per period.
 */
export async function joinChallenge(tx: Tx, customerId: number, id: number): Promise<CustomerChallenge> {
  await tx.execute(sql`select 1 from customers where id = ${customerId} for update`);
  const [row] = rowsOf<{ open: boolean; audience: boolean; cycle: number | null; done: boolean }>(
    await tx.execute(sql`
      select k.status = 'ACTIVE' and now() >= k.starts_at and now() < k.ends_at as open,
        challenges_audience(c, k) as audience, p.cycle,
        coalesce(p.completed_at is not null or p.window_ends_at <= now(), false) as done
      from challenges k cross join customers c
        left join lateral (select * from challenge_participants cp where cp.challenge_id = k.id
          and cp.customer_id = c.id order by cp.cycle desc limit 1) p on true
      where k.id = ${id} and c.id = ${customerId}`),
  );
  if (!row) throw new AppError('NOT_FOUND', 'Challenge not found');
  const challenge = (await findOrFail(tx, challenges, challenges.id, id, 'Challenge')) as Row;
  if (!row.open || !row.audience) throw new AppError('CHALLENGE_NOT_AVAILABLE');
  if (row.cycle === null || row.done) {
    if (row.cycle !== null && (challenge.repeat !== 'PER_PERIOD' || challenge.rollingDays === null)) {
      throw new AppError('CHALLENGE_NOT_AVAILABLE', 'The customer has already completed this challenge');
    }
    const [joined] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into challenge_participants (challenge_id, customer_id, cycle, window_ends_at)
        values (${id}, ${customerId}, ${(row.cycle ?? 0) + 1},
          case when ${challenge.rollingDays}::integer is not null
            then now() + make_interval(days => ${challenge.rollingDays}::integer) end)
        returning id`),
    );
    // The customer's running progress holds it (what their earnings read instead of the participations).
    await tx.execute(sql`select challenges_cache_put(${joined?.id}::bigint)`);
  }
  const [mine] = (await customerChallenges(tx, customerId)).filter((c) => c.id === id);
  if (!mine) throw new AppError('CHALLENGE_NOT_AVAILABLE');
  return mine;
}

interface CustomerChallengeRow {
  id: number;
  name_en: string;
  name_ar: string;
  description_en: string;
  description_ar: string;
  goal_kind: CustomerChallenge['goalKind'];
  enrolment: CustomerChallenge['enrolment'];
  starts_at: Date | string;
  ends_at: Date | string;
  steps: CustomerChallenge['steps'];
  joined: boolean;
  window_ends_at: Date | string | null;
  progress: string | number | null;
  steps_reached: number | null;
  points_paid: number | null;
  completed_at: Date | string | null;
  unpaid: CustomerChallenge['unpaidSteps'];
  vouchers: CustomerChallenge['vouchers'];
}

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * A customer's challenges: those they take part in (the latest cycle), and the ACTIVE ones in
 * their period whose audience holds them (not joined yet: progress 0).
 */
export async function customerChallenges(db: Executor, customerId: number): Promise<CustomerChallenge[]> {
  const rows = rowsOf<CustomerChallengeRow>(
    await db.execute(sql`
      select k.id, k.name_en, k.name_ar, k.description_en, k.description_ar, k.goal_kind, k.enrolment,
        k.starts_at, k.ends_at, k.steps, p.id is not null as joined, p.window_ends_at,
        challenges_progress_of(c.id, p.id, k.goal_kind) as progress, p.steps_reached,
        (select coalesce(jsonb_agg(jsonb_build_object('step', po.step, 'reason', po.reason) order by po.step), '[]')
          from challenge_payouts po where po.participant_id = p.id and po.reason is not null) as unpaid,
        (select coalesce(jsonb_agg(jsonb_build_object('step', po.step, 'voucherId', r.voucher_id, 'code', r.code)
            order by po.step), '[]')
          from challenge_payouts po join redemptions r on r.id = po.redemption_id
          where po.participant_id = p.id and po.reversed_at is null and r.status = 'ISSUED') as vouchers, p.points_paid, p.completed_at
      from challenges k cross join customers c
        left join lateral (select * from challenge_participants cp where cp.challenge_id = k.id
          and cp.customer_id = c.id order by cp.cycle desc limit 1) p on true
      where c.id = ${customerId} and k.status <> 'DRAFT' and (p.id is not null
        or (k.status = 'ACTIVE' and now() < k.ends_at and challenges_audience(c, k)))
      order by k.ends_at desc, k.id`),
  );
  return rows.map((r) => ({
    id: r.id,
    nameEn: r.name_en,
    nameAr: r.name_ar,
    descriptionEn: r.description_en,
    descriptionAr: r.description_ar,
    goalKind: r.goal_kind,
    enrolment: r.enrolment,
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    steps: stepsOf(r.steps),
    joined: r.joined,
    windowEndsAt: r.window_ends_at === null ? null : iso(r.window_ends_at),
    progress: Number(r.progress ?? 0),
    stepsReached: r.steps_reached ?? 0,
    pointsPaid: r.points_paid ?? 0,
    completedAt: r.completed_at === null ? null : iso(r.completed_at),
    unpaidSteps: r.unpaid,
    vouchers: r.vouchers,
  }));
}

const participationSpec: ResourceListSpec<
  typeof challengeParticipants,
  typeof challengeParticipationResource
> = {
  table: challengeParticipants,
  sortable: {
    joinedAt: challengeParticipants.joinedAt,
    stepsReached: challengeParticipants.stepsReached,
    pointsPaid: challengeParticipants.pointsPaid,
    completedAt: challengeParticipants.completedAt,
  },
  defaultSort: { field: 'joinedAt', direction: 'desc' },
  tieBreaker: challengeParticipants.id,
  // The customer's number or name (either script).
  search: [
    sql`(select c.customer_number || ' ' || c.full_name || ' ' || coalesce(c.full_name_ar, '')
      from customers c where c.id = ${challengeParticipants.customerId})`,
  ],
  filters: {
    challengeId: (v: number) => eq(challengeParticipants.challengeId, v),
    status: (v: 'IN_PROGRESS' | 'COMPLETED') =>
      v === 'COMPLETED'
        ? isNotNull(challengeParticipants.completedAt)
        : isNull(challengeParticipants.completedAt),
  },
};

/**
 * The participations, a page at a time (a challenge's page, its export): each with the customer's
 * number and names and its progress from the live earnings (challenges_progress_of, as customer
 * info reads it), in one query for the page.
 */
export async function listChallengeParticipations(db: Executor, query: ChallengeParticipationListQuery) {
  const page = await listPage(db, participationSpec, query, (row) => row);
  if (!page.items.length) return { ...page, items: [] };
  const rows = rowsOf<{
    id: number;
    customer_number: string;
    full_name: string;
    full_name_ar: string | null;
    progress: string | number;
  }>(
    await db.execute(sql`
      select cp.id, c.customer_number, c.full_name, c.full_name_ar,
        challenges_progress_of(cp.customer_id, cp.id, k.goal_kind) as progress
      from challenge_participants cp join customers c on c.id = cp.customer_id
        join challenges k on k.id = cp.challenge_id
      where cp.id in (${sql.join(
        page.items.map((p) => sql`${p.id}`),
        sql`, `,
      )})`),
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return {
    ...page,
    items: page.items.map((p): ChallengeParticipation => {
      const r = byId.get(p.id);
      return {
        id: p.id,
        challengeId: p.challengeId,
        customerId: p.customerId,
        customerNumber: r?.customer_number ?? '',
        fullName: r?.full_name ?? '',
        fullNameAr: r?.full_name_ar ?? null,
        cycle: p.cycle,
        joinedAt: p.joinedAt.toISOString(),
        windowEndsAt: p.windowEndsAt?.toISOString() ?? null,
        progress: Number(r?.progress ?? 0),
        stepsReached: p.stepsReached,
        pointsPaid: p.pointsPaid,
        completedAt: p.completedAt?.toISOString() ?? null,
        status: p.completedAt ? 'COMPLETED' : 'IN_PROGRESS',
      };
    }),
  };
}

/** A challenge's page: the funnel by step and the cost (its participants: listChallengeParticipations). */
export async function challengeReport(db: Executor, id: number): Promise<ChallengeReport> {
  const challenge = (await findOrFail(db, challenges, challenges.id, id, 'Challenge')) as Row;
  const [totals] = rowsOf<{
    participants: number;
    completions: number;
    reached: number[] | null;
    reversed: number;
  }>(
    await db.execute(sql`
      select (select count(*)::int from challenge_participants where challenge_id = ${id}) as participants,
        (select count(*)::int from challenge_participants where challenge_id = ${id} and completed_at is not null) as completions,
        (select array_agg(n order by s) from (select s, (select count(*)::int from challenge_participants
          where challenge_id = ${id} and steps_reached >= s) as n
          from generate_series(1, ${challenge.steps.length}::int) s) f) as reached,
        (select coalesce(sum(points), 0)::int from challenge_payouts
          where challenge_id = ${id} and reversed_at is not null) as reversed`),
  );
  const count = totals?.participants ?? 0;
  const completions = totals?.completions ?? 0;
  return {
    funnel: [
      { step: 0, target: 0, customers: count },
      ...challenge.steps.map((s, i) => ({
        step: i + 1,
        target: s.target,
        customers: totals?.reached?.[i] ?? 0,
      })),
    ],
    cost: {
      participants: count,
      completions,
      pointsPaid: challenge.spent,
      pointsReversed: totals?.reversed ?? 0,
      budget: challenge.budget,
      costPerCompletion: completions ? Math.round((challenge.spent / completions) * 100) / 100 : null,
    },
  };
}

/**
 * What one transaction would move (the points rules' simulate panel): per ACTIVE challenge, whether
 * it counts for the customer and why, the progress before and after, the steps it would reach and
 * their points. The same conditions as challenges_progress; nothing written.
 */
export async function previewChallenges(
  db: Executor,
  input: { customerNumber: string; transactionTypeId: number; amount: number; occurredAt?: string },
): Promise<ChallengeProgressPreview[]> {
  const customer = await findCustomerByNumber(db, input.customerNumber);
  const at = input.occurredAt ?? new Date().toISOString();
  const rows = rowsOf<{
    id: number;
    name_en: string;
    name_ar: string;
    goal_kind: ChallengeProgressPreview['goalKind'];
    steps: { target: number; points: number }[];
    reason: ChallengeProgressPreview['reason'];
    before: string | number;
    after: string | number;
    reached: number;
  }>(
    await db.execute(sql`
      with k as (
        select k.*, k as ch, c as cust, p.id as part, p.steps_reached as reached_before, p.completed_at,
          p.window_ends_at, challenges_progress_of(c.id, p.id, k.goal_kind) as progress,
          exists (select 1 from challenge_earnings ev where ev.customer_id = c.id and p.id = any (ev.participant_ids)
            and not ev.reversed and ev.day = (${at}::timestamptz at time zone 'UTC')::date) as day_counted,
          exists (select 1 from challenge_earnings ev where ev.customer_id = c.id and p.id = any (ev.participant_ids)
            and not ev.reversed and ev.transaction_type_id = ${input.transactionTypeId}::int) as type_counted,
          ${at}::timestamptz as at
        from challenges k cross join customers c
          left join lateral (select * from challenge_participants cp where cp.challenge_id = k.id
            and cp.customer_id = c.id order by cp.cycle desc limit 1) p on true
        where k.status = 'ACTIVE' and c.id = ${customer.id}
      ), judged as (
        select k.*, case
          when k.at < k.starts_at or k.at >= k.ends_at then 'PERIOD'
          when cardinality(k.transaction_type_ids) > 0 and not ${input.transactionTypeId}::int = any (k.transaction_type_ids) then 'TYPE'
          when k.amount_condition is not null and not case k.amount_condition
            when 'GT' then ${input.amount}::numeric > k.amount_value when 'GTE' then ${input.amount}::numeric >= k.amount_value
            when 'EQ' then ${input.amount}::numeric = k.amount_value when 'LT' then ${input.amount}::numeric < k.amount_value
            else ${input.amount}::numeric <= k.amount_value end then 'AMOUNT'
          when k.part is not null and k.completed_at is not null and (k.window_ends_at is null or k.at < k.window_ends_at) then 'DONE'
          when (k.part is null or k.window_ends_at <= k.at) and k.enrolment = 'OPT_IN' then 'NOT_JOINED'
          when (k.part is null or k.window_ends_at <= k.at) and not challenges_audience(k.cust, k.ch) then 'AUDIENCE'
          else 'QUALIFIES' end as reason,
          case when k.part is null or k.window_ends_at <= k.at then 0 else k.progress end as before
        from k
      ), moved as (
        select j.*, case when j.reason <> 'QUALIFIES' then j.before
          when j.goal_kind = 'COUNT' then j.before + 1
          when j.goal_kind = 'AMOUNT' then j.before + ${input.amount}::numeric
          when j.part is null or j.window_ends_at <= j.at then 1
          when j.goal_kind = 'DAYS' then j.before + case when j.day_counted then 0 else 1 end
          else j.before + case when j.type_counted then 0 else 1 end
          end as after
        from judged j
      )
      select m.id, m.name_en, m.name_ar, m.goal_kind, m.steps, m.reason, m.before, m.after,
        coalesce(m.reached_before, 0) as reached
      from moved m order by m.id`),
  );
  return rows.map((r) => {
    const before = Number(r.before);
    const after = Number(r.after);
    const newly = r.steps
      .map((s, i) => ({ ...s, step: i + 1 }))
      .filter(
        (s) => s.target <= after && s.target > before && s.step > (r.reason === 'QUALIFIES' ? 0 : Infinity),
      );
    return {
      challengeId: r.id,
      nameEn: r.name_en,
      nameAr: r.name_ar,
      goalKind: r.goal_kind,
      qualifies: r.reason === 'QUALIFIES',
      reason: r.reason,
      progressBefore: before,
      progressAfter: after,
      stepsReached: newly.map((s) => s.step),
      points: newly.reduce((sum, s) => sum + s.points, 0),
    };
  });
}
