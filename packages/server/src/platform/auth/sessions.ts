import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { staffIdleMinutes } from '../settings/staffSessions.ts';

/**
 * Refresh credentials are `<sessionId>.<secret>`; only a hash of the secret is stored. Each
 * refresh rotates the secret, and presenting a stale one revokes the session (theft signal).
 */
const digest = (secret: string) => createHash('sha256').update(secret).digest('base64url');
const newSecret = () => randomBytes(32).toString('base64url');

export interface SessionMeta {
  ip: string | undefined;
  visitorId: string | undefined;
  userAgent: string | undefined;
}

export async function openSession(db: Executor, userId: number, ttlHours: number, meta: SessionMeta) {
  const secret = newSecret();
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      refreshHash: digest(secret),
      ip: meta.ip,
      visitorId: meta.visitorId,
      userAgent: meta.userAgent?.slice(0, 300),
      expiresAt,
    })
    .returning({ id: sessions.id });
  const id = (row as { id: string }).id;
  return { id, refreshToken: `${id}.${secret}`, expiresAt };
}

/** A session unused for longer than the idle limit (the policy's, or the staff setting's if shorter) has ended. */
export const notIdle = sql`${sessions.lastUsedAt} > now() - make_interval(mins => ${staffIdleMinutes})`;

/** Makes room for one more session under the policy's limit by ending the least recently used. */
export async function enforceSessionLimit(db: Executor, userId: number, maxConcurrent: number) {
  await db.execute(sql`
    update sessions set revoked_at = now() where id in (
      select id from sessions
      where user_id = ${userId} and revoked_at is null and expires_at > now()
      order by last_used_at desc
      offset ${Math.max(0, maxConcurrent - 1)})`);
}

/** The live sessions of a user, most recently used first. */
export function liveSessions(db: Executor, userId: number) {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        notIdle,
      ),
    )
    .orderBy(desc(sessions.lastUsedAt));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function parseRefreshToken(token: string | undefined) {
  const [id, secret] = (token ?? '').split('.');
  return id && secret && UUID.test(id) ? { id, secret } : undefined;
}

/**
 * The live session the refresh token names, if its secret is the current one. A stale secret
 * means the token was copied: the session is revoked.
 */
async function liveSession(db: Executor, token: string | undefined) {
  const parsed = parseRefreshToken(token);
  if (!parsed) return undefined;
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, parsed.id), isNull(sessions.revokedAt), notIdle))
    .for('update');
  if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
  const presented = Buffer.from(digest(parsed.secret));
  const stored = Buffer.from(row.refreshHash);
  if (presented.length !== stored.length || !timingSafeEqual(presented, stored)) {
    await revokeSession(db, row.id);
    return undefined;
  }
  return row;
}

/** Rotates the refresh secret; answers the session and its new token, or undefined if refused. */
export async function rotateSession(db: Executor, token: string | undefined) {
  const row = await liveSession(db, token);
  if (!row) return undefined;
  const secret = newSecret();
  await db
    .update(sessions)
    .set({ refreshHash: digest(secret), lastUsedAt: sql`now()` })
    .where(eq(sessions.id, row.id));
  return {
    sessionId: row.id,
    userId: row.userId,
    refreshToken: `${row.id}.${secret}`,
    expiresAt: row.expiresAt,
  };
}

/** Ends the session the refresh token names (only its current holder can). */
export async function endSession(db: Executor, token: string | undefined) {
  const row = await liveSession(db, token);
  if (row) await revokeSession(db, row.id);
  return row;
}

export async function revokeSession(db: Executor, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
