import { z } from 'zod';
import { dayRangeQuery } from './dashboard.ts';
import { exportFormats } from './exports.ts';

/**
 * The MainReports catalogue. Each report answers a table (its columns, in order, and rows) for a
 * period; the web draws its chart from the same rows. Who may read one: `report.read` and the
 * read permission of its source (`reportSources`).
 */
export const reportNames = [
  'liability',
  'expiryForecast',
  'activity',
  'tierMigration',
  'serviceDesk',
  'staffActivity',
  'vouchers',
  'cohorts',
] as const;
export type ReportName = (typeof reportNames)[number];

/** The read permission a report's source needs besides report.read. */
export const reportSources: Record<ReportName, string> = {
  liability: 'customer.read',
  expiryForecast: 'customer.read',
  activity: 'customer.read',
  tierMigration: 'customer.read',
  serviceDesk: 'message.read',
  staffActivity: 'adminLog.read',
  vouchers: 'redemption.read',
  cohorts: 'customer.read',
};

/** Months after joining that the cohort report follows (columns `m1` … `m12`). */
export const COHORT_MONTHS = 12;

export const reportParams = z.object({ name: z.enum(reportNames) });
export const reportQuery = dayRangeQuery;
export const reportExportQuery = z.intersection(
  dayRangeQuery,
  z.object({ format: z.enum(exportFormats).default('csv') }),
);

export const reportCell = z.union([z.string(), z.number(), z.null()]);
export const reportSchema = z.object({
  name: z.enum(reportNames),
  from: z.string(),
  to: z.string(),
  /** Column keys, in order; the web's labels are `reports.columns.<key>`. */
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), reportCell)),
});
export type Report = z.infer<typeof reportSchema>;
export type ReportRow = Report['rows'][number];
