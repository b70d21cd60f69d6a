/**
 * The home dashboard on the demo programme: every figure equals the same figure computed directly
 * from the ledger (and the customers, tiers, redemptions and conversations), for the period asked
 * and the one before it; the roll-up follows new postings; figures follow permissions.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, DEMO_SETUP_TIMEOUT, type TestApp } from '../../test/app.ts';
import { addDays, isoDay } from './period.ts';

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
  admin = await t.signIn();
}, DEMO_SETUP_TIMEOUT);

const one = async (query: ReturnType<typeof sql>) => {
  const [row] = rowsOf<{ v: string | number | null }>(await t.app.db.execute(query));
  return Number(row?.v ?? 0);
};

/** Ledger entries of these kinds on UTC days from..to. */
const onDays = (from: string, to: string) =>
  sql`(occurred_at at time zone 'UTC')::date between ${from}::date and ${to}::date`;

/** Issued: earnings and positive adjustments, not the points a family transfer moved to a member. */
const issuedEntries = sql`kind in ('EARN', 'ADJUST') and points > 0
  and not exists (select 1 from household_transfers h where h.credit_entry_id = ledger_entries.id)`;

async function fromLedger(from: string, to: string) {
  const [issued, redeemed, expired] = await Promise.all([
    one(sql`select sum(points) as v from ledger_entries where ${issuedEntries} and ${onDays(from, to)}`),
    one(
      sql`select -sum(points) as v from ledger_entries where kind = 'REDEEM' and points < 0 and ${onDays(from, to)}`,
    ),
    one(
      sql`select -sum(points) as v from ledger_entries where kind = 'EXPIRE' and points < 0 and ${onDays(from, to)}`,
    ),
  ]);
  const outstanding = await one(
    sql`select sum(points) as v from ledger_entries where (occurred_at at time zone 'UTC')::date <= ${to}::date`,
  );
  const active = await one(sql`
    select count(distinct customer_id) as v from ledger_entries
    where kind in ('EARN', 'REDEEM') and occurred_at >= ${addDays(to, -89)}::date and occurred_at < (${to}::date + 1)`);
  return { issued, redeemed, expired, outstanding, active };
}

const get = async (query: string, as = admin) => {
  const res = await t.inject({ method: 'GET', url: `/api/admin/dashboard?${query}`, as });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json();
};

describe('GET /api/admin/dashboard', () => {
  it.each([
    ['the last 30 days', 29],
    ['the last quarter', 89],
    ['a year', 364],
  ])('agrees with the ledger exactly over %s, and over the period before', async (_, back) => {
    const to = isoDay(new Date());
    const from = addDays(to, -back);
    const d = await get(`from=${from}&to=${to}`);
    expect(d.period).toMatchObject({ from, to, previousTo: addDays(from, -1) });
    const now = await fromLedger(from, to);
    const before = await fromLedger(d.period.previousFrom, d.period.previousTo);
    expect(now.issued).toBeGreaterThan(0);
    // The demo's family transfers are today's: in every period, and not issued.
    expect(await one(sql`select count(*) as v from household_transfers`)).toBeGreaterThan(0);
    expect(d.points.issued).toEqual({ value: now.issued, previous: before.issued });
    expect(d.points.redeemed).toEqual({ value: now.redeemed, previous: before.redeemed });
    expect(d.points.expired).toEqual({ value: now.expired, previous: before.expired });
    expect(d.points.outstanding).toEqual({ value: now.outstanding, previous: before.outstanding });
    expect(d.points.activeCustomers).toEqual({ value: now.active, previous: before.active });
    expect(d.points.redemptionRate.value).toBe(Math.round((now.redeemed / now.issued) * 1000) / 10);
    // The liability at today is what customers hold.
    expect(now.outstanding).toBe(await one(sql`select sum(balance) as v from customers`));
    const value = await one(sql`select point_value as v from report_settings`);
    expect(d.points.outstandingValue.value).toBe(Math.round(now.outstanding * value * 100) / 100);
    // The chart's points add up to the period's figures.
    const total = (k: 'issued' | 'redeemed' | 'expired') =>
      d.points.series.reduce((s: number, p: Record<string, number>) => s + (p[k] ?? 0), 0);
    expect([total('issued'), total('redeemed'), total('expired')]).toEqual([
      now.issued,
      now.redeemed,
      now.expired,
    ]);
    expect(d.period.bucket).toBe(back < 62 ? 'day' : back < 186 ? 'week' : 'month');
    // Issued by the channel that posted it ('' : the back office and the system), most first.
    const byChannel = rowsOf<{ channel: string; points: string }>(
      await t.app.db.execute(sql`select coalesce(channel, '') as channel, sum(points) as points
        from ledger_entries where ${issuedEntries} and ${onDays(from, to)}
        group by 1 order by 2 desc, 1`),
    );
    expect(d.points.channels).toEqual(
      byChannel.map((r) => ({ channel: r.channel, points: Number(r.points) })),
    );
  });

  it('counts customers per tier, top rewards, open and overdue messages as the tables do', async () => {
    const d = await get('');
    const tiers = rowsOf<{ tier_id: number | null; customers: number }>(
      await t.app.db.execute(sql`select tier_id, count(*)::int as customers from customers group by tier_id`),
    );
    expect(
      d.tiers.map((r: { tierId: number | null; customers: number }) => [r.tierId, r.customers]).sort(),
    ).toEqual(tiers.map((r) => [r.tier_id, r.customers]).sort());
    // Each tier with its Arabic name, for the chart on an Arabic screen.
    const names = rowsOf<{ id: number; name_ar: string }>(
      await t.app.db.execute(sql`select id, name_ar from tiers`),
    );
    for (const tier of d.tiers.filter((r: { tierId: number | null }) => r.tierId !== null)) {
      expect(tier.nameAr).toBe(names.find((n) => n.id === tier.tierId)?.name_ar);
    }
    const open = await one(sql`select count(*) as v from conversations where status in ('NEW', 'ASSIGNED')`);
    const overdue = await one(
      sql`select count(*) as v from conversations where status in ('NEW', 'ASSIGNED') and due_at < now()`,
    );
    expect(d.messages).toMatchObject({ open, overdue });
    const redemptions = await one(sql`
      select count(*) as v from redemptions
      where status = 'ISSUED' and created_at >= ${d.period.from}::date and created_at < (${d.period.to}::date + 1)`);
    const top = d.topRewards.reduce((s: number, r: { redemptions: number }) => s + r.redemptions, 0);
    expect(top).toBeLessThanOrEqual(redemptions);
    expect(d.approvals).toEqual({ inbox: expect.any(Number), mine: expect.any(Number) });
  });

  it('shows a fresh demo as a mature programme (docs/decisions/demo-data.md)', async () => {
    const d = await get('');
    // Most of the month's points redeemed, a minority expired.
    expect(d.points.redemptionRate.value).toBeGreaterThan(40);
    expect(d.points.redemptionRate.value).toBeLessThan(90);
    expect(d.points.expired.value).toBeLessThan(0.25 * d.points.issued.value);
    // A programme growing with its members: the month's issued points not far below the month before.
    expect(d.points.issued.value).toBeGreaterThan(0.8 * d.points.issued.previous);
    // Five different rewards, each redeemed several times, none most of them.
    const top: { name: string; redemptions: number }[] = d.topRewards;
    expect(new Set(top.map((r) => r.name)).size).toBe(5);
    expect(Math.min(...top.map((r) => r.redemptions))).toBeGreaterThanOrEqual(3);
    const all = top.reduce((sum, r) => sum + r.redemptions, 0);
    expect(top[0]?.redemptions).toBeLessThan(0.5 * all);
    // Points come in through the bank's channels, most of them not from the back office.
    const channels: { channel: string; points: number }[] = d.points.channels;
    expect(channels.map((c) => c.channel)).toEqual(
      expect.arrayContaining(['POS', 'MOBILE_APP', 'INTERNET_BANKING']),
    );
    const office = channels.find((c) => c.channel === '')?.points ?? 0;
    expect(office).toBeLessThan(0.5 * d.points.issued.value);
  });

  it('follows new postings at once: the roll-up is kept in the posting’s transaction', async () => {
    const before = await get('');
    const [customer] = rowsOf<{ id: number }>(
      await t.app.db.execute(sql`select id from customers where status = 'ACTIVE' order by id limit 1`),
    );
    const res = await t.inject({
      method: 'POST',
      url: `/api/admin/customers/${customer?.id}/adjustments`,
      payload: { points: 1234, reason: 'Branch goodwill' },
      as: admin,
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = await get('');
    expect(after.points.issued.value).toBe(before.points.issued.value + 1234);
    expect(after.points.outstanding.value).toBe(before.points.outstanding.value + 1234);
    const office = (d: { points: { channels: { channel: string; points: number }[] } }) =>
      d.points.channels.find((c) => c.channel === '')?.points ?? 0;
    expect(office(after)).toBe(office(before) + 1234);
    const to = isoDay(new Date());
    expect((await fromLedger(addDays(to, -29), to)).issued).toBe(after.points.issued.value);
  });

  it('keeps today’s active customers fresh by a job, and counts a new customer’s first earning', async () => {
    const before = (await get('')).points.activeCustomers.value;
    // A customer becomes active (their last activity is today); the kept count is refreshed by the job.
    await t.app.db.execute(sql`
      update customers set last_activity_at = now()
      where id = (select id from customers where last_activity_at is null or last_activity_at < now() - interval '100 days' order by id limit 1)`);
    expect(await t.app.jobs.tick('reports.active-customers')).toEqual(['reports.active-customers']);
    expect((await get('')).points.activeCustomers.value).toBe(before + 1);
  });

  it('answers only the figures the user may see', async () => {
    const agent = await t.userWith(['message.read']);
    const d = await get('', agent);
    expect(d.points).toBeUndefined();
    expect(d.tiers).toBeUndefined();
    expect(d.topRewards).toBeUndefined();
    expect(d.messages).toBeDefined();
    expect(d.approvals).toEqual({ inbox: 0, mine: 0 });
    const noTiers = await get('', await t.userWith(['customer.read']));
    expect(noTiers.points).toBeDefined();
    expect(noTiers.tiers).toBeUndefined();
    expect((await t.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
  });

  it('refuses a period that ends before it starts or is longer than two years', async () => {
    for (const query of [
      'from=2026-05-02&to=2026-05-01',
      'from=2020-01-01&to=2026-01-01',
      'from=2026-02-30',
    ]) {
      const res = await t.inject({ method: 'GET', url: `/api/admin/dashboard?${query}`, as: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});
