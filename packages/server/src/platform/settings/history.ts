import type { ConfigValue } from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { configItems, configItemVersions } from '../../db/schema/index.ts';
import type { CommandContext } from '../commands.ts';

/** Who a change is recorded for: the maker when a checker approved it, else the caller. */
export const changedBy = (ctx: Pick<CommandContext, 'actor' | 'onBehalfOf'>) =>
  ctx.onBehalfOf?.userId ?? ctx.actor.userId;

/**
 * A bound tunable changed on the screen that owns it (loyalty settings, SystemLogs settings, alert
 * settings): kept as the item's next version too, so its history (SystemConfigurations) is whole.
 */
export async function recordTunableChange(
  ctx: Pick<CommandContext, 'tx' | 'actor' | 'onBehalfOf'>,
  key: string,
  value: ConfigValue,
  source: string,
) {
  const [row] = await ctx.tx.select().from(configItems).where(eq(configItems.key, key)).for('update');
  if (!row) return;
  const [last] = await ctx.tx
    .select({ value: configItemVersions.value })
    .from(configItemVersions)
    .where(and(eq(configItemVersions.itemId, row.id), eq(configItemVersions.version, row.version)));
  if (last && JSON.stringify(last.value) === JSON.stringify(value)) return;
  const version = row.version + 1;
  await ctx.tx.update(configItems).set({ version, updatedAt: sql`now()` }).where(eq(configItems.id, row.id));
  await ctx.tx
    .insert(configItemVersions)
    .values({ itemId: row.id, version, value, changedBy: changedBy(ctx), source });
}
