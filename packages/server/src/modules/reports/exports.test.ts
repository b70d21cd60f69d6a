/**
 * The export of every list (platform/exports.ts) against the list itself, on the demo programme:
 * for every descriptor, every sort field both ways and every filter, the exported rows are exactly
 * the list's rows in the list's order. Batches of 3 rows (97 for long lists), so the keyset
 * crosses many batch boundaries, ties and nulls included.
 */
import { type CustomerListQuery, customerResource, exportMediaTypes, resources } from '@loyalty/contracts';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { rowsOf } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { exportColumns, exportSettings, exportStream } from '../../platform/exports.ts';
import { buildTestApp, DEMO_SETUP_TIMEOUT, type TestApp } from '../../test/app.ts';
import { customerExportCells, listCustomers } from '../customers/index.ts';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
  admin = await t.signIn();
  exportSettings.batch = 3;
}, DEMO_SETUP_TIMEOUT);
afterAll(() => {
  exportSettings.batch = 1_000;
});

const exported = resources.filter((r) => r.read && r.name !== 'approvals');

/** Every row of the list for this query, page after page (at most 600). */
async function listAll(name: string, query: string) {
  const rows: Row[] = [];
  for (let page = 1; page <= 6; page++) {
    const res = await t.inject({
      method: 'GET',
      url: `/api/admin/${name}?pageSize=100&page=${page}&${query}`,
      as: admin,
    });
    expect(res.statusCode, `${name}?${query}: ${res.body.slice(0, 300)}`).toBe(200);
    const body = res.json() as { items: Row[]; total: number };
    rows.push(...body.items);
    if (rows.length >= body.total || body.items.length < 100) return { rows, complete: true };
  }
  return { rows, complete: false };
}

async function csv(name: string, query: string) {
  const res = await t.inject({ method: 'GET', url: `/api/admin/${name}/export?${query}`, as: admin });
  expect(res.statusCode, `${name}/export?${query}: ${res.body.slice(0, 300)}`).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  expect(res.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="${name}-.*Z\\.csv"`));
  return parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
}

/** The column that identifies a row in both: the id, the audit entry's number, the service's id. */
const keyOf = (row: Record<string, unknown>) => ['id', 'seq', 'serviceId'].find((k) => k in row) ?? 'id';

/** The audit trail grows by the export itself: its own entries are left out of the comparison. */
const notExports = (row: Record<string, unknown>) => row.command !== 'list.export';

function sameRows(
  name: string,
  query: string,
  list: { rows: Row[]; complete: boolean },
  file: Record<string, string>[],
) {
  const key = keyOf(file[0] ?? list.rows[0] ?? { id: 0 });
  const listed = list.rows.filter(notExports).map((r) => String(r[key]));
  const inFile = file.filter(notExports).map((r) => r[key]);
  if (list.complete) expect(inFile, `${name}?${query}`).toEqual(listed);
  else expect(inFile.slice(0, listed.length), `${name}?${query}`).toEqual(listed);
}

/** A filter value seen in the data (the first filter whose field the items carry). */
function aFilter(resource: (typeof resources)[number], rows: Row[]): string | undefined {
  const shape = (resource.query as unknown as z.ZodObject).shape;
  for (const field of Object.keys(shape)) {
    if (['page', 'pageSize', 'sort', 'q'].includes(field)) continue;
    const seen = rows.map((r) => r[field]).find((v) => typeof v === 'string' || typeof v === 'number');
    if (seen !== undefined) return `${field}=${encodeURIComponent(String(seen))}`;
  }
  return undefined;
}

describe.each(exported.map((r) => [r.name, r] as const))('GET /api/admin/%s/export', (name, resource) => {
  it('exports the list’s rows in the list’s order, for every sort field both ways and a filter', async () => {
    const all = await listAll(name, '');
    // Small batches cross many boundaries; a long list (the customers) would take too many.
    exportSettings.batch = all.complete && all.rows.length <= 200 ? 3 : 97;
    for (const field of resource.sortFields) {
      for (const direction of ['asc', 'desc'] as const) {
        const query = `sort=${field}:${direction}`;
        sameRows(name, query, await listAll(name, query), await csv(name, query));
      }
    }
    const filter = aFilter(resource, all.rows);
    if (filter) sameRows(name, filter, await listAll(name, filter), await csv(name, filter));
  }, 120_000);
});

describe('GET /api/admin/<list>/export', () => {
  it('answers XLSX with the same rows as the CSV, Arabic intact', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/admin/message-categories/export?format=xlsx&sort=nameEn:desc',
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(exportMediaTypes.xlsx);
    expect(res.headers['content-disposition']).toMatch(/filename="message-categories-.*Z\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const rows: Record<string, unknown>[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const values = (row.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(header.map((h, i) => [String(h), values[i]])));
    });
    const fromCsv = await csv('message-categories', 'sort=nameEn:desc');
    expect(rows.map((r) => String(r.id))).toEqual(fromCsv.map((r) => r.id));
    expect(header).toEqual(Object.keys(fromCsv[0] ?? {}));
    expect(rows.some((r) => /[\u0600-\u06FF]/.test(Object.values(r).join(' ')))).toBe(true);
  });

  it('neutralises spreadsheet formulas in CSV and writes them as inert text in XLSX', async () => {
    // A name as someone could type it into any free-text field.
    await t.app.db.execute(
      sql`update reward_categories set name = '=HYPERLINK("http://x.test","Win")'
          where id = (select min(id) from reward_categories)`,
    );
    const file = await csv('reward-categories', 'q=HYPERLINK');
    const raw = await t.inject({
      method: 'GET',
      url: '/api/admin/reward-categories/export?q=HYPERLINK',
      as: admin,
    });
    expect(file).toHaveLength(1);
    expect(raw.body).toContain(`'=HYPERLINK`);
    expect(raw.body).not.toMatch(/(^|,)=HYPERLINK/m);
    const xlsx = await t.inject({
      method: 'GET',
      url: '/api/admin/reward-categories/export?q=HYPERLINK&format=xlsx',
      as: admin,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells: ExcelJS.Cell[] = [];
    book.worksheets[0]?.getRow(2).eachCell((c) => {
      cells.push(c);
    });
    expect(cells.some((c) => c.value === '=HYPERLINK("http://x.test","Win")')).toBe(true);
    expect(cells.every((c) => c.type !== ExcelJS.ValueType.Formula)).toBe(true);
  });

  // Batches of 3 over the demo's 2,500 customers, twice each way: 834 keyset pages a scan, 12-32 s on
  // a loaded 2-core machine.
  it('computes the customers’ cells in the database exactly as the list’s items would be written', {
    timeout: 120_000,
  }, async () => {
    // What could differ: a formula-like name, microseconds, an empty and a two-product list, no tier.
    await t.app.db.execute(sql`update customers set full_name = '=SUM(A1)', products = '{CREDIT_CARD,MORTGAGE}',
        last_activity_at = '2026-03-04 05:06:07.891234+00', date_of_birth = '1985-12-31', kyc_level = 2
      where id = (select min(id) from customers)`);
    await t.app.db.execute(sql`update customers set tier_id = null, products = '{}', nationality = null
      where id = (select max(id) from customers)`);
    // Quoting: a comma, a quote, a line break; formula starts the spreadsheet would run.
    await t.app.db.execute(sql`update customers set full_name = ${'Saad "Al-Harbi", Jr.\nsecond line'},
        email = ${'＝cmd'}, mobile = ${'\t+966'}, nationality = ${'-SA'}
      where id = (select min(id) + 1 from customers)`);
    const columns = exportColumns(customerResource.item);
    const read = async (stream: NodeJS.ReadableStream) => {
      let text = '';
      for await (const chunk of stream) text += chunk;
      return text;
    };
    // The search: a name some customers bear (`a` matched nearly all of them: a third full scan).
    const queries = [
      { sort: 'customerNumber:asc' },
      { sort: 'fullName:desc' },
      { q: 'omar', status: 'ACTIVE' },
    ];
    for (const query of queries) {
      const base = { page: 1, pageSize: 20, ...query } as CustomerListQuery;
      const actor = { userId: 0 } as Actor;
      const fromItems = await read(exportStream(t.app.db, listCustomers, base, actor, columns, 'csv', 'c'));
      const fromCells = await read(
        exportStream(t.app.db, listCustomers, base, actor, columns, 'csv', 'c', customerExportCells),
      );
      expect(fromCells.split('\n').length).toBeGreaterThan(3);
      expect(fromCells).toEqual(fromItems);
    }
  });

  it('needs the list’s read permission, refuses bad input as a problem, and is audited', async () => {
    const nobody = await t.userWith(['tier.read']);
    const denied = await t.inject({ method: 'GET', url: '/api/admin/customers/export', as: nobody });
    expect(denied.statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/admin/tiers/export', as: nobody })).statusCode).toBe(
      200,
    );
    for (const query of ['format=pdf', 'sort=nothing:asc', 'q=a%00b', 'status=LOST']) {
      const res = await t.inject({ method: 'GET', url: `/api/admin/customers/export?${query}`, as: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const logs = await t.inject({
      method: 'GET',
      url: '/api/admin/admin-logs?command=list.export&targetType=tiers&pageSize=1',
      as: admin,
    });
    const entry = logs.json().items[0] as {
      outcome: string;
      after: Record<string, unknown>;
      actorUsername: string;
    };
    expect(entry.outcome).toBe('SUCCESS');
    expect(entry.after).toMatchObject({ format: 'csv' });
  });
});

describe.runIf(process.env.DATABASE_URL)('an export read through a cursor (PostgreSQL)', () => {
  const columns = exportColumns(customerResource.item);
  const query = { page: 1, pageSize: 20, sort: 'fullName:asc' } as CustomerListQuery;
  /** The customers' CSV export as the route streams it, through this list function. */
  const download = (list: typeof listCustomers = listCustomers) =>
    exportStream(t.app.db, list, query, { userId: 0 } as Actor, columns, 'csv', 'c', customerExportCells);
  const pool = () => (t.app.db as unknown as { $client: import('pg').Pool }).$client;
  const count = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ n: number }>(await t.app.db.execute(query))[0]?.n as number;
  /** Backends still in the export's query (its lines are written by csv_cell): running, or a portal left open. */
  const exporting = () =>
    count(sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'
        and query like '%csv_cell%'`);

  it('asks the list once and reads every row with one query', async () => {
    let asked = 0;
    let text = '';
    for await (const chunk of download((db, q) => {
      asked += 1;
      return listCustomers(db, q);
    }))
      text += chunk;
    const customers = await count(sql`select count(*)::int as n from customers`);
    expect(parse(text, { bom: true })).toHaveLength(customers + 1); // a name holds a line break
    expect(asked).toBe(1);
  });

  it('gives its connection back when the download stops midway, and the next one is whole', async () => {
    const before = pool().totalCount;
    for await (const _chunk of download()) break; // the client went away after the first batch
    await expect.poll(exporting, { timeout: 5_000 }).toBe(0);
    expect(pool().totalCount).toBeLessThanOrEqual(before + 1);
    // The app's background work may hold a connection for a moment; a leaked cursor holds one for good.
    await expect.poll(() => pool().totalCount - pool().idleCount, { timeout: 5_000 }).toBe(0);
    const whole = await t.inject({ method: 'GET', url: '/api/admin/customers/export?format=csv', as: admin });
    expect(whole.statusCode).toBe(200);
    expect(whole.body.split('\n').length).toBeGreaterThan(100);
  });
});
