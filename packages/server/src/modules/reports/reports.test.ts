/**
 * MainReports on the demo programme: each report agrees with the dashboard and the tables it
 * reads, exports the same rows, and is read only by those who may read its source.
 */
import { reportNames } from '@loyalty/contracts';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { seedDemo } from '../../db/seed.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { addDays, isoDay } from './period.ts';

let t: TestApp;
let admin: { authorization: string };
const to = isoDay(new Date());
const from = addDays(to, -89);
const range = `from=${from}&to=${to}`;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.app.db);
  admin = await t.signIn();
}, 180_000);

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
  });

  it('tier migration, service desk and staff activity count what their tables hold', async () => {
    const tiers = await report('tierMigration', `from=${addDays(to, -700)}&to=${to}`);
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
