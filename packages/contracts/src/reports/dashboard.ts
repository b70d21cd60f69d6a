import { z } from 'zod';
import type { ReadPermission } from '../commands.ts';
import { boundedDay, checkedDayRange } from '../dates.ts';

const isoDay = z.iso.date();

/**
 * A period of whole UTC days, both ends included: `from` and `to` as YYYY-MM-DD, of the years
 * 2000–2100 and at most two years long (dates.ts). Without them, the last 30 days to today.
 */
export const dayRangeQuery = checkedDayRange(
  z.object({ from: boundedDay.optional(), to: boundedDay.optional() }),
);
export type DayRangeQuery = z.output<typeof dayRangeQuery>;

/** A figure of the period and of the period of the same length just before it (null: not known). */
export const kpiSchema = z.object({ value: z.number(), previous: z.number().nullable() });
export type Kpi = z.infer<typeof kpiSchema>;

const periodSchema = z.object({
  from: isoDay,
  to: isoDay,
  previousFrom: isoDay,
  previousTo: isoDay,
  /** The size of one point of `series`: a day, a week (Monday) or a month. */
  bucket: z.enum(['day', 'week', 'month']),
});

/**
 * The home dashboard for a period. Each group of figures is present only when the caller may see
 * what it comes from (points and customers: customer.read; tiers: and tier.read; top rewards:
 * redemption.read; messages: message.read); pending approvals are always the caller's own.
 */
export const dashboardSchema = z.object({
  period: periodSchema,
  points: z
    .object({
      /** Points held by customers at the end of the period (the liability). */
      outstanding: kpiSchema,
      /** The liability in money at the configured point value. */
      outstandingValue: kpiSchema,
      pointValue: z.number(),
      currency: z.string(),
      issued: kpiSchema,
      redeemed: kpiSchema,
      expired: kpiSchema,
      /** Redeemed ÷ issued in the period, in percent (null when nothing was issued). */
      redemptionRate: z.object({ value: z.number().nullable(), previous: z.number().nullable() }),
      /** Customers with an EARN or REDEEM posting in the 90 days to the end of the period. */
      activeCustomers: kpiSchema,
      series: z.array(
        z.object({ start: isoDay, issued: z.number(), redeemed: z.number(), expired: z.number() }),
      ),
      /**
       * Points issued in the period by the channel that posted them, most first; '' for the back
       * office and the system (staff adjustments, rewards the programme pays, jobs).
       */
      channels: z.array(z.object({ channel: z.string(), points: z.number() })),
    })
    .optional(),
  tiers: z
    .array(
      z.object({
        tierId: z.number().int().nullable(),
        name: z.string().nullable(),
        nameAr: z.string().nullable().optional(),
        customers: z.number(),
      }),
    )
    .optional(),
  topRewards: z
    .array(
      z.object({
        voucherId: z.number().int(),
        name: z.string(),
        nameAr: z.string().optional(),
        redemptions: z.number(),
        points: z.number(),
      }),
    )
    .optional(),
  approvals: z.object({ inbox: z.number(), mine: z.number() }),
  messages: z.object({ open: z.number(), overdue: z.number(), unassigned: z.number() }).optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const reportRead: ReadPermission = {
  code: 'report.read',
  summary: 'View the reports (points liability, issuance and redemption, tiers, service desk)',
};
