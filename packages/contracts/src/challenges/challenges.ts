import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { dbId, INT32_MAX, idInput, idSchema, MAX_AMOUNT, requiredText, text, timestamps } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

/**
 * Challenges (issue 53): goals across a customer's transactions — "five online card purchases
 * this month → 1,000 points". Progress is moved by the earning's own statement
 * (challenges_progress), exactly once per transaction; a reversal takes it back
 * (docs/decisions/challenges.md).
 *
 * Life: DRAFT → (activate, maker-checker by default) ACTIVE ⇄ PAUSED → ENDED (staff, or the
 * period's end). Only ACTIVE challenges in their period move progress.
 */
export const challengeStatuses = ['DRAFT', 'ACTIVE', 'PAUSED', 'ENDED'] as const;
export type ChallengeStatus = (typeof challengeStatuses)[number];
export const challengeStatus = z.enum(challengeStatuses);

/**
 * What progress counts: COUNT — qualifying transactions; AMOUNT — the sum of their amounts;
 * DAYS — distinct days (UTC) with one; TYPES — distinct transaction types (the programme's
 * categories: its transactions carry no merchant).
 */
export const challengeGoalKinds = ['COUNT', 'AMOUNT', 'DAYS', 'TYPES'] as const;
export type ChallengeGoalKind = (typeof challengeGoalKinds)[number];

/** OPT_IN: only customers who joined (integration API) progress; AUTOMATIC: every eligible customer. */
export const challengeEnrolments = ['OPT_IN', 'AUTOMATIC'] as const;
export type ChallengeEnrolment = (typeof challengeEnrolments)[number];

/** ONCE: a customer completes it once; PER_PERIOD: again in each rolling window. */
export const challengeRepeats = ['ONCE', 'PER_PERIOD'] as const;

/** When a qualifying transaction is reversed and progress falls below a paid step: REVERSE the reward or KEEP it. */
export const challengeReversalPolicies = ['REVERSE', 'KEEP'] as const;

/** The amount conditions the points-rule editor knows (a transaction qualifies when it holds). */
export const challengeAmountConditions = ['GT', 'GTE', 'EQ', 'LT', 'LTE'] as const;

const customerSegment = z.enum(['RETAIL', 'BUSINESS']);
const isoInstant = z.iso.datetime({ offset: true, error: 'invalidDate' });
export const MAX_CHALLENGE_STEPS = 5;
export const MAX_CHALLENGE_CUSTOMERS = 10_000;

export const challengeStep = z.object({
  /** Progress needed (transactions, amount, days or types, by the goal kind). */
  target: z.number({ error: 'fillAllFields' }).positive({ error: 'stepTargetPositive' }).max(MAX_AMOUNT),
  /**
   * Points paid when the step is reached; for a voucher step, the voucher's value in points (its
   * `pointsRequired` when the challenge is saved: what the step takes from the budget).
   */
  points: z.number({ error: 'fillAllFields' }).int().min(0).max(INT32_MAX),
  /** A catalogue voucher issued instead of points (no points cost to the customer); null: points. */
  voucherId: dbId.nullable().default(null),
  /** The voucher's names when the challenge was saved (set by the server). */
  voucherName: z.string().optional(),
  voucherNameAr: z.string().optional(),
});
export type ChallengeGoalStep = z.infer<typeof challengeStep>;

export const challengeFields = z
  .object({
    nameEn: requiredText('fillAllFields', 100),
    nameAr: requiredText('fillAllFields', 100),
    descriptionEn: text(1000).default(''),
    descriptionAr: text(1000).default(''),
    startsAt: isoInstant,
    endsAt: isoInstant,
    /** Rolling: each customer has this many days from joining; null: the fixed period for all. */
    rollingDays: z.number().int().min(1).max(366).nullable().default(null),
    /** Audience; every empty list means everyone. */
    tierIds: z.array(dbId).max(50).default([]),
    segments: z.array(customerSegment).max(2).default([]),
    criterionIds: z.array(dbId).max(20).default([]),
    customerNumbers: z.array(text(50).min(1)).max(MAX_CHALLENGE_CUSTOMERS).default([]),
    enrolment: z.enum(challengeEnrolments).default('AUTOMATIC'),
    goalKind: z.enum(challengeGoalKinds),
    /** The qualifying transactions: EARN types (none: all) and an amount condition. */
    transactionTypeIds: z.array(dbId).max(100).default([]),
    amountCondition: z.enum(challengeAmountConditions).nullable().default(null),
    amountValue: z.number().min(0).max(MAX_AMOUNT).nullable().default(null),
    /** Ascending targets; the last is the goal. */
    steps: z.array(challengeStep).min(1, { error: 'stepsRequired' }).max(MAX_CHALLENGE_STEPS),
    budget: z.number({ error: 'fillAllFields' }).int().positive({ error: 'budgetPositive' }).max(INT32_MAX),
    repeat: z.enum(challengeRepeats).default('ONCE'),
    onReversal: z.enum(challengeReversalPolicies).default('REVERSE'),
  })
  .superRefine((c, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    if (Date.parse(c.endsAt) <= Date.parse(c.startsAt)) issue(['endsAt'], 'challengeEndBeforeStart');
    c.steps.forEach((s, i) => {
      const before = c.steps[i - 1];
      if (s.voucherId === null && s.points < 1) issue(['steps', i, 'points'], 'stepPointsPositive');
      if (before && s.target <= before.target) issue(['steps', i, 'target'], 'stepsAscending');
      if (c.goalKind !== 'AMOUNT' && !Number.isInteger(s.target))
        issue(['steps', i, 'target'], 'stepTargetWhole');
    });
    if ((c.amountCondition === null) !== (c.amountValue === null))
      issue(['amountValue'], 'amountConditionBoth');
    if (c.repeat === 'PER_PERIOD' && c.rollingDays === null) issue(['repeat'], 'repeatNeedsRolling');
    const total = c.steps.reduce((sum, s) => sum + s.points, 0);
    if (c.budget < total) issue(['budget'], 'budgetBelowReward');
  });
export type ChallengeInput = z.input<typeof challengeFields>;
export type ChallengeFields = z.output<typeof challengeFields>;
export const challengeUpdateInput = challengeFields.and(idInput);

export const challengeSchema = z.object({
  id: z.number().int(),
  nameEn: z.string(),
  nameAr: z.string(),
  descriptionEn: z.string(),
  descriptionAr: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  rollingDays: z.number().int().nullable(),
  tierIds: z.array(z.number().int()),
  segments: z.array(customerSegment),
  criterionIds: z.array(z.number().int()),
  customerNumbers: z.array(z.string()),
  enrolment: z.enum(challengeEnrolments),
  goalKind: z.enum(challengeGoalKinds),
  transactionTypeIds: z.array(z.number().int()),
  amountCondition: z.enum(challengeAmountConditions).nullable(),
  amountValue: z.number().nullable(),
  steps: z.array(challengeStep),
  budget: z.number().int(),
  spent: z.number().int().describe('Points paid, net of reversed rewards'),
  repeat: z.enum(challengeRepeats),
  onReversal: z.enum(challengeReversalPolicies),
  status: challengeStatus,
  ...timestamps,
});
export type Challenge = z.infer<typeof challengeSchema>;

export const challengeSortFields = ['nameEn', 'startsAt', 'endsAt', 'status', 'spent', 'createdAt'] as const;
export const challengeListQuery = listQuerySchema(challengeSortFields, {
  status: challengeStatus.optional(),
  goalKind: z.enum(challengeGoalKinds).optional(),
});
export type ChallengeListQuery = z.output<typeof challengeListQuery>;
export const challengePage = pageSchema(challengeSchema);

export const challengeCommands = {
  create: command('challenge.create', challengeFields, 'Create a challenge'),
  update: command('challenge.update', challengeUpdateInput, 'Change a challenge that is not active'),
  delete: command('challenge.delete', idInput, 'Delete a draft challenge'),
  activate: command('challenge.activate', idInput, 'Activate a challenge'),
  pause: command('challenge.pause', idInput, 'Pause a challenge'),
  end: command('challenge.end', idInput, 'End a challenge'),
};
export const challengeRead: ReadPermission = {
  code: 'challenge.read',
  summary: 'View challenges, their participants and progress',
};

export const challengeResource = defineResource({
  name: 'challenges',
  area: 'challenges',
  tag: 'Challenges',
  item: challengeSchema,
  page: challengePage,
  query: challengeListQuery,
  sortFields: challengeSortFields,
  read: challengeRead,
  commands: challengeCommands,
  screens: {
    list: { path: 'Challenges', label: 'challenges' },
    create: { path: 'Challenges/New', label: 'createChallenge' },
    edit: { path: 'Challenges/Edit/:id', label: 'editChallenge' },
    view: { path: 'Challenges/:id', label: 'viewChallenge' },
  },
  menu: { group: 'campaignsAnalytics' },
});

export const challengeParticipationStatuses = ['IN_PROGRESS', 'COMPLETED'] as const;

/** One customer's participation (a cycle: a rolling challenge repeated per period has one per window). */
export const challengeParticipationSchema = z.object({
  id: z.number().int().describe('The participation'),
  challengeId: z.number().int(),
  customerId: z.number().int(),
  customerNumber: z.string(),
  fullName: z.string(),
  fullNameAr: z.string().nullable(),
  cycle: z.number().int(),
  joinedAt: z.string(),
  windowEndsAt: z
    .string()
    .nullable()
    .describe('End of the customer’s rolling window; null: the fixed period'),
  progress: z.number().describe('Transactions, amount, days or types counted, by the goal kind'),
  stepsReached: z.number().int(),
  pointsPaid: z.number().int(),
  completedAt: z.string().nullable(),
  status: z.enum(challengeParticipationStatuses).describe('COMPLETED once the last step is reached'),
});
export type ChallengeParticipation = z.infer<typeof challengeParticipationSchema>;

export const challengeParticipationSortFields = [
  'joinedAt',
  'stepsReached',
  'pointsPaid',
  'completedAt',
] as const;
export const challengeParticipationListQuery = listQuerySchema(challengeParticipationSortFields, {
  challengeId: z.coerce.number().int().positive().max(INT32_MAX).optional(),
  status: z.enum(challengeParticipationStatuses).optional(),
});
export type ChallengeParticipationListQuery = z.output<typeof challengeParticipationListQuery>;

/**
 * The participations (a challenge's page lists its own: `challengeId`), searched by the customer's
 * number or name, with their export. Read only: the earnings move them.
 */
export const challengeParticipationResource = defineResource({
  name: 'challenge-participants',
  area: 'challenges',
  tag: 'Challenges',
  item: challengeParticipationSchema,
  page: pageSchema(challengeParticipationSchema),
  query: challengeParticipationListQuery,
  sortFields: challengeParticipationSortFields,
  read: challengeRead,
  commands: {},
});

/** A challenge's page: the funnel by step and the cost (its participants: challengeParticipationResource). */
export const challengeReportSchema = z.object({
  funnel: z.array(
    z.object({
      step: z.number().int().describe('0: joined; n: reached step n'),
      target: z.number(),
      customers: z.number().int(),
    }),
  ),
  cost: z.object({
    participants: z.number().int().describe('Participations (a customer per cycle)'),
    completions: z.number().int().describe('Participations that reached the last step'),
    pointsPaid: z.number().int(),
    pointsReversed: z.number().int(),
    budget: z.number().int(),
    costPerCompletion: z.number().nullable(),
  }),
});
export type ChallengeReport = z.infer<typeof challengeReportSchema>;

/** A customer's challenges with progress (customer info, integration API). */
export const customerChallengeSchema = z.object({
  id: z.number().int(),
  nameEn: z.string(),
  nameAr: z.string(),
  descriptionEn: z.string(),
  descriptionAr: z.string(),
  goalKind: z.enum(challengeGoalKinds),
  enrolment: z.enum(challengeEnrolments),
  startsAt: z.string(),
  endsAt: z.string(),
  steps: z.array(challengeStep),
  joined: z.boolean(),
  windowEndsAt: z.string().nullable(),
  progress: z.number(),
  stepsReached: z.number().int(),
  pointsPaid: z.number().int(),
  completedAt: z.string().nullable(),
  /** Steps reached but not paid, and why: BUDGET, or the voucher's VOUCHER_CODES_EXHAUSTED, VOUCHER_OUT_OF_STOCK, VOUCHER_UNAVAILABLE. */
  unpaidSteps: z.array(z.object({ step: z.number().int(), reason: z.string() })),
  /** The vouchers the steps issued (not cancelled): step and code. */
  vouchers: z.array(z.object({ step: z.number().int(), voucherId: z.number().int(), code: z.string() })),
});
export type CustomerChallenge = z.infer<typeof customerChallengeSchema>;
export const customerChallengesSchema = z.object({ items: z.array(customerChallengeSchema) });

/** The integration API's opt-in (`POST …/customers/{customerNumber}/challenges/{id}/join`). */
export const challengeChannelCommands = {
  join: command(
    'channel.challenge.join',
    z.object({ customerNumber: text(50).min(1), id: idSchema }),
    'Join a challenge for a customer (opt-in)',
  ),
};
export const challengeJoinParams = z.object({ customerNumber: text(50).min(1), id: idSchema });
export const challengeJoinResult = customerChallengeSchema;

/** What a simulated earning would move (points rules' simulate panel). */
export const challengeProgressPreview = z.object({
  challengeId: z.number().int(),
  nameEn: z.string(),
  nameAr: z.string(),
  goalKind: z.enum(challengeGoalKinds),
  qualifies: z.boolean(),
  reason: z
    .enum(['QUALIFIES', 'NOT_JOINED', 'AUDIENCE', 'TYPE', 'AMOUNT', 'PERIOD', 'DONE'])
    .describe('Why the transaction counts or not'),
  progressBefore: z.number(),
  progressAfter: z.number(),
  stepsReached: z.array(z.number().int()).describe('Steps this transaction would reach (1-based)'),
  points: z.number().int().describe('Points those steps would pay'),
});
export type ChallengeProgressPreview = z.infer<typeof challengeProgressPreview>;
