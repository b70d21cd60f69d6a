import { type AdminLogVerify, toStorableText } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { macMatches, macWithCurrentKey } from './secrets.ts';

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
  const [chained] = await db
    .insert(auditLog)
    .values(
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
    )
    .returning({ seq: auditLog.seq, hash: auditLog.hash });
  if (chained) await keyChainLinks(db, [chained as ChainLink]);
}

type ChainLink = { seq: number; hash: string };
const MAC_PURPOSE = 'audit chain';
const macData = (link: ChainLink) => `${link.seq}:${link.hash}`;

/**
 * The keyed half of the chain (security finding 10): an HMAC of each entry's seq and hash under a
 * key from SECRET_KEYS, which the database never holds, in `audit_log_macs`.
 */
async function keyChainLinks(db: Executor, links: ChainLink[]) {
  if (links.length === 0) return;
  const rows = links.map((link) => {
    const { keyId, mac } = macWithCurrentKey(MAC_PURPOSE, macData(link));
    return sql`(${link.seq}, ${keyId}, ${mac})`;
  });
  await db.execute(
    sql`insert into audit_log_macs (seq, key_id, mac) values ${sql.join(rows, sql`, `)} on conflict do nothing`,
  );
}

/**
 * Keys the entries written before the keyed chain existed — once, when no entry has a MAC yet (the
 * first start after the upgrade); afterwards an entry without one is a break. Run at start-up.
 */
export async function keyExistingChain(db: Executor) {
  const [any] = rowsOf(await db.execute(sql`select 1 from audit_log_macs limit 1`));
  if (any) return;
  let after = 0;
  for (;;) {
    const links = rowsOf<ChainLink>(
      await db.execute(
        sql`select seq::int as seq, hash from audit_log where seq > ${after} order by seq limit 5000`,
      ),
    );
    if (links.length === 0) return;
    await keyChainLinks(db, links);
    after = (links[links.length - 1] as ChainLink).seq;
  }
}

/** The seq of the first entry whose MAC is missing or does not match, or undefined. */
export async function firstUnkeyedLink(db: Executor): Promise<number | undefined> {
  let after = 0;
  for (;;) {
    const rows = rowsOf<ChainLink & { key_id: string | null; mac: string | null }>(
      await db.execute(sql`
        select a.seq::int as seq, a.hash, m.key_id, m.mac
        from audit_log a left join audit_log_macs m on m.seq = a.seq
        where a.seq > ${after} order by a.seq limit 5000`),
    );
    if (rows.length === 0) return undefined;
    const bad = rows.find(
      (r) => !r.key_id || !r.mac || !macMatches(MAC_PURPOSE, macData(r), r.key_id, r.mac),
    );
    if (bad) return bad.seq;
    after = (rows[rows.length - 1] as ChainLink).seq;
  }
}

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
