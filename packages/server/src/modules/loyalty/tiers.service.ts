import { type Tier, type TierInput, type TierListQuery, tierCommands } from '@loyalty/contracts';
import { and, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { tiers } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { isoDates, type ListSpec, listPage } from '../../platform/lists.ts';

type TierRow = typeof tiers.$inferSelect;
export const toTier = (row: TierRow): Tier => isoDates(row);

const listSpec: ListSpec<typeof tiers> = {
  table: tiers,
  sortable: {
    name: tiers.name,
    minPoints: tiers.minPoints,
    maxPoints: tiers.maxPoints,
    createdAt: tiers.createdAt,
  },
  defaultSort: { field: 'minPoints', direction: 'asc' },
  tieBreaker: tiers.id,
  search: [tiers.name, tiers.description],
};

export const listTiers = (db: Executor, query: TierListQuery) => listPage(db, listSpec, query, toTier);

export async function getTier(db: Executor, id: number, forUpdate = false): Promise<TierRow> {
  const q = db.select().from(tiers).where(eq(tiers.id, id));
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row) throw notFound('Tier');
  return row;
}

/** Ranges are inclusive at both ends, so [0, 999] and [999, 2000] overlap. */
async function refuseOverlap(db: Executor, input: TierInput, exceptId?: number) {
  const [clash] = await db
    .select({ name: tiers.name, minPoints: tiers.minPoints, maxPoints: tiers.maxPoints })
    .from(tiers)
    .where(
      and(
        lte(tiers.minPoints, input.maxPoints),
        gte(tiers.maxPoints, input.minPoints),
        exceptId === undefined ? undefined : ne(tiers.id, exceptId),
      ),
    )
    .limit(1);
  if (clash) {
    throw new AppError(
      'TIER_RANGE_OVERLAP',
      `Overlaps tier ${clash.name} (${clash.minPoints}–${clash.maxPoints})`,
    );
  }
}

export const tierHandlers = [
  defineHandler(tierCommands.create, async ({ tx }, input) => {
    await refuseOverlap(tx, input);
    const [row] = (await tx.insert(tiers).values(input).returning()) as [TierRow];
    return { result: toTier(row), targetType: 'tier', targetId: row.id, after: toTier(row) };
  }),
  defineHandler(tierCommands.update, async ({ tx }, { id, ...input }) => {
    const before = await getTier(tx, id, true);
    await refuseOverlap(tx, input, id);
    const [row] = (await tx
      .update(tiers)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(tiers.id, id))
      .returning()) as [TierRow];
    return {
      result: toTier(row),
      targetType: 'tier',
      targetId: id,
      before: toTier(before),
      after: toTier(row),
    };
  }),
  defineHandler(tierCommands.delete, async ({ tx }, { id }) => {
    const before = await getTier(tx, id, true);
    await tx.delete(tiers).where(eq(tiers.id, id));
    return { result: undefined, targetType: 'tier', targetId: id, before: toTier(before) };
  }),
];
