import { type Assignee, messageRead } from '@loyalty/contracts';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { escapeLike } from '../../platform/lists.ts';

/**
 * Who can take a message: an active staff member whose active role holds the queue's read
 * permission (enabled), or such a role. The assign command refuses anyone else, and the assign
 * dialog lists these, for anyone who reads the queue (no need for user.read or role.read).
 */
export const roleHandlesMessages = (roleId: SQLWrapper | number) => sql`exists (
  select 1 from roles r
  join role_permissions rp on rp.role_id = r.id and rp.permission_code = ${messageRead.code}
  join permissions p on p.code = rp.permission_code and p.status = 'ACTIVE'
  where r.id = ${roleId} and r.status = 'ACTIVE')`;

const like = (q: string | undefined) => (q ? `%${escapeLike(q.toLowerCase())}%` : null);

export async function listAssignees(db: Executor, query: { q?: string | undefined; pageSize: number }) {
  const q = like(query.q);
  const items = rowsOf<Assignee>(
    await db.execute(sql`
      select u.id, u.full_name as name, u.full_name_ar as "nameAr", u.username as detail from users u
      where u.status = 'ACTIVE' and ${roleHandlesMessages(sql`u.role_id`)}
        and (${q}::text is null or lower(u.full_name) like ${q} or lower(u.full_name_ar) like ${q}
          or lower(u.username) like ${q})
      order by u.full_name, u.id limit ${query.pageSize}`),
  );
  return { items };
}

export async function getAssignee(db: Executor, id: number): Promise<Assignee> {
  const [row] = rowsOf<Assignee>(
    await db.execute(sql`
      select u.id, u.full_name as name, u.full_name_ar as "nameAr", u.username as detail from users u
      where u.id = ${id} and u.status = 'ACTIVE' and ${roleHandlesMessages(sql`u.role_id`)}`),
  );
  if (!row) throw notFound('Assignee');
  return row;
}

export async function listAssigneeRoles(db: Executor, query: { q?: string | undefined; pageSize: number }) {
  const q = like(query.q);
  const items = rowsOf<Assignee>(
    await db.execute(sql`
      select r.id, r.name, r.name_ar as "nameAr", r.code as detail from roles r
      where ${roleHandlesMessages(sql`r.id`)} and (${q}::text is null or lower(r.name) like ${q} or lower(r.name_ar) like ${q})
      order by r.name, r.id limit ${query.pageSize}`),
  );
  return { items };
}

export async function getAssigneeRole(db: Executor, id: number): Promise<Assignee> {
  const [row] = rowsOf<Assignee>(
    await db.execute(
      sql`select r.id, r.name, r.name_ar as "nameAr", r.code as detail from roles r where r.id = ${id} and ${roleHandlesMessages(id)}`,
    ),
  );
  if (!row) throw notFound('Role');
  return row;
}
