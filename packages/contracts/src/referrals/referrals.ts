import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { INT32_MAX, idInput, requiredText, timestamps } from '../common.ts';
import { customerNumberSchema } from '../customers/customers.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

/**
 * Referrals (issue 53, "Referrals"; decisions/referrals.md): a programme rewards a customer who
 * refers a friend, and the friend, once the friend qualifies — their first earning, or N earnings
 * within D days of enrolling. Staff API `/api/admin/referral-programmes` and `/api/admin/referrals`;
 * integration API: a customer's referral code, and the code given at enrolment (customer upsert).
 */
export const referralQualifyings = ['FIRST_EARNING', 'TRANSACTIONS'] as const;
export type ReferralQualifying = (typeof referralQualifyings)[number];

const day = z.iso.date({ error: 'invalidDate' });
const rewardPoints = z.number({ error: 'fillAllFields' }).int().min(0).max(1_000_000);

export const referralProgrammeFields = z
  .object({
    nameEn: requiredText('fillAllFields', 100),
    nameAr: requiredText('fillAllFields', 100),
    referrerPoints: rewardPoints.describe('Points for the customer who referred'),
    referredPoints: rewardPoints.describe('Points for the referred customer'),
    qualifying: z.enum(referralQualifyings).default('FIRST_EARNING'),
    /** TRANSACTIONS: the referred customer's earnings needed … */
    transactionCount: z.number().int().min(1).max(100).default(1),
    /** … within this many days of their enrolment. */
    withinDays: z.number().int().min(1).max(365).default(30),
    monthlyLimit: z
      .number({ error: 'fillAllFields' })
      .int()
      .min(1)
      .max(INT32_MAX)
      .describe('Referrals a referrer may make per calendar month (UTC)'),
    /** The period (UTC days, both included) in which enrolments join the programme. */
    startsOn: day,
    endsOn: day,
  })
  .superRefine((p, ctx) => {
    if (p.endsOn < p.startsOn)
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'referrals.endBeforeStart' });
    if (p.referrerPoints + p.referredPoints === 0)
      ctx.addIssue({ code: 'custom', path: ['referrerPoints'], message: 'referrals.noReward' });
  });
export type ReferralProgrammeInput = z.input<typeof referralProgrammeFields>;
export type ReferralProgrammeFields = z.output<typeof referralProgrammeFields>;
export const referralProgrammeUpdateInput = referralProgrammeFields.and(idInput);

export const referralProgrammeSchema = z.object({
  id: z.number().int(),
  nameEn: z.string(),
  nameAr: z.string(),
  referrerPoints: z.number().int(),
  referredPoints: z.number().int(),
  qualifying: z.enum(referralQualifyings),
  transactionCount: z.number().int(),
  withinDays: z.number().int(),
  monthlyLimit: z.number().int(),
  startsOn: z.string(),
  endsOn: z.string(),
  referrals: z.number().int().describe('Referrals recorded under the programme'),
  ...timestamps,
});
export type ReferralProgramme = z.infer<typeof referralProgrammeSchema>;

export const referralProgrammeSortFields = ['nameEn', 'startsOn', 'endsOn', 'createdAt'] as const;
export const referralProgrammeListQuery = listQuerySchema(referralProgrammeSortFields, {});
export type ReferralProgrammeListQuery = z.output<typeof referralProgrammeListQuery>;
export const referralProgrammePage = pageSchema(referralProgrammeSchema);

export const referralProgrammeCommands = {
  create: command('referralProgramme.create', referralProgrammeFields, 'Create a referral programme'),
  update: command('referralProgramme.update', referralProgrammeUpdateInput, 'Change a referral programme'),
  delete: command('referralProgramme.delete', idInput, 'Delete a referral programme that has no referrals'),
};
export const referralRead: ReadPermission = {
  code: 'referral.read',
  summary: 'View referral programmes, referrals and their cost',
};

export const referralProgrammeResource = defineResource({
  name: 'referral-programmes',
  area: 'referrals',
  tag: 'Referrals',
  item: referralProgrammeSchema,
  page: referralProgrammePage,
  query: referralProgrammeListQuery,
  sortFields: referralProgrammeSortFields,
  read: referralRead,
  commands: referralProgrammeCommands,
  screens: {
    list: { path: 'referral-programmes', label: 'referralProgrammes' },
    create: { path: 'referral-programmes/new', label: 'createReferralProgramme' },
    edit: { path: 'referral-programmes/:id', label: 'editReferralProgramme' },
  },
  menu: { group: 'campaignsAnalytics' },
});

/**
 * A referral's life: PENDING until the referred customer qualifies; REWARDED when both rewards are
 * paid (in the qualifying earning's transaction); QUALIFIED when the referrer could not be paid
 * (blocked or closed then); REFUSED at enrolment by a guard (`reason`); CLAWED_BACK when a
 * qualifying earning was reversed after the rewards.
 */
export const referralStatuses = ['PENDING', 'QUALIFIED', 'REWARDED', 'REFUSED', 'CLAWED_BACK'] as const;
export type ReferralStatus = (typeof referralStatuses)[number];
export const referralReasons = [
  'SAME_MOBILE',
  'SAME_EMAIL',
  'SAME_DEVICE',
  'EXISTING_CUSTOMER',
  'MONTHLY_LIMIT',
  'NO_PROGRAMME',
  'REFERRER_NOT_ACTIVE',
  'WINDOW_ENDED',
] as const;
export type ReferralReason = (typeof referralReasons)[number];

export const referralSchema = z.object({
  id: z.number().int(),
  programmeId: z.number().int().nullable(),
  programmeNameEn: z.string().nullable(),
  programmeNameAr: z.string().nullable(),
  referrerNumber: z.string(),
  referredNumber: z.string(),
  code: z.string(),
  status: z.enum(referralStatuses),
  reason: z.enum(referralReasons).nullable().describe('Why it was refused, or why it was not paid'),
  transactions: z.number().int().describe('The referred customer’s earnings counted so far'),
  qualifiesBy: z.string().nullable().describe('TRANSACTIONS: the end of the window'),
  referrerPoints: z.number().int().describe('Paid to the referrer (0 before the reward)'),
  referredPoints: z.number().int().describe('Paid to the referred customer'),
  clawedBackPoints: z.number().int().describe('Taken back from both after a reversal'),
  createdAt: z.string(),
  rewardedAt: z.string().nullable(),
  clawedBackAt: z.string().nullable(),
});
export type Referral = z.infer<typeof referralSchema>;

export const referralSortFields = ['createdAt', 'status', 'rewardedAt'] as const;
export const referralListQuery = listQuerySchema(referralSortFields, {
  status: z.enum(referralStatuses).optional(),
  programmeId: z.coerce.number().int().positive().max(INT32_MAX).optional(),
  customerNumber: customerNumberSchema.optional().describe('As referrer or referred'),
});
export type ReferralListQuery = z.output<typeof referralListQuery>;
export const referralPage = pageSchema(referralSchema);

export const referralResource = defineResource({
  name: 'referrals',
  area: 'referrals',
  tag: 'Referrals',
  item: referralSchema,
  page: referralPage,
  query: referralListQuery,
  sortFields: referralSortFields,
  read: referralRead,
  commands: {},
  screens: { list: { path: 'referrals', label: 'referrals' } },
  menu: { group: 'campaignsAnalytics' },
});

/** The cost per acquired customer, per programme and month (the report's chart). */
export const referralCostSchema = z.object({
  items: z.array(
    z.object({
      programmeId: z.number().int(),
      nameEn: z.string(),
      nameAr: z.string(),
      month: z.string().describe('YYYY-MM (UTC), the month of the reward'),
      acquired: z.number().int().describe('Referred customers rewarded, net of claw-backs'),
      points: z.number().int().describe('Points paid to both sides, net of claw-backs'),
      costPerCustomer: z.number().describe('points ÷ acquired (0 when none)'),
    }),
  ),
});
export type ReferralCost = z.infer<typeof referralCostSchema>;

/** Customer info's Referrals tab: the customer's code, who referred them, and whom they referred. */
export const customerReferralsSchema = z.object({
  customerNumber: z.string(),
  code: z.string().nullable().describe('Null until the customer’s channel first asks for it'),
  referredBy: referralSchema.nullable().describe('The referral that brought this customer, if any'),
  referrals: z.array(referralSchema).describe('The referrals this customer made, newest first (latest 50)'),
});
export type CustomerReferrals = z.infer<typeof customerReferralsSchema>;

/** The integration API: a customer's referral code. */
export const referralCodeResult = z.object({
  customerNumber: z.string(),
  code: z.string().describe('8 characters of Crockford base 32 (no I, L, O, U): stable per customer'),
});

export const referralChannelCommands = {
  code: command(
    'channel.referral.code',
    z.object({ customerNumber: customerNumberSchema }),
    'A customer’s referral code (made on first use)',
  ),
};

/** What the customer upsert accepts besides the profile (integration). */
export const referralEnrolment = z.object({
  referralCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z-]{4,20}$/, 'referrals.unknownCode')
    .optional()
    .describe('The referrer’s code, given at enrolment'),
  deviceId: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe('The channel’s id of the customer’s device (fraud guard: no self-referral)'),
});
