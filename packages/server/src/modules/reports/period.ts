import type { DayRangeQuery } from '@loyalty/contracts';

const DAY = 86_400_000;

/** YYYY-MM-DD of a UTC day number / of a Date. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const toDay = (s: string) => new Date(`${s}T00:00:00Z`);
export const addDays = (s: string, n: number) => isoDay(new Date(toDay(s).getTime() + n * DAY));
export const daysBetween = (from: string, to: string) =>
  Math.round((toDay(to).getTime() - toDay(from).getTime()) / DAY) + 1;

export type Bucket = 'day' | 'week' | 'month';

export interface Period {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  bucket: Bucket;
  days: number;
}

/**
 * The period asked (default: the 30 days to today, UTC) and the one of the same length just before
 * it; points of a chart are days up to two months, weeks up to half a year, months beyond.
 */
export function periodOf(query: DayRangeQuery, now = new Date()): Period {
  const to = query.to ?? (query.from && query.from > isoDay(now) ? query.from : isoDay(now));
  const from = query.from ?? addDays(to, -29);
  const days = daysBetween(from, to);
  const bucket: Bucket = days <= 62 ? 'day' : days <= 186 ? 'week' : 'month';
  return { from, to, previousFrom: addDays(from, -days), previousTo: addDays(from, -1), bucket, days };
}
