import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customers } from '../db/schema/index.ts';
import { generateCustomers } from './customers.ts';
import { seedProgramme } from './programme.ts';

export { generateCustomers } from './customers.ts';
export { seedProgramme } from './programme.ts';

/** The embedded demo: tiers, types, rules and a few thousand customers with up to 30 months of activity. */
export async function seedDemoProgramme(db: Db, customerCount = 2_500) {
  const { typeIds, cardRuleId } = await seedProgramme(db);
  const [existing] = await db.select({ n: count() }).from(customers);
  if (existing?.n) return;
  await generateCustomers(db, typeIds, cardRuleId, {
    customers: customerCount,
    transactionsPerCustomer: 6,
    months: 30,
  });
}
