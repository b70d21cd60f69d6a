import type { AdminLog, AdminLogListQuery, AuditOutcome, adminLogResource } from '@loyalty/contracts';
import { and, eq, gte, ilike, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import { escapeLike, listPage, type ResourceListSpec } from '../../platform/lists.ts';

type AuditRow = typeof auditLog.$inferSelect;

export const toAdminLog = (r: AuditRow): AdminLog => ({
  ...r,
  seq: r.seq ?? 0,
  hash: r.hash ?? '',
  at: new Date(r.at).toISOString(),
});

const filters = {
  actor: (name: string) => ilike(auditLog.actorUsername, `${escapeLike(name)}%`),
  command: (command: string) => eq(auditLog.command, command),
  outcome: (outcome: AuditOutcome) => eq(auditLog.outcome, outcome),
  targetType: (type: string) => eq(auditLog.targetType, type),
  targetId: (id: string) => eq(auditLog.targetId, id),
  approvalRequestId: (id: number) =>
    or(
      eq(auditLog.approvalRequestId, id),
      and(eq(auditLog.targetType, 'approvalRequest'), eq(auditLog.targetId, String(id))),
    ),
  from: (at: string) => gte(auditLog.at, new Date(at)),
  to: (at: string) => lt(auditLog.at, new Date(at)),
};
const search = [
  auditLog.command,
  auditLog.actorUsername,
  auditLog.onBehalfOf,
  auditLog.targetId,
  auditLog.ip,
  auditLog.detail,
];

const listSpec: ResourceListSpec<typeof auditLog, typeof adminLogResource> = {
  table: auditLog,
  sortable: { at: auditLog.at },
  defaultSort: { field: 'at', direction: 'desc' },
  tieBreaker: auditLog.id,
  search,
  filters,
};

export const listAdminLogs = (db: Executor, query: AdminLogListQuery) =>
  listPage(db, listSpec, query, toAdminLog);

export async function getAdminLog(db: Executor, id: number) {
  const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id));
  if (!row) throw notFound('Log entry');
  return toAdminLog(row);
}

/** The export's columns: the entry without its row id and previous hash. */
export const adminLogExportColumns = [
  'seq',
  'at',
  'actorUsername',
  'onBehalfOf',
  'ip',
  'visitorId',
  'command',
  'outcome',
  'targetType',
  'targetId',
  'approvalRequestId',
  'detail',
  'before',
  'after',
  'requestId',
  'hash',
] as const;
