import type {
  AdminLog,
  AdminLogListQuery,
  AdminLogVerify,
  AuditOutcome,
  adminLogResource,
} from '@loyalty/contracts';
import { and, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { firstUnkeyedLink } from '../../platform/audit.ts';
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

interface Break {
  id: number;
  seq: number;
  at: Date | string;
  reason: 'HASH_MISMATCH' | 'LINK_MISMATCH' | 'SEQUENCE_GAP' | 'MAC_MISMATCH';
}

/**
 * Walks the chain in order and reports the first entry whose sequence skips, whose link does not
 * name the previous entry's hash, whose own hash does not match its content (recomputed by the
 * same database function that wrote it), or whose MAC — which only a holder of SECRET_KEYS can
 * make — is missing or wrong (an edit whose hashes were recomputed after it).
 */
export async function verifyChain(db: Executor): Promise<AdminLogVerify> {
  const [unlinked] = rowsOf<Break>(
    await db.execute(sql`
      select id, seq, at,
        case
          when seq <> coalesce(prev_seq, 0) + 1 then 'SEQUENCE_GAP'
          when prev_hash is distinct from prev_row_hash then 'LINK_MISMATCH'
          else 'HASH_MISMATCH'
        end as reason
      from (
        select a.id, a.seq, a.at, a.prev_hash, a.hash,
          lag(a.seq) over w as prev_seq,
          lag(a.hash) over w as prev_row_hash,
          audit_log_digest(a.prev_hash, a) as recomputed
        from audit_log a
        window w as (order by a.seq)
      ) chain
      where seq <> coalesce(prev_seq, 0) + 1
        or prev_hash is distinct from prev_row_hash
        or hash is distinct from recomputed
      order by seq
      limit 1`),
  );
  const macSeq = await firstUnkeyedLink(db);
  const [unkeyed] =
    macSeq !== undefined && (!unlinked || macSeq < Number(unlinked.seq))
      ? rowsOf<Break>(
          await db.execute(
            sql`select id, seq, at, 'MAC_MISMATCH' as reason from audit_log where seq = ${macSeq}`,
          ),
        )
      : [];
  const broken = unkeyed ?? unlinked;
  const [totals] = rowsOf<{ entries: number; seq: number | null; hash: string | null }>(
    await db.execute(sql`
      select (select count(*)::int from audit_log) as entries, seq::int as seq, hash
      from (select 1) one left join lateral (
        select seq, hash from audit_log order by seq desc limit 1
      ) head on true`),
  );
  return {
    intact: !broken,
    entries: totals?.entries ?? 0,
    head: totals?.seq != null && totals.hash ? { seq: Number(totals.seq), hash: totals.hash } : null,
    firstBroken: broken
      ? {
          id: Number(broken.id),
          seq: Number(broken.seq),
          at: new Date(broken.at).toISOString(),
          reason: broken.reason,
        }
      : null,
  };
}
