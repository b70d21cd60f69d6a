/**
 * `npm run seed:demo -- --customers N [--transactions 5] [--months 18]`: adds N demo customers
 * with their transactions to the configured database (DATABASE_URL, or PGlite in DATA_DIR).
 * Migrates first; adds the demo tiers, types and rules when there are none.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { generateCustomers, seedProgramme } from './index.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '10000' },
    transactions: { type: 'string', default: '5' },
    months: { type: 'string', default: '18' },
  },
});
const config = loadConfig();
const database = await openDatabase(config.database);
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
