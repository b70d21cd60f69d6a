/**
 * Export throughput (docs/performance.md, "Exports"): every customer of the database through the
 * customers list's own export pipeline (keyset batches through `listCustomers`, cells computed by
 * the database as the route does — or, with ITEMS=1, the list's items mapped in JS —, CSV or XLSX
 * encoding) into a null sink; rows per second and the process's peak RSS.
 * Run on a seeded database (`npm run seed:demo -- --customers 100000`):
 *   [BATCH=n] [ITEMS=1] [SORT=joinedAt:desc] DATABASE_URL=postgres://postgres@127.0.0.1:5432/reports_perf npx tsx packages/server/src/modules/reports/exports.bench.ts [csv|xlsx] [rounds]
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { customerResource } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { openDatabase, rowsOf } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { exportColumns, exportSettings, exportStream } from '../../platform/exports.ts';
import { customerExportCells, listCustomers } from '../customers/index.ts';

const format = (process.argv[2] ?? 'csv') as 'csv' | 'xlsx';
const rounds = Number(process.argv[3] ?? 3);
// BATCH=5000: rows per keyset round trip (default: the export's own setting).
if (process.env.BATCH) exportSettings.batch = Number(process.env.BATCH);
const database = await openDatabase(loadConfig().database);
const actor = { userId: 1, username: 'bench', permissions: new Set(['customer.read']) } as unknown as Actor;
const columns = exportColumns(customerResource.item);
const total = Number(
  rowsOf<{ n: string }>(await database.db.execute(sql`select count(*) as n from customers`))[0]?.n,
);
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);

for (let round = 1; round <= rounds; round++) {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      bytes += chunk.length;
      done();
    },
  });
  const started = performance.now();
  await pipeline(
    exportStream(
      database.db,
      listCustomers as never,
      { sort: process.env.SORT ?? 'fullName:asc' } as never,
      actor,
      columns,
      format,
      'customers',
      process.env.ITEMS ? undefined : customerExportCells,
    ),
    sink,
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${format} round ${round}: ${total} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s` +
      ` = ${Math.round(total / seconds)} rows/s, peak RSS ${Math.round(peak / 1e6)} MB`,
  );
}
clearInterval(sampler);
await database.close();
