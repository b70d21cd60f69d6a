import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/client.ts';

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
}

interface ActorRow {
  username: string;
  role: string;
  permissions: string[];
}

/**
 * One indexed round trip per request: the session must be live, the user and role active; the
 * permissions are the role's enabled ones. Revoking a session takes effect on the next request.
 */
export async function loadActorRecord(db: Executor, userId: number, sessionId: string) {
  const result = await db.execute(sql`
    select u.username, r.code as role,
      coalesce(array_agg(p.code) filter (where p.code is not null), '{}') as permissions
    from sessions s
      join users u on u.id = s.user_id and u.status = 'ACTIVE'
      join roles r on r.id = u.role_id and r.status = 'ACTIVE'
      left join role_permissions rp on rp.role_id = r.id
      left join permissions p on p.code = rp.permission_code and p.status = 'ACTIVE'
    where s.id = ${sessionId} and s.user_id = ${userId}
      and s.revoked_at is null and s.expires_at > now()
    group by u.username, r.code`);
  return rowsOf<ActorRow>(result)[0];
}
