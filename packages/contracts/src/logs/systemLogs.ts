import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { text } from '../common.ts';
import { boundedInstant } from '../dates.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

/** pino's levels, by name. */
export const logLevels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLevel = (typeof logLevels)[number];

/** Server events: start-up, jobs, integration calls, errors. */
export const systemLogSchema = z.object({
  id: z.number().int(),
  at: z.string().describe('ISO 8601, UTC'),
  level: z.enum(logLevels),
  category: z.string().describe('startup, job, integration, http, ...'),
  message: z.string(),
  requestId: z.string().nullable(),
  context: z.unknown().describe('The structured fields of the event'),
});
export type SystemLog = z.infer<typeof systemLogSchema>;

export const systemLogSortFields = ['at'] as const;
export const systemLogListQuery = listQuerySchema(systemLogSortFields, {
  level: z.enum(logLevels).optional().describe('This level and above'),
  category: text(50).optional(),
  requestId: text(100).optional(),
  from: boundedInstant.optional(),
  to: boundedInstant.optional(),
});
export type SystemLogListQuery = z.output<typeof systemLogListQuery>;
export const systemLogPage = pageSchema(systemLogSchema);

export const systemLogSettingsFields = z.object({
  retentionDays: z
    .number({ error: 'fillAllFields' })
    .int()
    .min(1)
    .max(3650)
    .describe('Events older than this are purged'),
});
export const systemLogSettingsSchema = systemLogSettingsFields.extend({
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type SystemLogSettings = z.infer<typeof systemLogSettingsSchema>;

export const systemLogCommands = {
  configure: command('systemLog.configure', systemLogSettingsFields, 'Set the system log retention'),
};
export const systemLogRead: ReadPermission = { code: 'systemLog.read', summary: 'View system logs' };

export const systemLogResource = defineResource({
  name: 'system-logs',
  area: 'logs',
  tag: 'Logs: system logs',
  item: systemLogSchema,
  page: systemLogPage,
  query: systemLogListQuery,
  sortFields: systemLogSortFields,
  read: systemLogRead,
  commands: systemLogCommands,
  screens: {
    list: { path: 'SystemLogs', label: 'systemLogs' },
  },
  menu: { group: 'approvalsLogs' },
});
