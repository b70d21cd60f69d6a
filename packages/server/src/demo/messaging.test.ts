import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { seedDemoProgramme } from './index.ts';
import { seedDemoMessaging } from './messaging.ts';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoProgramme(t.app.db, 300);
  await seedDemoMessaging(t.app.db, 150);
  await seedDemoMessaging(t.app.db, 150);
  admin = await t.signIn();
}, 120_000);

const list = async (query: string) =>
  (await t.inject({ method: 'GET', url: `/api/admin/messages?pageSize=100&${query}`, as: admin })).json();

describe('seedDemoMessaging', () => {
  it('fills the queue once, in both languages, answered and waiting, some overdue', async () => {
    expect((await list('')).total).toBe(150);
    const statuses = await Promise.all(
      ['NEW', 'ASSIGNED', 'REPLIED', 'CLOSED'].map(async (s) => (await list(`status=${s}`)).total),
    );
    expect(statuses.every((n) => n > 0)).toBe(true);
    expect((await list('overdue=true')).total).toBeGreaterThan(0);
    const subjects: string[] = (await list('')).items.map((m: { subject: string }) => m.subject);
    expect(subjects.some((s) => /[\u0600-\u06FF]/.test(s))).toBe(true);
    expect(subjects.some((s) => /^[A-Za-z]/.test(s))).toBe(true);
    const categories = (
      await t.inject({ method: 'GET', url: '/api/admin/message-categories', as: admin })
    ).json();
    expect(categories.total).toBe(5);
  });

  it('answers each question after it was asked, over months', async () => {
    const rows = rowsOf<{ early: number; oldest_days: number }>(
      await t.app.db.execute(sql`
      select
        (select count(*)::int from conversation_entries r join conversation_entries q
           on q.conversation_id = r.conversation_id and q.kind = 'INBOUND'
         where r.kind = 'REPLY' and r.created_at <= q.created_at) as early,
        (select extract(day from now() - min(created_at))::int from conversations) as oldest_days`),
    );
    expect(rows[0]).toMatchObject({ early: 0 });
    expect(rows[0]?.oldest_days).toBeGreaterThan(90);
  });
});
