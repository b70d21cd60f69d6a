import {
  type ReferralProgramme,
  type ReferralProgrammeFields,
  type ReferralProgrammeListQuery,
  referralProgrammeCommands,
  type referralProgrammeResource,
} from '@loyalty/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { referralProgrammes, referrals } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail, lockOrFail } from '../../platform/records.ts';

type Row = typeof referralProgrammes.$inferSelect;

const listSpec: ResourceListSpec<typeof referralProgrammes, typeof referralProgrammeResource> = {
  table: referralProgrammes,
  sortable: {
    nameEn: referralProgrammes.nameEn,
    startsOn: referralProgrammes.startsOn,
    endsOn: referralProgrammes.endsOn,
    createdAt: referralProgrammes.createdAt,
  },
  defaultSort: { field: 'startsOn', direction: 'desc' },
  tieBreaker: referralProgrammes.id,
  search: [referralProgrammes.nameEn, referralProgrammes.nameAr],
  filters: {},
};

/** How many referrals each programme has recorded (one query for a page). */
async function referralCounts(db: Executor, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: referrals.programmeId, n: sql<number>`count(*)::int` })
    .from(referrals)
    .where(inArray(referrals.programmeId, ids))
    .groupBy(referrals.programmeId);
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}

const toProgramme = (row: Row, count = 0): ReferralProgramme =>
  ({ ...isoDates(row), referrals: count }) as ReferralProgramme;

export async function listReferralProgrammes(db: Executor, query: ReferralProgrammeListQuery) {
  const page = await listPage(db, listSpec, query, (row) => row);
  const counts = await referralCounts(
    db,
    page.items.map((r) => r.id),
  );
  return { ...page, items: page.items.map((r) => toProgramme(r, counts.get(r.id))) };
}

export async function getReferralProgramme(db: Executor, id: number) {
  const row = await findOrFail(db, referralProgrammes, referralProgrammes.id, id, 'Referral programme');
  return toProgramme(row, (await referralCounts(db, [id])).get(id));
}

const toValues = (input: ReferralProgrammeFields) => ({
  nameEn: input.nameEn,
  nameAr: input.nameAr,
  referrerPoints: input.referrerPoints,
  referredPoints: input.referredPoints,
  qualifying: input.qualifying,
  // The first earning is one transaction, whenever it comes.
  transactionCount: input.qualifying === 'FIRST_EARNING' ? 1 : input.transactionCount,
  withinDays: input.withinDays,
  monthlyLimit: input.monthlyLimit,
  startsOn: input.startsOn,
  endsOn: input.endsOn,
});

const target = { targetType: 'referralProgramme' } as const;

export const referralProgrammeHandlers = [
  defineHandler(
    referralProgrammeCommands.create,
    async ({ tx }, input) => {
      const [row] = (await tx.insert(referralProgrammes).values(toValues(input)).returning()) as [Row];
      const after = toProgramme(row);
      return { result: after, ...target, targetId: row.id, after };
    },
    // A programme gives points away: a second person approves, until staff turn it off.
    { recordKey: (input) => input.nameEn.toLowerCase(), approvalByDefault: true },
  ),
  defineHandler(
    referralProgrammeCommands.update,
    async ({ tx }, { id, ...input }) => {
      const current = await lockOrFail(
        tx,
        referralProgrammes,
        referralProgrammes.id,
        id,
        'Referral programme',
      );
      const count = (await referralCounts(tx, [id])).get(id) ?? 0;
      const before = toProgramme(current, count);
      const [row] = (await tx
        .update(referralProgrammes)
        .set({ ...toValues(input), updatedAt: sql`now()` })
        .where(eq(referralProgrammes.id, id))
        .returning()) as [Row];
      const after = toProgramme(row, count);
      return { result: after, ...target, targetId: id, before, after };
    },
    { approvalByDefault: true },
  ),
  defineHandler(referralProgrammeCommands.delete, async ({ tx }, { id }) => {
    const current = await lockOrFail(tx, referralProgrammes, referralProgrammes.id, id, 'Referral programme');
    if ((await referralCounts(tx, [id])).get(id)) {
      throw new AppError('CONFLICT', 'The programme has referrals: end its period instead', [
        { path: 'id', message: 'referrals.programmeInUse' },
      ]);
    }
    await tx.delete(referralProgrammes).where(eq(referralProgrammes.id, id));
    return { result: undefined, ...target, targetId: id, before: toProgramme(current) };
  }),
];
