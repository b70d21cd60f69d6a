import { z } from 'zod';
import { type AreaCatalogue, command } from '../commands.ts';
import { dbId } from '../common.ts';
import { boundedDay, checkedDayRange } from '../dates.ts';
import { exportFormats } from '../reports/exports.ts';

/**
 * Replay over history (docs/decisions/replay.md): a candidate change — the command a change would
 * send, with its path id and body — tried on the programme's real earnings of a period, through
 * the same earning decision that posts, against today's configuration.
 */
export const replayableCommands = [
  'pointsRule.create',
  'pointsRule.update',
  'pointsRule.delete',
  'tier.update',
  'campaign.create',
  'campaign.update',
] as const;
export type ReplayableCommand = (typeof replayableCommands)[number];

/** The default period: the last this many days, today included. */
export const REPLAY_DEFAULT_DAYS = 90;

export const replayInput = checkedDayRange(
  z.object({
    command: z.enum(replayableCommands),
    id: dbId.optional().describe('The path id of the change (update, delete)'),
    input: z.unknown().optional().describe('The body the change itself would send'),
    from: boundedDay.optional().describe(`Default: ${REPLAY_DEFAULT_DAYS} days before today`),
    to: boundedDay.optional().describe('Default: today (UTC)'),
  }),
);
export type ReplayInput = z.input<typeof replayInput>;

export const replayStatuses = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;

const figures = {
  pointsBefore: z.number().int(),
  pointsAfter: z.number().int(),
  difference: z.number().int(),
};
const breakdown = z.array(
  z.object({
    key: z.string(),
    /** The tier's or transaction type's names (tiers and types); null otherwise or when gone. */
    name: z.string().nullable(),
    nameAr: z.string().nullable(),
    earnings: z.number().int(),
    ...figures,
  }),
);
export type ReplayBreakdown = z.infer<typeof breakdown>;

const tierRef = z.object({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  nameAr: z.string().nullable(),
});

export const replaySchema = z.object({
  id: z.number().int(),
  command: z.enum(replayableCommands),
  targetId: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  status: z.enum(replayStatuses),
  /** 0–100. */
  progress: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  totals: z
    .object({ ...figures, customersAffected: z.number().int(), earnings: z.number().int() })
    .nullable(),
  byDay: breakdown.nullable().describe('key: the UTC day'),
  byTier: breakdown.nullable().describe('key: the tier id at the time ("" = no tier)'),
  byTransactionType: breakdown.nullable().describe('key: the transaction type id'),
  byChannel: breakdown.nullable().describe('key: the channel ("" = not a channel)'),
  liabilityChange: z
    .object({ points: z.number().int(), pointValue: z.number(), money: z.number() })
    .nullable()
    .describe('The difference in points times the programme’s point value'),
  byExpiryMonth: breakdown
    .nullable()
    .describe('key: the month (YYYY-MM) the period’s points would expire in; the expiry forecast’s change'),
  tierMoves: z
    .object({
      up: z.number().int(),
      down: z.number().int(),
      sample: z.array(
        z.object({
          customerNumber: z.string(),
          fullName: z.string(),
          fullNameAr: z.string().nullable(),
          qualifyingPoints: z.number().int(),
          from: tierRef,
          to: tierRef,
        }),
      ),
    })
    .nullable()
    .describe(
      'The customers whose tier today the change would move (a tier change: its thresholds; a rule or campaign: the points it adds or takes), counted, with a sample',
    ),
  campaign: z
    .object({
      budget: z.number().int(),
      bonusPaid: z.number().int().describe('Within the budget'),
      bonusWanted: z.number().int().describe('What the campaign would have paid with no budget'),
      customersReached: z.number().int(),
      runOutDay: z.string().nullable().describe('The UTC day the budget would have run out; null: it lasts'),
      startsAt: z.string(),
      endsAt: z.string(),
      byDay: z.array(z.object({ day: z.string(), bonus: z.number().int(), spent: z.number().int() })),
    })
    .nullable()
    .describe('A campaign: run from the first day of the period for as long as it lasts'),
  exactness: z
    .object({
      ledgerPoints: z.number().int().describe('What the period’s earnings posted'),
      mismatchedEntries: z
        .number()
        .int()
        .describe('Earnings today’s configuration does not decide as they were posted'),
      mismatchedPoints: z.number().int().describe('Today’s replay less the ledger, on those earnings'),
      reversedEntries: z.number().int().describe('Reversed earnings: nothing either way'),
      bonusKeptEntries: z
        .number()
        .int()
        .describe('Earnings whose base changes and whose campaign bonus is kept as posted'),
      bonusKeptPoints: z.number().int(),
      prunedEntries: z
        .number()
        .int()
        .optional()
        .describe(
          'Earnings the candidate cannot change: not decided, their posted points taken before and after',
        ),
    })
    .nullable(),
});
export type Replay = z.infer<typeof replaySchema>;

/** A finished replay's figures as a file: `GET /replays/{id}/export?format=`. */
export const replayExportQuery = z.object({ format: z.enum(exportFormats).default('csv') });

/** A finished replay's figures e-mailed as a file, like a scheduled report. */
export const replayEmailInput = z.object({
  id: dbId,
  format: z.enum(exportFormats).default('xlsx'),
  recipientIds: z.array(dbId).min(1, { error: 'fillAllFields' }).max(50),
});
export type ReplayEmailInput = z.input<typeof replayEmailInput>;

/** Who may be sent a replay's figures: staff with an e-mail who may replay and read what is replayed. */
export const replayRecipientSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  fullNameAr: z.string(),
  email: z.string(),
});

export const replayCommands = {
  start: command(
    'replay.start',
    replayInput,
    'Replay a change over the programme’s history: what it would have cost',
  ),
  email: command('replay.email', replayEmailInput, 'E-mail a replay’s figures as CSV or XLSX'),
};

export const replaysCatalogue: AreaCatalogue = { commands: Object.values(replayCommands), reads: [] };
