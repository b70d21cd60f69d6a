import { eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { campaigns, eligibilityCriteria } from '../../db/schema/index.ts';
import { publishChange } from '../../platform/changes.ts';
import { snapshot } from '../../platform/snapshot.ts';
import type { CampaignCandidate, CriterionJson, EarnFacts } from '../loyalty/index.ts';

/** A live campaign as the earning's matcher needs it: what memory decides, and the candidate. */
interface LiveCampaign {
  startsAt: number;
  endsAt: number;
  days: Set<number> | null;
  hourFrom: number | null;
  hourTo: number | null;
  types: Set<number> | null;
  customers: Set<string> | null;
  candidate: CampaignCandidate;
}

/**
 * The ACTIVE and SCHEDULED campaigns, in memory like the programme (modules/loyalty/programme.ts):
 * every campaign write publishes 'campaigns' (as does the earning that spends a budget's last
 * point), so each instance drops its copy at commit; reloaded at the latest after `cacheTtl()`.
 * Being stale can only offer a campaign the database then refuses (its status is checked under
 * its lock), never pay one that is not live: terms cannot change while it is live.
 */
async function load(db: Executor): Promise<LiveCampaign[]> {
  const rows = await db
    .select()
    .from(campaigns)
    .where(or(eq(campaigns.status, 'ACTIVE'), eq(campaigns.status, 'SCHEDULED')));
  const criterionIds = [...new Set(rows.flatMap((r) => r.criterionIds))];
  const criteria = new Map<number, CriterionJson>();
  if (criterionIds.length) {
    const found = await db
      .select()
      .from(eligibilityCriteria)
      .where(inArray(eligibilityCriteria.id, criterionIds));
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
  }
  return rows
    .sort((a, b) => b.priority - a.priority || a.id - b.id)
    .map((r) => ({
      startsAt: r.startsAt.getTime(),
      endsAt: r.endsAt.getTime(),
      days: r.daysOfWeek.length ? new Set(r.daysOfWeek) : null,
      hourFrom: r.hourFrom,
      hourTo: r.hourTo,
      types: r.transactionTypeIds.length ? new Set(r.transactionTypeIds) : null,
      customers: r.customerNumbers.length ? new Set(r.customerNumbers.map((n) => n.toUpperCase())) : null,
      candidate: {
        id: r.id,
        tiers: r.tierIds,
        segments: r.segments,
        criteria: r.criterionIds.flatMap((id) => criteria.get(id) ?? []),
        kind: r.bonusKind,
        value: r.bonusValue,
        per: r.perAmount,
        cap: r.customerCap,
        stackable: r.stackable,
      },
    }));
}

// A campaign targets eligibility criteria, which the configuration area edits.
const live = snapshot(['campaigns', 'configuration'], load);

/** Called by every campaign write, inside its transaction. */
export const invalidateCampaigns = (db: Executor) => publishChange(db, 'campaigns');

/** Does a live campaign's period, days, hours, product and customer list admit the earning? */
function admits(c: LiveCampaign, earn: EarnFacts, customerNumber: string): boolean {
  const at = earn.occurredAt.getTime();
  if (at < c.startsAt || at >= c.endsAt) return false;
  if (c.types && !c.types.has(earn.transactionTypeId)) return false;
  if (c.days && !c.days.has(earn.occurredAt.getUTCDay())) return false;
  if (c.hourFrom !== null && c.hourTo !== null) {
    const hour = earn.occurredAt.getUTCHours();
    if (hour < c.hourFrom || hour >= c.hourTo) return false;
  }
  return !c.customers || c.customers.has(customerNumber);
}

/**
 * The earning's candidate campaigns, highest priority first (registered with the engine as its
 * `registerEarnBonus` matcher). Only these reach the database, and only earnings with any.
 */
export async function campaignsForEarning(db: Executor, earn: EarnFacts): Promise<CampaignCandidate[]> {
  const all = await live.get(db);
  if (!all.length) return [];
  const number = earn.customerNumber.toUpperCase();
  const out: CampaignCandidate[] = [];
  for (const c of all) if (admits(c, earn, number)) out.push(c.candidate);
  return out;
}
