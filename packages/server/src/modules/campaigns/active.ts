import { eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { campaigns, eligibilityCriteria } from '../../db/schema/index.ts';
import { publishChange } from '../../platform/changes.ts';
import { snapshot } from '../../platform/snapshot.ts';
import type { CriterionJson } from '../configuration/index.ts';
import type { EarningCampaign } from '../loyalty/index.ts';

/**
 * The ACTIVE eligibility criteria of `ids`, as the earning's decision takes them
 * (loyalty_criteria_failure); an inactive criterion is left out, as if not targeted.
 */
export async function criteriaJson(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, CriterionJson>> {
  const criteria = new Map<number, CriterionJson>();
  const unique = [...new Set(ids)];
  if (!unique.length) return criteria;
  const found = await db.select().from(eligibilityCriteria).where(inArray(eligibilityCriteria.id, unique));
  for (const k of found) {
    if (k.status !== 'ACTIVE') continue;
    criteria.set(k.id, {
      id: k.id,
      name: k.nameEn,
      field: k.field,
      operator: k.operator,
      value: k.value as number | string[],
    });
  }
  return criteria;
}

/**
 * The ACTIVE and SCHEDULED campaigns, in memory like the programme (modules/loyalty/programme.ts):
 * every campaign write publishes 'campaigns' (as does the earning that spends a budget's last
 * point), so each instance drops its copy at commit; reloaded at the latest after `cacheTtl()`.
 * Being stale can only offer a campaign the database then refuses (its status is checked under
 * its lock), never pay one that is not live: terms cannot change while it is live.
 */
async function load(db: Executor): Promise<EarningCampaign[]> {
  const rows = await db
    .select()
    .from(campaigns)
    .where(or(eq(campaigns.status, 'ACTIVE'), eq(campaigns.status, 'SCHEDULED')));
  const criteria = await criteriaJson(
    db,
    rows.flatMap((r) => r.criterionIds),
  );
  return rows.sort((a, b) => b.priority - a.priority || a.id - b.id).map((r) => campaignTerms(r, criteria));
}

type Terms = Pick<
  typeof campaigns.$inferSelect,
  | 'id'
  | 'startsAt'
  | 'endsAt'
  | 'daysOfWeek'
  | 'hourFrom'
  | 'hourTo'
  | 'transactionTypeIds'
  | 'customerNumbers'
  | 'tierIds'
  | 'segments'
  | 'criterionIds'
  | 'bonusKind'
  | 'bonusValue'
  | 'perAmount'
  | 'customerCap'
  | 'stackable'
  | 'holdoutPct'
  | 'holdoutSeed'
>;

/** A campaign's terms as the earning's decision takes them (loyalty_campaign_bonus). */
export function campaignTerms(r: Terms, criteria: Map<number, CriterionJson>): EarningCampaign {
  return {
    id: r.id,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    days: r.daysOfWeek,
    hourFrom: r.hourFrom,
    hourTo: r.hourTo,
    types: r.transactionTypeIds,
    customers: r.customerNumbers.map((n) => n.toUpperCase()),
    tiers: r.tierIds,
    segments: r.segments,
    criteria: r.criterionIds.flatMap((id) => criteria.get(id) ?? []),
    kind: r.bonusKind,
    value: r.bonusValue,
    per: r.perAmount,
    cap: r.customerCap,
    stackable: r.stackable,
    holdoutPct: r.holdoutPct,
    holdoutSeed: r.holdoutSeed,
  };
}

// A campaign targets eligibility criteria, which the configuration area edits.
const live = snapshot(['campaigns', 'configuration'], load);

/** Called by every campaign write, inside its transaction. */
export const invalidateCampaigns = (db: Executor) => publishChange(db, 'campaigns');

/**
 * The live campaigns, highest priority first: the engine's campaign source (registered in
 * modules/index.ts). The earning's decision (loyalty_decide_earning) matches them.
 */
export const campaignsForEarning = (db: Executor): Promise<EarningCampaign[]> => live.get(db);
