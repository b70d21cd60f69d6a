import {
  type Tier,
  type TierInput,
  type TierListQuery,
  tierCommands,
  type tierResource,
} from '@loyalty/contracts';
import { and, count, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, tiers } from '../../db/schema/index.ts';
import { missingTranslation } from '../../platform/bilingual.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { requestJobRun } from '../../platform/jobs.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { TIER_REVIEW_JOB } from './jobs.ts';
import { invalidateProgramme } from './programme.ts';

type TierRow = typeof tiers.$inferSelect;
export const toTier = (row: TierRow): Tier => isoDates(row);

const listSpec: ResourceListSpec<typeof tiers, typeof tierResource> = {
  table: tiers,
  sortable: {
    name: tiers.name,
    minPoints: tiers.minPoints,
    maxPoints: tiers.maxPoints,
    createdAt: tiers.createdAt,
  },
  defaultSort: { field: 'minPoints', direction: 'asc' },
  tieBreaker: tiers.id,
  search: [tiers.name, tiers.nameAr, tiers.description],
  filters: {
    missingTranslation: missingTranslation(
      [tiers.name, tiers.nameAr],
      [tiers.description, tiers.descriptionAr],
    ),
  },
};

export const listTiers = (db: Executor, query: TierListQuery) => listPage(db, listSpec, query, toTier);

export async function getTier(db: Executor, id: number, forUpdate = false): Promise<TierRow> {
  return findOrFail(db, tiers, tiers.id, id, 'Tier', forUpdate);
}

/** A changed ladder moves customers: the engine forgets its copy and the tier review runs. */
async function ladderChanged(tx: Executor) {
  await invalidateProgramme(tx);
  await requestJobRun(tx, TIER_REVIEW_JOB);
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
  defineHandler(
    tierCommands.create,
    async ({ tx }, input) => {
      await refuseOverlap(tx, input);
      const [row] = (await tx.insert(tiers).values(input).returning()) as [TierRow];
      await ladderChanged(tx);
      return { result: toTier(row), targetType: 'tier', targetId: row.id, after: toTier(row) };
    },
    // Maker-checker: one pending creation per tier name.
    { recordKey: (input) => input.name.toLowerCase() },
  ),
  defineHandler(tierCommands.update, async ({ tx }, { id, ...input }) => {
    const before = await getTier(tx, id, true);
    await refuseOverlap(tx, input, id);
    const [row] = (await tx
      .update(tiers)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(tiers.id, id))
      .returning()) as [TierRow];
    await ladderChanged(tx);
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
    const [held] = await tx.select({ n: count() }).from(customers).where(eq(customers.tierId, id));
    if (held?.n) throw new AppError('CONFLICT', `${held.n} customers hold this tier`);
    await tx.delete(tiers).where(eq(tiers.id, id));
    await ladderChanged(tx);
    return { result: undefined, targetType: 'tier', targetId: id, before: toTier(before) };
  }),
];
