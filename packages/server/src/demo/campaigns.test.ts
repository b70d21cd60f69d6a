import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { campaigns } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { seedDemoCampaigns } from './campaigns.ts';
import { seedDemoProgramme } from './index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoProgramme(t.app.db, 300);
  await seedDemoCampaigns(t.app.db);
});

describe('demo campaigns', () => {
  it('has one campaign of each stage, named in both languages, the live one spent through the engine', async () => {
    const rows = await t.app.db.select().from(campaigns);
    expect(rows.map((r) => r.status).sort()).toEqual(['ACTIVE', 'DRAFT', 'ENDED', 'SCHEDULED']);
    for (const r of rows) expect(r.nameAr).not.toBe(r.nameEn);
    const live = rows.find((r) => r.status === 'ACTIVE');
    expect(live?.spent).toBeGreaterThan(0);
    const [check] = rowsOf<{ awards: number; bonus: number; mismatched: number }>(
      await t.app.db.execute(sql`select
        (select sum(points)::int from campaign_awards where campaign_id = ${live?.id}) as awards,
        (select sum(bonus_points)::int from ledger_entries where campaign_id = ${live?.id}) as bonus,
        (select count(*)::int from customers c where c.balance <> (
          select coalesce(sum(points), 0) from ledger_entries e where e.customer_id = c.id)) as mismatched`),
    );
    expect(check).toEqual({ awards: live?.spent, bonus: live?.spent, mismatched: 0 });
    // Seeding again changes nothing.
    await seedDemoCampaigns(t.app.db);
    expect(await t.app.db.select().from(campaigns)).toHaveLength(4);
  });
});
