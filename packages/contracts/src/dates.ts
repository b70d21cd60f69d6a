import { z } from 'zod';

/**
 * The dates the API takes, in one place (issue 48): days and instants of the years 2000–2100.
 * A date far outside them reached the database — PostgreSQL refuses years beyond 9999, and a
 * window derived from a wide range (the comparison period) went beyond them — and answered 500.
 * Out of bounds is now 400 VALIDATION_FAILED naming the field (`dateOutOfRange`).
 */
export const EARLIEST_DAY = '2000-01-01';
export const LATEST_DAY = '2100-12-31';
/** Longest range of days a report, the dashboard, campaign performance or the NLP overview take: two years. */
export const MAX_RANGE_DAYS = 731;

const DAY_MS = 86_400_000;
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY_MS;
const inBounds = (day: string) => day >= EARLIEST_DAY && day <= LATEST_DAY;
const outOfRange = { error: 'dateOutOfRange' };

/** A day, `YYYY-MM-DD`, of the years 2000–2100. */
export const boundedDay = z.iso.date({ abort: true }).refine(inBounds, outOfRange);

/** An instant (ISO 8601 with an offset) whose date is of the years 2000–2100. */
export const boundedInstant = z.iso
  .datetime({ offset: true, abort: true })
  .refine((v) => inBounds(v.slice(0, 10)), outOfRange);

interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}
const validDay = (d: string | undefined) => d === undefined || boundedDay.safeParse(d).success;

/**
 * The checks of every `from`–`to` range of days (both ends included), once both ends are valid
 * days: `to` not before `from` (`toBeforeFrom`), and at most MAX_RANGE_DAYS days (`rangeTooLong`,
 * on `from`) — counted to today when `to` is left out, since the routes then end the period today
 * (or on `from` when it is later), so leaving `to` out no longer skips the check. A route's default
 * start lies within that span of its end. The period of the same length just before `from` (the
 * dashboard's and campaign performance's comparison) therefore starts at most MAX_RANGE_DAYS before
 * EARLIEST_DAY: still a date the database and JavaScript hold.
 */
export function checkedDayRange<T extends z.ZodType<DayRange>>(schema: T) {
  return schema.superRefine((range, ctx) => {
    const { from, to } = range;
    if (from === undefined || !validDay(from) || !validDay(to)) return;
    const today = new Date().toISOString().slice(0, 10);
    const end = to ?? (from > today ? from : today);
    if (end < from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'toBeforeFrom' });
    } else if (dayNumber(end) - dayNumber(from) >= MAX_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'rangeTooLong' });
    }
  });
}
