import { z } from 'zod';
import type { ReadPermission } from '../commands.ts';
import { idSchema, text } from '../common.ts';
import { boundedInstant } from '../dates.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

export const auditOutcomes = ['SUCCESS', 'DENIED', 'FAILED', 'PENDING'] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

/** One entry of the audit trail (AdminLogs): who did what, when (UTC), from where, and the change. */
export const adminLogSchema = z.object({
  id: z.number().int(),
  seq: z.number().int().describe('Position in the hash chain'),
  at: z.string().describe('ISO 8601, UTC'),
  actorId: z.number().int().nullable(),
  actorUsername: z.string().nullable(),
  onBehalfOf: z.string().nullable().describe('The maker, when a checker applied their request'),
  ip: z.string().nullable(),
  visitorId: z.string().nullable(),
  requestId: z.string().nullable(),
  command: z.string(),
  outcome: z.enum(auditOutcomes),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  approvalRequestId: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  detail: z.string().nullable(),
  prevHash: z.string().nullable(),
  hash: z.string(),
});
export type AdminLog = z.infer<typeof adminLogSchema>;

export const adminLogFilters = {
  actor: text(100).optional().describe('Username (case-insensitive prefix)'),
  command: text(100).optional(),
  outcome: z.enum(auditOutcomes).optional(),
  targetType: text(100).optional(),
  targetId: text(100).optional(),
  approvalRequestId: idSchema.optional().describe('Every step of one maker-checker request'),
  from: boundedInstant.optional().describe('At or after (ISO 8601)'),
  to: boundedInstant.optional().describe('Before (ISO 8601)'),
};
export const adminLogSortFields = ['at'] as const;
export const adminLogListQuery = listQuerySchema(adminLogSortFields, adminLogFilters);
export type AdminLogListQuery = z.output<typeof adminLogListQuery>;
export const adminLogPage = pageSchema(adminLogSchema);

export const chainBreakReasons = ['HASH_MISMATCH', 'LINK_MISMATCH', 'SEQUENCE_GAP', 'MAC_MISMATCH'] as const;

export const adminLogVerifySchema = z.object({
  intact: z.boolean(),
  entries: z.number().int().describe('Entries in the trail'),
  head: z
    .object({ seq: z.number().int(), hash: z.string() })
    .nullable()
    .describe('The latest entry: keep its hash elsewhere to detect a rewrite of the whole chain'),
  firstBroken: z
    .object({
      id: z.number().int(),
      seq: z.number().int(),
      at: z.string(),
      reason: z.enum(chainBreakReasons),
    })
    .nullable(),
});
export type AdminLogVerify = z.infer<typeof adminLogVerifySchema>;

export const adminLogRead: ReadPermission = {
  code: 'adminLog.read',
  summary: 'View, export and verify the audit trail (AdminLogs)',
};

export const adminLogResource = defineResource({
  name: 'admin-logs',
  area: 'logs',
  tag: 'Logs: audit trail (AdminLogs)',
  item: adminLogSchema,
  page: adminLogPage,
  query: adminLogListQuery,
  sortFields: adminLogSortFields,
  read: adminLogRead,
  commands: {},
  screens: {
    list: { path: 'SystemLogs/AdminLogs', label: 'adminLogs' },
  },
  menu: { group: 'approvalsLogs' },
});
