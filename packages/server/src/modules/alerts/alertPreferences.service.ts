import { type AlertPreference, alertPreferenceCommands } from '@loyalty/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { alertMarketingOptOuts, customers } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { findOrFail } from '../../platform/records.ts';
import { userConfigurationOf } from '../../platform/settings/staffSessions.ts';

/** Whether marketing alerts skip a customer who has made no choice (UserConfigurations, customers). */
async function unsubscribedByDefault(db: Executor): Promise<boolean> {
  return (await userConfigurationOf(db, 'CUSTOMER'))?.marketingAlerts === 'UNSUBSCRIBED';
}

/** Of these customers, those whom marketing alerts skip: by their own choice, or by the default. */
export async function marketingOptedOut(db: Executor, customerIds: number[]): Promise<Set<number>> {
  if (!customerIds.length) return new Set();
  // One query after the other: `db` is the delivery's transaction, one connection.
  const choices = await db
    .select({ id: alertMarketingOptOuts.customerId, optedOut: alertMarketingOptOuts.optedOut })
    .from(alertMarketingOptOuts)
    .where(inArray(alertMarketingOptOuts.customerId, customerIds));
  const byDefault = await unsubscribedByDefault(db);
  const chosen = new Map(choices.map((c) => [c.id, c.optedOut]));
  return new Set(customerIds.filter((id) => chosen.get(id) ?? byDefault));
}

/** A customer's choice about marketing alerts, or the default when they made none (404 for an unknown customer). */
export async function getAlertPreference(db: Executor, customerId: number): Promise<AlertPreference> {
  await findOrFail(db, customers, customers.id, customerId, 'Customer');
  const [row] = await db
    .select()
    .from(alertMarketingOptOuts)
    .where(eq(alertMarketingOptOuts.customerId, customerId));
  if (row) {
    return {
      customerId,
      marketingOptOut: row.optedOut,
      source: 'CHOICE',
      since: row.createdAt.toISOString(),
    };
  }
  return { customerId, marketingOptOut: await unsubscribedByDefault(db), source: 'DEFAULT', since: null };
}

export const alertPreferenceHandlers = [
  defineHandler(alertPreferenceCommands.set, async ({ tx }, { customerId, marketingOptOut }) => {
    // The customer's row is locked, so two staff members recording a choice at once serialize.
    await findOrFail(tx, customers, customers.id, customerId, 'Customer', true);
    const before = await getAlertPreference(tx, customerId);
    // The choice is kept either way: a default changed later does not override it.
    await tx
      .insert(alertMarketingOptOuts)
      .values({ customerId, optedOut: marketingOptOut })
      .onConflictDoUpdate({
        target: alertMarketingOptOuts.customerId,
        set: { optedOut: marketingOptOut, createdAt: new Date() },
      });
    const after = await getAlertPreference(tx, customerId);
    return { result: after, targetType: 'customer', targetId: customerId, before, after };
  }),
];
