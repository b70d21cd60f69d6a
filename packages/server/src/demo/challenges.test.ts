import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { challenges } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { seedDemoChallenges } from './challenges.ts';
import { seedDemoProgramme } from './index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoProgramme(t.app.db, 300);
  await seedDemoChallenges(t.app.db);
});

describe('demo challenges', () => {
  it('two live and a draft, bilingual, with progress and rewards paid through the engine', async () => {
    const rows = await t.app.db.select().from(challenges);
    expect(rows.map((r) => r.status).sort()).toEqual(['ACTIVE', 'ACTIVE', 'DRAFT']);
    for (const r of rows) expect(r.nameAr).not.toBe(r.nameEn);
    const [check] = rowsOf<{
      participants: number;
      completed: number;
      paid: number;
      spent: number;
      mismatched: number;
    }>(
      await t.app.db.execute(sql`select
        (select count(*)::int from challenge_participants) as participants,
        (select count(*)::int from challenge_participants where completed_at is not null) as completed,
        (select coalesce(sum(points), 0)::int from ledger_entries where reference like 'challenge:%') as paid,
        (select sum(spent)::int from challenges) as spent,
        (select count(*)::int from customers c where c.balance <> (
          select coalesce(sum(points), 0) from ledger_entries e where e.customer_id = c.id)) as mismatched`),
    );
    expect(check?.participants).toBeGreaterThan(10);
    expect(check?.completed).toBeGreaterThan(0);
    expect(check?.paid).toBe(check?.spent);
    expect(check?.mismatched).toBe(0);
    // Over the challenges' days so far, each from its channel, rewards dated at the completing
    // earning, every running balance in time order.
    const [spread] = rowsOf<{ days: number; noChannel: number; rewardsToday: number; misordered: number }>(
      await t.app.db.execute(sql`select
        (select count(distinct occurred_at::date)::int from ledger_entries
          where external_id like 'DEMO-CHALLENGE-%') as days,
        (select count(*)::int from ledger_entries
          where external_id like 'DEMO-CHALLENGE-%' and channel is null) as "noChannel",
        (select count(*)::int from ledger_entries
          where reference like 'challenge:%' and occurred_at > now() - interval '6 hours') as "rewardsToday",
        (select count(*)::int from (select balance_after, sum(points) over (partition by customer_id
          order by occurred_at, id) as run from ledger_entries) r where r.balance_after <> r.run) as misordered`),
    );
    expect(spread?.days).toBeGreaterThan(5);
    expect(spread?.noChannel).toBe(0);
    expect(spread?.rewardsToday).toBe(0);
    expect(spread?.misordered).toBe(0);
    // Seeding again changes nothing.
    await seedDemoChallenges(t.app.db);
    expect(await t.app.db.select().from(challenges)).toHaveLength(3);
  });
});
