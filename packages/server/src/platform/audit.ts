import { toStorableText } from '@loyalty/contracts';
import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

export type AuditOutcome = 'SUCCESS' | 'DENIED' | 'FAILED' | 'PENDING';

/** Where an audited action came from; an Actor fits, and so does an anonymous sign-in attempt. */
export interface AuditSource {
  userId?: number | undefined;
  username?: string | undefined;
  ip: string | undefined;
  visitorId: string | undefined;
  requestId: string;
}

export interface AuditEntry {
  command: string;
  outcome: AuditOutcome;
  targetType?: string | undefined;
  targetId?: string | number | undefined;
  before?: unknown;
  after?: unknown;
  detail?: string | undefined;
  /** The maker, when a checker applies their approved request. */
  onBehalfOf?: string | undefined;
  approvalRequestId?: number | undefined;
}

/**
 * Any value as text and JSON the database stores: NUL (which PostgreSQL text and jsonb refuse) and
 * unpaired surrogates become U+FFFD, so a refused command's odd input is still audited.
 */
export function storable<T>(value: T): T {
  if (typeof value === 'string') return toStorableText(value) as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), storable(v)])) as T;
  }
  return value;
}

/**
 * Appends an entry to the audit trail. The database chains it to the previous entry (trigger
 * `audit_log_chain`: seq, prev_hash, hash under an advisory lock held to the end of the
 * transaction) and refuses any later change (trigger `audit_log_append_only`).
 */
export async function writeAudit(db: Executor, source: AuditSource, entry: AuditEntry) {
  await db.insert(auditLog).values(
    storable({
      actorId: source.userId,
      actorUsername: source.username,
      ip: source.ip,
      visitorId: source.visitorId,
      requestId: source.requestId,
      command: entry.command,
      outcome: entry.outcome,
      targetType: entry.targetType,
      targetId: entry.targetId === undefined ? undefined : String(entry.targetId),
      before: entry.before ?? null,
      after: entry.after ?? null,
      detail: entry.detail,
      onBehalfOf: entry.onBehalfOf,
      approvalRequestId: entry.approvalRequestId,
    }),
  );
}

/** An Actor as an audit source. */
export const auditSource = (a: {
  userId: number;
  username: string;
  ip: string | undefined;
  visitorId: string | undefined;
  requestId: string;
}): AuditSource => ({
  userId: a.userId,
  username: a.username,
  ip: a.ip,
  visitorId: a.visitorId,
  requestId: a.requestId,
});
