import {
  type Campaign,
  type CampaignFields,
  type CampaignListQuery,
  campaignCommands,
  type campaignResource,
} from '@loyalty/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { campaigns, eligibilityCriteria, tiers, transactionTypes } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail, lockOrFail } from '../../platform/records.ts';
import type { EarningCampaign } from '../loyalty/index.ts';
import { campaignTerms, criteriaJson, invalidateCampaigns } from './active.ts';

type Row = typeof campaigns.$inferSelect;

const listSpec: ResourceListSpec<typeof campaigns, typeof campaignResource> = {
  table: campaigns,
  sortable: {
    nameEn: campaigns.nameEn,
    startsAt: campaigns.startsAt,
    endsAt: campaigns.endsAt,
    status: campaigns.status,
    spent: campaigns.spent,
    createdAt: campaigns.createdAt,
  },
  defaultSort: { field: 'startsAt', direction: 'desc' },
  tieBreaker: campaigns.id,
  search: [campaigns.nameEn, campaigns.nameAr, campaigns.descriptionEn, campaigns.descriptionAr],
  filters: {
    status: (v: Row['status']) => eq(campaigns.status, v),
    bonusKind: (v: Row['bonusKind']) => eq(campaigns.bonusKind, v),
  },
};

export const toCampaign = (row: Row): Campaign => isoDates(row) as Campaign;

export const listCampaigns = (db: Executor, query: CampaignListQuery) =>
  listPage(db, listSpec, query, toCampaign);

export const getCampaign = async (db: Executor, id: number) =>
  toCampaign(await findOrFail(db, campaigns, campaigns.id, id, 'Campaign'));

const invalid = (path: string, message: string, detail: string) =>
  new AppError('VALIDATION_FAILED', detail, [{ path, message }]);

/** Every id the terms name must exist: EARN transaction types, tiers, eligibility criteria. */
async function toValues(db: Executor, input: CampaignFields) {
  const typeIds = [...new Set(input.transactionTypeIds)];
  if (typeIds.length) {
    const found = await db
      .select({ id: transactionTypes.id })
      .from(transactionTypes)
      .where(and(inArray(transactionTypes.id, typeIds), eq(transactionTypes.type, 'EARN')));
    if (found.length !== typeIds.length) {
      throw invalid(
        'transactionTypeIds',
        'unknownTransactionType',
        'Unknown or non-earning transaction type',
      );
    }
  }
  const tierIds = [...new Set(input.tierIds)];
  if (tierIds.length) {
    const found = await db.select({ id: tiers.id }).from(tiers).where(inArray(tiers.id, tierIds));
    if (found.length !== tierIds.length) throw invalid('tierIds', 'unknownTier', 'Unknown tier');
  }
  const criterionIds = [...new Set(input.criterionIds)];
  if (criterionIds.length) {
    const found = await db
      .select({ id: eligibilityCriteria.id })
      .from(eligibilityCriteria)
      .where(inArray(eligibilityCriteria.id, criterionIds));
    if (found.length !== criterionIds.length) {
      throw invalid('criterionIds', 'unknownCriterion', 'Unknown eligibility criterion');
    }
  }
  return {
    nameEn: input.nameEn,
    nameAr: input.nameAr,
    descriptionEn: input.descriptionEn,
    descriptionAr: input.descriptionAr,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    daysOfWeek: [...new Set(input.daysOfWeek)].sort(),
    hourFrom: input.hourFrom,
    hourTo: input.hourTo,
    tierIds,
    segments: [...new Set(input.segments)],
    criterionIds,
    customerNumbers: [...new Set(input.customerNumbers.map((n) => n.trim()).filter(Boolean))],
    transactionTypeIds: typeIds,
    bonusKind: input.bonusKind,
    bonusValue: input.bonusValue,
    perAmount: input.bonusKind === 'PER_AMOUNT' ? input.perAmount : null,
    customerCap: input.customerCap,
    budget: input.budget,
    stackable: input.stackable,
    priority: input.priority,
    holdoutPct: input.holdoutPct,
  };
}

/** The holdout seed a replayed new campaign is given (the real one is drawn when it is created). */
const REPLAY_HOLDOUT_SEED = 52;

/**
 * A campaign as a create or update would leave it, for a replay (modules/replays): its terms as
 * the earning takes them (id -1: no running share or budget of a real campaign is read), its
 * budget and period, and the real campaign's id for an update. The body is parsed by the
 * command's own schema and its ids checked as the command checks them; nothing is written.
 */
export async function candidateCampaign(
  db: Executor,
  command: 'campaign.create' | 'campaign.update',
  id: number | null,
  input: unknown,
): Promise<{ terms: EarningCampaign; budget: number; campaignId: number | null }> {
  let existing: Row | undefined;
  let fields: CampaignFields;
  if (command === 'campaign.update') {
    if (id === null) throw invalid('id', 'required', 'The campaign to change is required');
    existing = await findOrFail(db, campaigns, campaigns.id, id, 'Campaign');
    const parsed = campaignCommands.update.input.safeParse({ ...(input as object), id });
    if (!parsed.success) throw validationError(parsed.error);
    fields = parsed.data;
  } else {
    const parsed = campaignCommands.create.input.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    fields = parsed.data;
  }
  const values = await toValues(db, fields);
  const criteria = await criteriaJson(db, values.criterionIds);
  const terms = campaignTerms(
    { ...values, id: -1, holdoutSeed: existing?.holdoutSeed ?? REPLAY_HOLDOUT_SEED },
    criteria,
  );
  return { terms, budget: values.budget, campaignId: existing?.id ?? null };
}

const lockCampaign = (tx: Tx, id: number) => lockOrFail(tx, campaigns, campaigns.id, id, 'Campaign');

/** Moves a campaign to `status` (and says the live campaigns changed). */
async function setStatus(tx: Tx, id: number, set: Partial<Row>) {
  const [row] = (await tx
    .update(campaigns)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(campaigns.id, id))
    .returning()) as [Row];
  await invalidateCampaigns(tx);
  return toCampaign(row);
}

const target = { targetType: 'campaign' } as const;

export const campaignHandlers = [
  defineHandler(
    campaignCommands.create,
    async ({ tx }, input) => {
      const [row] = (await tx
        .insert(campaigns)
        .values(await toValues(tx, input))
        .returning()) as [Row];
      const after = toCampaign(row);
      return { result: after, ...target, targetId: row.id, after };
    },
    { recordKey: (input) => input.nameEn.toLowerCase(), approvalByDefault: true },
  ),
  defineHandler(campaignCommands.update, async ({ tx }, { id, ...input }) => {
    const current = await lockCampaign(tx, id);
    if (current.status === 'ACTIVE') throw new AppError('CAMPAIGN_ACTIVE');
    if (current.status === 'ENDED')
      throw new AppError('CAMPAIGN_STATUS', 'An ended campaign cannot be changed');
    if (input.budget < current.spent) {
      throw invalid('budget', 'budgetBelowSpent', `The campaign has already awarded ${current.spent} points`);
    }
    if (input.holdoutPct !== current.holdoutPct && current.customersReached > 0) {
      // Moving the share once customers were awarded would mix treated customers into the holdout.
      throw invalid(
        'holdoutPct',
        'holdoutLocked',
        'The campaign has reached customers: its holdout is fixed',
      );
    }
    const before = toCampaign(current);
    const [row] = (await tx
      .update(campaigns)
      .set({ ...(await toValues(tx, input)), updatedAt: sql`now()` })
      .where(eq(campaigns.id, id))
      .returning()) as [Row];
    await invalidateCampaigns(tx);
    const after = toCampaign(row);
    return { result: after, ...target, targetId: id, before, after };
  }),
  defineHandler(campaignCommands.delete, async ({ tx }, { id }) => {
    const current = await lockCampaign(tx, id);
    if (current.status !== 'DRAFT' || current.spent > 0) {
      throw new AppError('CAMPAIGN_STATUS', 'Only a draft campaign can be deleted: end it instead');
    }
    await tx.delete(campaigns).where(eq(campaigns.id, id));
    return { result: undefined, ...target, targetId: id, before: toCampaign(current) };
  }),
  defineHandler(
    campaignCommands.activate,
    async ({ tx }, { id }) => {
      const current = await lockCampaign(tx, id);
      if (current.status === 'ENDED') throw new AppError('CAMPAIGN_ENDED');
      if (current.status === 'ACTIVE' || current.status === 'SCHEDULED') {
        throw new AppError('CAMPAIGN_STATUS', 'The campaign is already activated');
      }
      const now = Date.now();
      if (current.endsAt.getTime() <= now) {
        throw new AppError('CAMPAIGN_ENDED', 'The campaign’s period is over: change its end first');
      }
      const after = await setStatus(tx, id, {
        status: current.startsAt.getTime() <= now ? 'ACTIVE' : 'SCHEDULED',
      });
      return { result: after, ...target, targetId: id, before: toCampaign(current), after };
    },
    { approvalByDefault: true },
  ),
  defineHandler(campaignCommands.pause, async ({ tx }, { id }) => {
    const current = await lockCampaign(tx, id);
    if (current.status !== 'ACTIVE' && current.status !== 'SCHEDULED') {
      throw new AppError('CAMPAIGN_STATUS', 'Only an active or scheduled campaign can be paused');
    }
    const after = await setStatus(tx, id, { status: 'PAUSED' });
    return { result: after, ...target, targetId: id, before: toCampaign(current), after };
  }),
  defineHandler(campaignCommands.end, async ({ tx }, { id }) => {
    const current = await lockCampaign(tx, id);
    if (current.status === 'ENDED') throw new AppError('CAMPAIGN_STATUS', 'The campaign has already ended');
    const after = await setStatus(tx, id, { status: 'ENDED', endedReason: 'STAFF' });
    return { result: after, ...target, targetId: id, before: toCampaign(current), after };
  }),
];
