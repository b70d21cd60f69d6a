/**
 * REPORTS_DATABASE_URL: reports and list exports read through a second pool (a read replica in
 * production; here the same PostgreSQL database), read-only; everything else stays on the main one.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { rowsOf } from '../../db/client.ts';
import { reportsReader, reportsReaderStats } from '../../platform/exports.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';

describe('REPORTS_DATABASE_URL', () => {
  it('is refused without DATABASE_URL (the embedded database has no replica)', () => {
    expect(() => loadConfig({ REPORTS_DATABASE_URL: 'postgres://replica/loyalty' })).toThrow(
      /REPORTS_DATABASE_URL: needs DATABASE_URL/,
    );
    const config = loadConfig({
      DATABASE_URL: 'postgres://primary/loyalty',
      REPORTS_DATABASE_URL: 'postgres://replica/loyalty',
      DATABASE_POOL_SIZE: '4',
    });
    expect(config.reportsDatabase).toEqual({ url: 'postgres://replica/loyalty', poolSize: 4 });
    expect(loadConfig({}).reportsDatabase).toBeUndefined();
  });
});

describe.runIf(process.env.DATABASE_URL)('reports on a second pool', () => {
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp();
    // The same database through a second pool, as a replica would be.
    t.app.config.reportsDatabase = { url: t.databaseUrl as string, poolSize: 2 };
    await t.restart();
    admin = await t.signIn();
  }, 120_000);

  it('reports and exports read through it; the rest of the app does not', async () => {
    expect(reportsReader(t.app.db)).not.toBe(t.app.db);
    const start = reportsReaderStats().acquired;
    expect((await t.inject({ method: 'GET', url: '/api/admin/tiers', as: admin })).statusCode).toBe(200);
    expect(reportsReaderStats().acquired).toBe(start);

    const report = await t.inject({ method: 'GET', url: '/api/admin/reports/liability', as: admin });
    expect(report.statusCode).toBe(200);
    const afterReport = reportsReaderStats().acquired;
    expect(afterReport).toBeGreaterThan(start);

    const exported = await t.inject({ method: 'GET', url: '/api/admin/tiers/export?format=csv', as: admin });
    expect(exported.statusCode).toBe(200);
    expect(reportsReaderStats().acquired).toBeGreaterThan(afterReport);
  });

  it('its sessions are read-only: a write sent there fails', async () => {
    const reader = reportsReader(t.app.db);
    await expect(reader.execute(sql`create table reports_replica_probe (id int)`)).rejects.toThrow();
    const [row] = rowsOf<{ default_transaction_read_only: string }>(
      await reader.execute(sql`show default_transaction_read_only`),
    );
    expect(row?.default_transaction_read_only).toBe('on');
  });
});
