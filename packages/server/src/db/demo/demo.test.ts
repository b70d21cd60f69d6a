import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { rowsOf } from '../client.ts';
import { generateCustomers, seedDemoProgramme, seedProgramme } from './index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoProgramme(t.app.db, 300);
});

describe('demo data', () => {
  it('builds a programme whose balances, tiers and ledgers agree', async () => {
    const [check] = rowsOf<{ customers: number; mismatched: number; wrongTier: number; entries: number }>(
      await t.app.db.execute(sql`
        select count(*)::int as customers,
          count(*) filter (where c.balance <> coalesce(s.total, 0) or c.lifetime_points <> coalesce(s.total, 0))::int as mismatched,
          count(*) filter (where c.tier_id is distinct from (
            select t.id from tiers t where t.min_points <= c.lifetime_points order by t.min_points desc limit 1))::int as "wrongTier",
          sum(s.n)::int as entries
        from customers c left join (
          select customer_id, sum(points) as total, count(*) as n from ledger_entries group by customer_id) s
          on s.customer_id = c.id`),
    );
    expect(check).toMatchObject({ customers: 300, mismatched: 0, wrongTier: 0 });
    expect(check?.entries).toBeGreaterThan(300);
  });

  it('answers the demo through the staff API, and the rules price its transactions', async () => {
    const admin = await t.signIn();
    const list = await t.inject({ method: 'GET', url: '/api/admin/customers?sort=fullName:asc', as: admin });
    expect(list.json().total).toBe(300);
    const rules = await t.inject({ method: 'GET', url: '/api/admin/points-rules', as: admin });
    expect(rules.json().total).toBe(7);
    const [sample] = rowsOf<{ amount: string; points: number; code: string }>(
      await t.app.db.execute(sql`
        select e.amount, e.points, tt.code from ledger_entries e join transaction_types tt on tt.id = e.transaction_type_id
        where tt.code = 'CARD_SPEND' limit 1`),
    );
    expect(sample?.points).toBe(Math.min(1000, Math.max(1, Math.floor(Number(sample?.amount) / 10))));
  });

  it('adds more customers after those there, and seeds the programme once', async () => {
    const { typeIds, cardRuleId } = await seedProgramme(t.app.db);
    await generateCustomers(t.app.db, typeIds, cardRuleId, {
      customers: 50,
      transactionsPerCustomer: 2,
      months: 6,
      batch: 20,
    });
    const [n] = rowsOf<{ n: number; types: number }>(
      await t.app.db.execute(
        sql`select (select count(*) from customers)::int as n, (select count(*) from transaction_types)::int as types`,
      ),
    );
    expect(n).toEqual({ n: 350, types: 7 });
  });
});
