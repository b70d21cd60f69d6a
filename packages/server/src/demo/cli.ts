/**
 * `npm run seed:demo -- --customers N [--transactions 5] [--months 18]`: adds N demo customers
 * with their transactions to the configured database (DATABASE_URL, or PGlite in DATA_DIR).
 * Migrates first; adds the demo tiers, types and rules when there are none. Refuses to run on a
 * data folder a running server holds (see dataDirLock.ts).
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirError } from '../db/dataDirLock.ts';
import { generateCustomers, seedProgramme } from './index.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '10000' },
    transactions: { type: 'string', default: '5' },
    months: { type: 'string', default: '18' },
  },
});
const database = await open();
// Ctrl-C ends through process.exit, which releases the data folder's lock.
process.once('SIGINT', () => process.exit(130));
await database.migrate();
const started = Date.now();
const { typeIds, cardRuleId } = await seedProgramme(database.db);
const total = Number(values.customers);
await generateCustomers(database.db, typeIds, cardRuleId, {
  customers: total,
  transactionsPerCustomer: Number(values.transactions),
  months: Number(values.months),
  onProgress: (done) =>
    console.log(`${done} / ${total} customers (${((Date.now() - started) / 1000).toFixed(0)} s)`),
});
console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s on ${database.kind}`);
await database.close();

async function open() {
  try {
    return await openDatabase(loadConfig().database);
  } catch (err) {
    if (!(err instanceof ConfigError || err instanceof DataDirError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
