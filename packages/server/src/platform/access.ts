import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/client.ts';
import { staffIdleMinutes } from './settings/staffSessions.ts';

/** Who is acting, from where: attached to every authenticated request and every audit entry. */
export interface Actor {
  userId: number;
  username: string;
  role: string;
  permissions: ReadonlySet<string>;
  sessionId: string;
  ip: string | undefined;
  visitorId: string | undefined;
  requestId: string;
  /** An integration API key acting (channelActor): its id and channel scope what it may reach. */
  apiKey?: ChannelKey | undefined;
}

/** The key a channel's call came with: its postings are recorded with it and scoped to its channel. */
export interface ChannelKey {
  id: number;
  channel: string;
}

interface ActorRow {
  username: string;
  role: string;
  permissions: string[];
  idle_seconds: number;
}

/** The session's last use is recorded at most this often (seconds), not on every request. */
const TOUCH_AFTER = 30;

/**
 * One indexed round trip per request: the session must be live and not idle longer than the
 * security policy's idle timeout, the user and role active; the permissions are the role's
 * enabled ones (a DISABLED permission is refused to everyone). Revoking a session takes effect
 * on the next request.
 */
export async function loadActorRecord(db: Executor, userId: number, sessionId: string) {
  const result = await db.execute(sql`
    select u.username, r.code as role,
      coalesce(array_agg(p.code) filter (where p.code is not null), '{}') as permissions,
      extract(epoch from now() - s.last_used_at)::int as idle_seconds
    from sessions s
      join users u on u.id = s.user_id and u.status = 'ACTIVE'
      join roles r on r.id = u.role_id and r.status = 'ACTIVE'
      left join role_permissions rp on rp.role_id = r.id
      left join permissions p on p.code = rp.permission_code and p.status = 'ACTIVE'
    where s.id = ${sessionId} and s.user_id = ${userId}
      and s.revoked_at is null and s.expires_at > now()
      and s.last_used_at > now() - make_interval(mins => ${staffIdleMinutes})
    group by u.username, r.code, s.last_used_at`);
  const record = rowsOf<ActorRow>(result)[0];
  if (record && record.idle_seconds > TOUCH_AFTER) {
    await db.execute(sql`update sessions set last_used_at = now() where id = ${sessionId}`);
  }
  return record;
}
