import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { asRuleInput, dayOf, replayTesting } from '../modules/replays/testing.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { seedDemoCatalogue } from './catalogue.ts';
import { seedDemoCorrections } from './corrections.ts';
import { replayDemoExpiry } from './expiry.ts';
import { seedDemoHouseholds } from './households.ts';
import { seedDemoFileLayouts, seedDemoImports } from './imports.ts';
import { generateCustomers, seedDemoProgramme, seedProgramme } from './index.ts';
import { seedDemoRedemptions } from './redemptions.ts';

let t: TestApp;

// Thirty months of 300 customers' history: ~20 s on a quiet machine, over 60 s on a busy one.
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoProgramme(t.app.db, 300);
}, 180_000);

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

  it("replays today's rules over its last 90 days as posted: its history ends before the tier bonuses start", async () => {
    const [seeded] = rowsOf<{ today: number }>(
      await t.app.db.execute(sql`select count(*)::int as today from ledger_entries
        where external_id like 'DEMO-%' and occurred_at >= date_trunc('day', now(), 'UTC')`),
    );
    expect(seeded?.today).toBe(0);
    const admin = await t.signIn();
    const rule = (await t.inject({ method: 'GET', url: '/api/admin/points-rules/1', as: admin })).json();
    const r = await replayTesting(t, admin).replay({
      command: 'pointsRule.update',
      id: 1,
      input: asRuleInput(rule),
      from: dayOf(90),
      to: dayOf(0),
    });
    expect(r.totals?.earnings).toBeGreaterThan(100);
    expect(r.totals?.difference).toBe(0);
    expect(r.exactness).toMatchObject({ mismatchedEntries: 0, mismatchedPoints: 0 });
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
    const [expiry] = rowsOf<{ months: number; between: number }>(
      await t.app.db.execute(sql`
        select count(distinct date_trunc('month', occurred_at, 'UTC'))::int as months,
          count(*) filter (where occurred_at <> date_trunc('month', occurred_at, 'UTC'))::int as between
        from ledger_entries where kind = 'EXPIRE'`),
    );
    // Expired month by month in the past, each at the end of its month, not all on the day the demo
    // is made (on a month's first day the month just ended expires at its midnight, today).
    expect(expiry?.months).toBeGreaterThan(2);
    expect(expiry?.between).toBe(0);
    const [check] = rowsOf<{
      redeemed: number;
      wrongBalance: number;
      wrongRunning: number;
      negative: number;
      wrongIssued: number;
      wrongChannel: number;
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
             where r.voucher_id = v.id and r.status = 'ISSUED'))::int as "wrongIssued",
          -- A redemption made in a channel is that channel's entry in the ledger (and the reports).
          (select count(*) from redemptions r join ledger_entries e on e.id = r.ledger_entry_id
             where r.channel is null or e.channel is distinct from r.channel)::int as "wrongChannel"`),
    );
    expect(check).toMatchObject({
      wrongBalance: 0,
      wrongRunning: 0,
      negative: 0,
      wrongIssued: 0,
      wrongChannel: 0,
    });
    expect(check?.redeemed).toBeGreaterThan(20);
    const admin = await t.signIn();
    const list = await t.inject({ method: 'GET', url: '/api/admin/redemptions?pageSize=1', as: admin });
    expect(list.json().total).toBe(check?.redeemed);
  });

  it('spends points as a mature programme does: most of what is issued redeemed, over the catalogue, little expired', async () => {
    // The targets of docs/decisions/demo-data.md, over the last year and the last 30 days.
    const [year, month] = rowsOf<{ issued: number; redeemed: number; expired: number }>(
      await t.app.db.execute(sql`
        select d.days, coalesce(sum(points) filter (where kind = 'EARN'), 0)::int as issued,
          coalesce(-sum(points) filter (where kind = 'REDEEM'), 0)::int as redeemed,
          coalesce(-sum(points) filter (where kind = 'EXPIRE'), 0)::int as expired
        from (values (365), (30)) d(days)
          left join ledger_entries e on e.occurred_at > now() - d.days * interval '1 day'
        group by d.days order by d.days desc`),
    );
    // A few hundred customers: the year's figures hold the targets, the month's (a few rich
    // customers' earnings) within wider bounds; the full demo's month: reports/dashboard.test.ts.
    expect(year?.redeemed).toBeGreaterThan(0.45 * (year?.issued ?? 0));
    expect(year?.expired).toBeLessThan(0.25 * (year?.issued ?? 0));
    expect(month?.redeemed).toBeGreaterThan(0.2 * (month?.issued ?? 0));
    expect(month?.expired).toBeLessThan(0.5 * (month?.issued ?? 0));
    for (const period of [year, month]) expect(period?.redeemed).toBeLessThan(0.95 * (period?.issued ?? 0));
    const rewards = rowsOf<{ n: number }>(
      await t.app.db.execute(
        sql`select count(*)::int as n from redemptions group by voucher_id order by n desc`,
      ),
    );
    const total = rewards.reduce((sum, r) => sum + r.n, 0);
    const vouchers = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from vouchers`),
    );
    expect(rewards.length).toBeGreaterThanOrEqual((vouchers[0]?.n ?? 0) - 3);
    expect(rewards[0]?.n).toBeLessThan(0.25 * total);
    // Each customer within each voucher's limit, each voucher within its stock.
    const [over] = rowsOf<{ limit: number; stock: number }>(
      await t.app.db.execute(sql`
        select
          (select count(*) from (select r.customer_id, r.voucher_id, count(*) as n, max(v.per_customer_limit) as lim
             from redemptions r join vouchers v on v.id = r.voucher_id group by 1, 2) x where x.n > x.lim)::int as limit,
          (select count(*) from vouchers where issued > amount)::int as stock`),
    );
    expect(over).toEqual({ limit: 0, stock: 0 });
  });

  it('names every customer in both scripts, shown in the screen’s language', async () => {
    const [names] = rowsOf<{ latin: number; arabic: number; n: number }>(
      await t.app.db.execute(sql`
        select count(*) filter (where full_name ~ '^[A-Za-z -]+$')::int as latin,
          count(*) filter (where full_name_ar ~ '^[ء-ي ]+$')::int as arabic, count(*)::int as n from customers`),
    );
    expect(names).toEqual({ latin: names?.n, arabic: names?.n, n: names?.n });
    const admin = await t.signIn();
    const list = await t.inject({ method: 'GET', url: '/api/admin/customers?pageSize=1', as: admin });
    const [first] = list.json().items;
    expect(first.fullName).toMatch(/^[A-Za-z -]+$/);
    expect(first.fullNameAr).toMatch(/^[ء-ي ]+$/);
    // Staff find a customer by either name.
    const found = await t.inject({
      method: 'GET',
      url: `/api/admin/customers?pageSize=1&q=${encodeURIComponent(first.fullNameAr)}`,
      as: admin,
    });
    expect(found.json().total).toBeGreaterThan(0);
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

  it('forms three families once, each headed by its member with the most points, a transfer to the head keeping every balance', async () => {
    await seedDemoHouseholds(t.app.db);
    await seedDemoHouseholds(t.app.db);
    const [check] = rowsOf<{
      households: number;
      members: number;
      headsRichest: number;
      waiting: number;
      namedAlike: number;
      transfers: number;
      toHead: number;
      wrongBalance: number;
      negative: number;
    }>(
      await t.app.db.execute(sql`
        select
          (select count(*) from households)::int as households,
          (select count(*) from household_members)::int as members,
          (with before as (
             -- Each member's points before the transfers.
             select m.household_id, m.role, c.balance
               - coalesce((select sum(t.points) from household_transfers t where t.to_customer_id = c.id), 0)
               + coalesce((select sum(t.points) from household_transfers t where t.from_customer_id = c.id), 0) as points
             from household_members m join customers c on c.id = m.customer_id)
           select count(*) from before h where h.role = 'HEAD'
             and h.points >= all (select b.points from before b where b.household_id = h.household_id))::int as "headsRichest",
          (select count(*) from household_members where consented_at is null)::int as waiting,
          (select count(*) from (select m.household_id from household_members m join customers c on c.id = m.customer_id
             group by m.household_id, c.full_name having count(*) > 1) x)::int as "namedAlike",
          (select count(*) from household_transfers)::int as transfers,
          (select count(*) from household_transfers t join households h on h.id = t.household_id
             where t.to_customer_id = h.head_customer_id)::int as "toHead",
          (select count(*) from customers c where c.balance <> coalesce(
             (select sum(points) from ledger_entries e where e.customer_id = c.id), 0))::int as "wrongBalance",
          (select count(*) from ledger_entries where balance_after < 0)::int as negative`),
    );
    expect(check).toMatchObject({
      households: 3,
      headsRichest: 3,
      waiting: 3,
      namedAlike: 0,
      wrongBalance: 0,
      negative: 0,
    });
    expect(check?.members).toBeGreaterThanOrEqual(9);
    expect(check?.transfers).toBeGreaterThan(0);
    expect(check?.toHead).toBe(check?.transfers);
  });

  it("stages last night's card-processor file once, waiting for a checker, its two bad lines refused by reason", async () => {
    await seedDemoImports(t.app.db);
    await seedDemoImports(t.app.db);
    const admin = await t.signIn();
    const list = (
      await t.inject({ method: 'GET', url: '/api/admin/imports?q=pos-settlement', as: admin })
    ).json();
    expect(list.total).toBe(1);
    const one = (
      await t.inject({ method: 'GET', url: `/api/admin/imports/${list.items[0].id}`, as: admin })
    ).json();
    expect(one).toMatchObject({
      kind: 'TRANSACTIONS',
      status: 'VALIDATED',
      channel: 'POS',
      postValid: true,
      lines: 40,
      invalidLines: 2,
      refused: { unknownCustomer: 1, badDate: 1 },
    });
    expect(one.fileName).toMatch(/^pos-settlement-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it("has the core banking end-of-day fixed-width layout in both languages, and last night's file read by it, reconciled with its trailer", async () => {
    await seedDemoFileLayouts(t.app.db);
    await seedDemoFileLayouts(t.app.db);
    const admin = await t.signIn();
    const layouts = (await t.inject({ method: 'GET', url: '/api/admin/file-layouts', as: admin })).json();
    expect(layouts.total).toBe(1);
    expect(layouts.items[0]).toMatchObject({ format: 'FIXED_WIDTH', encoding: 'WINDOWS-1256' });
    expect(layouts.items[0].nameAr).toMatch(/[\u0600-\u06FF]/);
    const list = (await t.inject({ method: 'GET', url: '/api/admin/imports?q=cbs-eod', as: admin })).json();
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      status: 'VALIDATED',
      lines: 12,
      invalidLines: 0,
      channel: 'BRANCH',
    });
    expect(list.items[0].control.records).toBe(list.items[0].control.trailerRecords);
    expect(list.items[0].control.total).toBe(list.items[0].control.trailerTotal);
  });
});
