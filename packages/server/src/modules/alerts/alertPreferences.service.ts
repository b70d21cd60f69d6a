import { type AlertPreference, alertPreferenceCommands } from '@loyalty/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { alertMarketingOptOuts, customers } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { findOrFail } from '../../platform/records.ts';

/** A customer's choice about marketing alerts (404 for an unknown customer). */
export async function getAlertPreference(db: Executor, customerId: number): Promise<AlertPreference> {
  await findOrFail(db, customers, customers.id, customerId, 'Customer');
  const [row] = await db
    .select()
    .from(alertMarketingOptOuts)
    .where(eq(alertMarketingOptOuts.customerId, customerId));
  return { customerId, marketingOptOut: row !== undefined, since: row?.createdAt.toISOString() ?? null };
}

export const alertPreferenceHandlers = [
  defineHandler(alertPreferenceCommands.set, async ({ tx }, { customerId, marketingOptOut }) => {
    // The customer's row is locked, so two staff members recording a choice at once serialize.
    await findOrFail(tx, customers, customers.id, customerId, 'Customer', true);
    const before = await getAlertPreference(tx, customerId);
    if (marketingOptOut) {
      await tx.insert(alertMarketingOptOuts).values({ customerId }).onConflictDoNothing();
    } else {
      await tx.delete(alertMarketingOptOuts).where(eq(alertMarketingOptOuts.customerId, customerId));
    }
    const after = await getAlertPreference(tx, customerId);
    return { result: after, targetType: 'customer', targetId: customerId, before, after };
  }),
];
