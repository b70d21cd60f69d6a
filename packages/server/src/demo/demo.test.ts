import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { seedDemoCatalogue } from './catalogue.ts';
import { seedDemoCorrections } from './corrections.ts';
import { replayDemoExpiry } from './expiry.ts';
import { generateCustomers, seedDemoProgramme, seedProgramme } from './index.ts';
import { seedDemoRedemptions } from './redemptions.ts';

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

  it('redeems vouchers and expires points in the history without any balance going below zero', async () => {
    await seedDemoCatalogue(t.app.db);
    await seedDemoRedemptions(t.app.db);
    await replayDemoExpiry(t.app.db);
    const [expiry] = rowsOf<{ months: number; today: number }>(
      await t.app.db.execute(sql`
        select count(distinct date_trunc('month', occurred_at))::int as months,
          count(*) filter (where occurred_at > now() - interval '1 day')::int as today
        from ledger_entries where kind = 'EXPIRE'`),
    );
    // Expired month by month in the past, not all on the day the demo is made.
    expect(expiry?.months).toBeGreaterThan(2);
    expect(expiry?.today).toBe(0);
    const [check] = rowsOf<{
      redeemed: number;
      wrongBalance: number;
      wrongRunning: number;
      negative: number;
      wrongIssued: number;
    }>(
      await t.app.db.execute(sql`
        select
          (select count(*) from redemptions)::int as redeemed,
          (select count(*) from customers c where c.balance <> coalesce(
             (select sum(points) from ledger_entries e where e.customer_id = c.id), 0)
             or c.lifetime_points <> coalesce(
             (select sum(points) from ledger_entries e where e.customer_id = c.id and e.kind = 'EARN'), 0))::int as "wrongBalance",
          (select count(*) from (select balance_after, sum(points) over (partition by customer_id order by occurred_at, id) as run
             from ledger_entries) r where r.balance_after <> r.run)::int as "wrongRunning",
          (select count(*) from ledger_entries where balance_after < 0)::int as negative,
          (select count(*) from vouchers v where v.issued <> (select count(*) from redemptions r
             where r.voucher_id = v.id and r.status = 'ISSUED'))::int as "wrongIssued"`),
    );
    expect(check).toMatchObject({ wrongBalance: 0, wrongRunning: 0, negative: 0, wrongIssued: 0 });
    expect(check?.redeemed).toBeGreaterThan(20);
    const admin = await t.signIn();
    const list = await t.inject({ method: 'GET', url: '/api/admin/redemptions?pageSize=1', as: admin });
    expect(list.json().total).toBe(check?.redeemed);
  });

  it("adds the service desk's corrections once, as the newest postings, with every balance still agreeing", async () => {
    await seedDemoCorrections(t.app.db);
    await seedDemoCorrections(t.app.db);
    const [check] = rowsOf<{
      active: number;
      adjusted: number;
      reversed: number;
      exact: number;
      newest: number;
      wrongBalance: number;
      wrongRunning: number;
      negative: number;
    }>(
      await t.app.db.execute(sql`
        select
          (select count(*) from customers where status = 'ACTIVE')::int as active,
          (select count(*) from ledger_entries where kind = 'ADJUST' and note is not null and actor_id is not null)::int as adjusted,
          (select count(*) from ledger_entries where kind = 'REVERSAL')::int as reversed,
          (select count(*) from ledger_entries r join ledger_entries e on e.id = r.reversal_of
             where r.kind = 'REVERSAL' and r.points = -e.points)::int as exact,
          (select count(*) from ledger_entries x where x.kind in ('ADJUST', 'REVERSAL') and x.id = (
             select max(id) from ledger_entries y where y.customer_id = x.customer_id and y.kind = x.kind)
             and not exists (select 1 from ledger_entries z where z.customer_id = x.customer_id
               and z.kind not in ('ADJUST', 'REVERSAL') and z.occurred_at > x.occurred_at))::int as newest,
          (select count(*) from customers c where c.balance <> coalesce(
             (select sum(points) from ledger_entries e where e.customer_id = c.id), 0))::int as "wrongBalance",
          (select count(*) from (select balance_after, sum(points) over (partition by customer_id order by occurred_at, id) as run
             from ledger_entries) r where r.balance_after <> r.run)::int as "wrongRunning",
          (select count(*) from ledger_entries where balance_after < 0)::int as negative`),
    );
    // One active customer in twenty, newest first; every other one also a chargeback.
    expect(check?.adjusted).toBe(Math.ceil((check?.active ?? 0) / 20));
    expect(check?.reversed).toBeGreaterThan(0);
    expect(check?.reversed).toBeLessThanOrEqual(Math.ceil((check?.adjusted ?? 0) / 2));
    expect(check).toMatchObject({ exact: check?.reversed, wrongBalance: 0, wrongRunning: 0, negative: 0 });
    expect(check?.newest).toBe((check?.adjusted ?? 0) + (check?.reversed ?? 0));
  });
});
