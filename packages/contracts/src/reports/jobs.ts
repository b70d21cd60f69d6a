import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { dbId, idInput, idSchema, requiredText, timestamps } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { dayRangeQuery } from './dashboard.ts';
import { exportFormats } from './exports.ts';
import { reportNames } from './reports.ts';

/**
 * A period longer than this many days is not drawn on screen: the report runs in the background
 * (`reportRun.start`) and its file is downloaded when ready.
 */
export const BACKGROUND_RANGE_DAYS = 366;

export const reportRunStatuses = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;

/** `POST /reports/runs`: a report over a period, as a file prepared in the background. */
export const reportRunInput = z.intersection(
  dayRangeQuery,
  z.object({ report: z.enum(reportNames), format: z.enum(exportFormats).default('csv') }),
);
export type ReportRunInput = z.input<typeof reportRunInput>;

export const reportRunSchema = z.object({
  id: z.number().int(),
  report: z.enum(reportNames),
  from: z.string(),
  to: z.string(),
  format: z.enum(exportFormats),
  status: z.enum(reportRunStatuses),
  /** 0–100. */
  progress: z.number().int(),
  /** Rows in the file, once done. */
  rows: z.number().int().nullable(),
  fileName: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportRun = z.infer<typeof reportRunSchema>;

export const reportRunCommands = {
  start: command('reportRun.start', reportRunInput, 'Run a report in the background and keep its file'),
};

export const reportScheduleFrequencies = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type ReportScheduleFrequency = (typeof reportScheduleFrequencies)[number];

/**
 * A report e-mailed on a schedule: each day, week or month the previous one's report, as a file,
 * to staff members with an e-mail address who may read it.
 */
export const reportScheduleFields = z.object({
  title: requiredText('fillAllFields', 100),
  report: z.enum(reportNames),
  frequency: z.enum(reportScheduleFrequencies),
  format: z.enum(exportFormats).default('xlsx'),
  recipientIds: z.array(dbId).min(1, 'fillAllFields').max(50),
  active: z.boolean().default(true),
});
export type ReportScheduleInput = z.input<typeof reportScheduleFields>;
export const reportScheduleUpdateInput = reportScheduleFields.extend(idInput.shape);

export const reportScheduleSchema = reportScheduleFields.extend({
  id: z.number().int(),
  recipients: z.array(
    z.object({ id: z.number().int(), username: z.string(), fullName: z.string(), fullNameAr: z.string() }),
  ),
  nextRunAt: z.string(),
  lastSentAt: z.string().nullable(),
  /** The period of the last report sent (`2026-11-01..2026-11-30`). */
  lastPeriod: z.string().nullable(),
  ...timestamps,
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportScheduleSortFields = ['title', 'nextRunAt', 'createdAt'] as const;
export const reportScheduleListQuery = listQuerySchema(reportScheduleSortFields, {
  report: z.enum(reportNames).optional(),
  frequency: z.enum(reportScheduleFrequencies).optional(),
  recipientId: idSchema.optional(),
});
export type ReportScheduleListQuery = z.output<typeof reportScheduleListQuery>;
export const reportSchedulePage = pageSchema(reportScheduleSchema);

export const reportScheduleCommands = {
  create: command('reportSchedule.create', reportScheduleFields, 'Schedule a report to be e-mailed'),
  update: command('reportSchedule.update', reportScheduleUpdateInput, 'Change a scheduled report'),
  delete: command('reportSchedule.delete', idInput, 'Delete a scheduled report'),
};
export const reportScheduleRead: ReadPermission = {
  code: 'reportSchedule.read',
  summary: 'View the scheduled reports',
};

export const reportScheduleResource = defineResource({
  name: 'report-schedules',
  area: 'reports',
  tag: 'Reports: schedules',
  item: reportScheduleSchema,
  page: reportSchedulePage,
  query: reportScheduleListQuery,
  sortFields: reportScheduleSortFields,
  read: reportScheduleRead,
  commands: reportScheduleCommands,
  // Not in the specification (scheduled reports are issue 16's): beside MainReports.
  screens: {
    list: { path: 'MainReports/Schedules', label: 'reportSchedules' },
    create: { path: 'MainReports/Schedules/Add', label: 'createReportSchedule' },
    edit: { path: 'MainReports/Schedules/Edit/:id', label: 'editReportSchedule' },
  },
  menu: { group: 'campaignsAnalytics' },
});

/** Staff a schedule may name: with an e-mail address and the permission to read reports. */
export const reportRecipientSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  fullNameAr: z.string(),
  email: z.string(),
});
export type ReportRecipient = z.infer<typeof reportRecipientSchema>;
