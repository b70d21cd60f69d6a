import { type LoyaltySettings, loyaltySettingsCommands } from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loyaltySettings } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { requestJobRun } from '../../platform/jobs.ts';
import { recordTunableChange } from '../../platform/settings/history.ts';
import { TIER_REVIEW_JOB } from './jobs.ts';
import { DEFAULT_SETTINGS, invalidateProgramme } from './programme.ts';

type Row = typeof loyaltySettings.$inferSelect;
const toSettings = ({ id: _id, updatedAt, ...rest }: Row): LoyaltySettings => ({
  ...rest,
  updatedAt: updatedAt.toISOString(),
});

export async function getSettings(db: Executor, forUpdate = false): Promise<LoyaltySettings> {
  const q = db.select().from(loyaltySettings).where(eq(loyaltySettings.id, 1));
  const [row] = forUpdate ? await q.for('update') : await q;
  return toSettings(row ?? DEFAULT_SETTINGS);
}

export const settingsHandlers = [
  defineHandler(loyaltySettingsCommands.update, async ({ tx, actor, onBehalfOf }, input) => {
    const before = await getSettings(tx, true);
    const [row] = (await tx
      .insert(loyaltySettings)
      .values({ id: 1, ...input })
      .onConflictDoUpdate({ target: loyaltySettings.id, set: { ...input, updatedAt: sql`now()` } })
      .returning()) as [Row];
    await invalidateProgramme(tx);
    // A new basis or window moves customers between tiers: the review applies it.
    if (input.tierBasis !== before.tierBasis || input.tierWindowMonths !== before.tierWindowMonths) {
      await requestJobRun(tx, TIER_REVIEW_JOB);
    }
    // The expiry is also a SystemConfigurations tunable: its history keeps this change.
    await recordTunableChange(
      { tx, actor, onBehalfOf },
      'loyalty.expiryMonths',
      row.expiryMonths,
      'loyaltySettings.update',
    );
    const after = toSettings(row);
    return { result: after, targetType: 'loyaltySettings', targetId: 1, before, after };
  }),
];
