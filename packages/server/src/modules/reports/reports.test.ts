/**
 * MainReports on the demo programme: each report agrees with the dashboard and the tables it
 * reads, exports the same rows, and is read only by those who may read its source.
 */
import { reportNames } from '@loyalty/contracts';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, DEMO_SETUP_TIMEOUT, type TestApp } from '../../test/app.ts';
import { addDays, isoDay } from './period.ts';
import { refreshSnapshots } from './reports.service.ts';

let t: TestApp;
let admin: { authorization: string };
const to = isoDay(new Date());
const from = addDays(to, -89);
const range = `from=${from}&to=${to}`;

beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
  admin = await t.signIn();
}, DEMO_SETUP_TIMEOUT);

type Row = Record<string, string | number | null>;
const report = async (name: string, query = range, as = admin) => {
  const res = await t.inject({ method: 'GET', url: `/api/admin/reports/${name}?${query}`, as });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json() as { columns: string[]; rows: Row[]; from: string; to: string };
};
const sum = (rows: Row[], key: string) => rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);
const one = async (query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ v: unknown }>(await t.app.db.execute(query))[0]?.v ?? 0);

describe('GET /api/admin/reports/{name}', () => {
  it('liability: the period’s flows and the outstanding points agree with the dashboard', async () => {
    const r = await report('liability');
    const d = (await t.inject({ method: 'GET', url: `/api/admin/dashboard?${range}`, as: admin })).json();
    expect(r.columns).toEqual(['period', 'issued', 'redeemed', 'expired', 'outstanding']);
    expect(r.rows.at(-1)?.outstanding).toBe(d.points.outstanding.value);
    // Weeks start on the Monday on or before `from`: the sums cover at least the period.
    expect(sum(r.rows, 'issued')).toBeGreaterThanOrEqual(d.points.issued.value);
    const monthly = await report('liability', `from=${addDays(to, -364)}&to=${to}`);
    expect(monthly.rows.length).toBeGreaterThanOrEqual(12);
    expect(monthly.rows.at(-1)?.outstanding).toBe(await one(sql`select sum(balance) as v from customers`));
  });

  it('expiry forecast: twelve months, never negative, never more than is outstanding', async () => {
    const r = await report('expiryForecast');
    expect(r.rows).toHaveLength(12);
    expect(r.rows.every((row) => Number(row.expiring) >= 0)).toBe(true);
    expect(sum(r.rows, 'expiring')).toBeLessThanOrEqual(
      await one(sql`select sum(balance) as v from customers`),
    );
    expect(sum(r.rows, 'expiring')).toBeGreaterThan(0);
  });

  it('expiry forecast and cohorts: read from the copy the job keeps while it is fresh, counted again when it is not', async () => {
    const counted = (await report('expiryForecast')).rows;
    const cohorts = (await report('cohorts')).rows;
    await refreshSnapshots(t.app.db);
    expect((await report('cohorts')).rows).toEqual(cohorts);
    expect((await report('expiryForecast')).rows).toEqual(counted);
    // The report reads the kept copy (marked here), not the ledger…
    await t.app.db.execute(sql`
      update report_snapshots set rows = jsonb_set(rows, '{0,expiring}', '123456789') where name = 'expiryForecast'`);
    expect((await report('expiryForecast')).rows[0]?.expiring).toBe(123456789);
    // …until it is older than an hour (both copies aged: the tests after this one count directly).
    await t.app.db.execute(sql`update report_snapshots set computed_at = now() - interval '61 minutes'`);
    expect((await report('expiryForecast')).rows).toEqual(counted);
  });

  it('activity: by transaction type, adding up to the ledger', async () => {
    const r = await report('activity');
    const earned = await one(sql`select sum(points) as v from ledger_entries
      where kind = 'EARN' and points > 0 and (occurred_at at time zone 'UTC')::date between ${from}::date and ${to}::date`);
    expect(
      sum(
        r.rows.filter((row) => row.kind === 'EARN'),
        'pointsIn',
      ),
    ).toBe(earned);
    expect(r.rows.some((row) => row.kind === 'EARN' && row.transactionType !== '—')).toBe(true);
    // Each type also named in Arabic, for an Arabic screen and the export.
    const arabic = rowsOf<{ code: string; name_ar: string }>(
      await t.app.db.execute(sql`select code, name_ar from transaction_types`),
    );
    for (const row of r.rows.filter((x) => x.code !== '')) {
      expect(row.transactionTypeAr).toBe(arabic.find((a) => a.code === row.code)?.name_ar);
    }
    expect(
      r.rows.filter((x) => x.code !== '').every((x) => /[\u0600-\u06ff]/.test(String(x.transactionTypeAr))),
    ).toBe(true);
    // By channel: the demo's card spend comes from the tills, and each channel's rows add up to its ledger.
    expect(r.columns.join()).toBe(
      'transactionType,transactionTypeAr,code,channel,kind,entries,pointsIn,pointsOut',
    );
    const pos = await one(sql`select sum(points) as v from ledger_entries
      where kind = 'EARN' and channel = 'POS' and (occurred_at at time zone 'UTC')::date between ${from}::date and ${to}::date`);
    expect(pos).toBeGreaterThan(0);
    expect(
      sum(
        r.rows.filter((row) => row.kind === 'EARN' && row.channel === 'POS'),
        'pointsIn',
      ),
    ).toBe(pos);
    // A family transfer is its own line: what members sent equals what members received, and the
    // liability counts none of it as issued.
    const moved = await one(sql`select sum(points) as v from household_transfers
      where (created_at at time zone 'UTC')::date between ${from}::date and ${to}::date`);
    expect(moved).toBeGreaterThan(0);
    const transfers = r.rows.filter((row) => row.kind === 'TRANSFER');
    expect([sum(transfers, 'pointsIn'), sum(transfers, 'pointsOut')]).toEqual([moved, moved]);
    const adjustments = r.rows.filter((row) => row.kind === 'ADJUST');
    expect(sum(adjustments, 'pointsIn')).toBe(
      await one(sql`select sum(points) as v from ledger_entries where kind = 'ADJUST' and points > 0 and qualifying
        and (occurred_at at time zone 'UTC')::date between ${from}::date and ${to}::date`),
    );
  });

  it('activity: a channel’s posting counts under its channel, a staff redemption under none', async () => {
    const before = await report('activity', `from=${to}&to=${to}`);
    const posPoints = (rows: Row[]) =>
      sum(
        rows.filter((row) => row.kind === 'EARN' && row.channel === 'BRANCH'),
        'pointsIn',
      );
    const created = await t.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      as: admin,
      payload: { name: 'branch till', scopes: ['customers', 'transactions'], channel: 'BRANCH' },
    });
    const key = { 'x-api-key': created.json().key as string };
    const code = 'CARD_SPEND'; // a demo earning type
    await t.app.inject({
      method: 'PUT',
      url: '/api/integration/v1/customers/BRANCH-1',
      headers: key,
      payload: { fullName: 'Branch Customer' },
    });
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/integration/v1/transactions',
      headers: key,
      payload: {
        externalId: 'BRANCH-TXN-1',
        customerNumber: 'BRANCH-1',
        transactionTypeCode: code,
        amount: 500,
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const after = await report('activity', `from=${to}&to=${to}`);
    expect(posPoints(after.rows) - posPoints(before.rows)).toBe(posted.json().pointsAwarded);
  });

  it('tier migration, service desk and staff activity count what their tables hold', async () => {
    const tiers = await report('tierMigration', `from=${addDays(to, -700)}&to=${to}`);
    // Each tier also named in Arabic (the demo's tiers have Arabic names).
    const silver = tiers.rows.find((row: Record<string, unknown>) => row.toTier === 'Silver');
    expect(silver?.toTierAr).toBe('فضي');
    expect(sum(tiers.rows, 'customers')).toBe(
      await one(sql`select count(*) as v from customer_tier_history
        where changed_at >= ${addDays(to, -700)}::date and changed_at < (${to}::date + 1)`),
    );
    const desk = await report('serviceDesk', `from=${addDays(to, -700)}&to=${to}`);
    expect(sum(desk.rows, 'received')).toBe(
      await one(sql`select count(*) as v from conversations where created_at >= ${addDays(to, -700)}::date`),
    );
    const staff = await report('staffActivity');
    expect(staff.rows.find((row) => row.user === 'admin')?.signIns).toBeGreaterThan(0);
  });

  it('vouchers: stock as the vouchers hold it, redemptions and points as the redemptions hold them', async () => {
    const long = `from=${addDays(to, -700)}&to=${to}`;
    const r = await report('vouchers', long);
    expect(r.rows).toHaveLength(await one(sql`select count(*) as v from vouchers`));
    const held = await one(sql`select count(*) as v from redemptions
      where status = 'ISSUED' and created_at >= ${addDays(to, -700)}::date`);
    expect(sum(r.rows, 'redemptions')).toBe(held);
    expect(sum(r.rows, 'pointsSpent')).toBe(
      await one(sql`select coalesce(sum(points_spent), 0) as v from redemptions
        where status = 'ISSUED' and created_at >= ${addDays(to, -700)}::date`),
    );
    expect(sum(r.rows, 'issued')).toBe(await one(sql`select sum(issued) as v from vouchers`));
    for (const row of r.rows) {
      expect(row.available).toBe(Number(row.stock) - Number(row.issued));
    }
    const top = r.rows[0] as Row;
    const money = await one(sql`select money as v from vouchers where name = ${top.voucher}`);
    expect(top.moneyValue).toBeCloseTo(Number(top.redemptions) * money, 2);
    // The voucher, its store and its category named in Arabic too, for an Arabic screen.
    const [names] = rowsOf<{ v: string; s: string; c: string }>(
      await t.app.db.execute(sql`select v.name_ar as v, s.name_ar as s, c.name_ar as c from vouchers v
        join stores s on s.id = v.store_id join reward_categories c on c.id = s.category_id where v.name = ${top.voucher}`),
    );
    expect([top.voucherAr, top.storeAr, top.categoryAr]).toEqual([names?.v, names?.s, names?.c]);
    expect(String(top.storeAr)).toMatch(/[\u0600-\u06ff]/);
    const noRedemptions = await t.userWith(['report.read', 'customer.read']);
    const res = await t.inject({ method: 'GET', url: '/api/admin/reports/vouchers', as: noRedemptions });
    expect(res.statusCode).toBe(403);
  });

  it('cohorts: customers by joining month, the share active in each month after it', async () => {
    const yearAgo = addDays(to, -400);
    const r = await report('cohorts', `from=${yearAgo}&to=${to}`);
    expect(r.columns).toEqual(['cohort', 'customers', ...Array.from({ length: 12 }, (_, i) => `m${i + 1}`)]);
    expect(sum(r.rows, 'customers')).toBe(
      await one(sql`select count(*) as v from customers
        where joined_at >= date_trunc('month', ${yearAgo}::date) and joined_at < (${to}::date + 1)`),
    );
    // One cell checked against the ledger directly: the oldest cohort, one month on.
    const first = r.rows[0] as Row;
    const active = await one(sql`select count(distinct c.id) as v from customers c join ledger_entries e
      on e.customer_id = c.id and e.kind in ('EARN', 'REDEEM')
      where to_char(c.joined_at at time zone 'UTC', 'YYYY-MM') = ${first.cohort}
        and to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM') = to_char((${`${first.cohort}-01`}::date + interval '1 month'), 'YYYY-MM')`);
    expect(first.m1).toBe(Math.round((1000 * active) / Number(first.customers)) / 10);
    // The newest cohort has no month behind it yet.
    expect(r.rows.at(-1)?.m1).toBeNull();
  });

  it('needs report.read and the read permission of the report’s source', async () => {
    const reader = await t.userWith(['report.read', 'customer.read']);
    await report('liability', range, reader);
    const desk = await t.inject({ method: 'GET', url: '/api/admin/reports/serviceDesk', as: reader });
    expect(desk.statusCode).toBe(403);
    const staff = await t.inject({
      method: 'GET',
      url: '/api/admin/reports/staffActivity/export',
      as: reader,
    });
    expect(staff.statusCode).toBe(403);
    const none = await t.userWith(['customer.read']);
    expect(
      (await t.inject({ method: 'GET', url: '/api/admin/reports/liability', as: none })).statusCode,
    ).toBe(403);
    const bad = await t.inject({ method: 'GET', url: '/api/admin/reports/nothing', as: admin });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/admin/reports/{name}/export', () => {
  it.each(reportNames)('%s: the same rows as the report, as CSV and XLSX', async (name) => {
    const r = await report(name);
    const res = await t.inject({
      method: 'GET',
      url: `/api/admin/reports/${name}/export?${range}`,
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`filename="report-${name}-.*\\.csv"`));
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => Object.values(row))).toEqual(
      r.rows.map((row) => r.columns.map((c) => (row[c] === null ? '' : String(row[c])))),
    );
    const xlsx = await t.inject({
      method: 'GET',
      url: `/api/admin/reports/${name}/export?${range}&format=xlsx`,
      as: admin,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
