import type { CampaignBonusPreview } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';
import { campaignsForEarning } from './active.ts';

export interface PreviewFacts {
  customer: { id: number; customerNumber: string; segment: string } | null;
  tierId: number | null;
  transactionTypeId: number;
  amount: number;
  occurredAt: Date;
  basePoints: number;
}

/**
 * What campaigns would add to an earning (the points rules' simulation): the earning's matcher,
 * then the database function's rules (targeting, stacking, the cap and budget that remain) read
 * without writing anything. Without a customer, campaigns aimed at a list or at criteria are left out.
 */
export async function previewCampaignBonus(db: Executor, f: PreviewFacts): Promise<CampaignBonusPreview[]> {
  const candidates = await campaignsForEarning(db, {
    customerNumber: f.customer?.customerNumber ?? '',
    transactionTypeId: f.transactionTypeId,
    amount: f.amount,
    occurredAt: f.occurredAt,
  });
  if (!candidates.length) return [];
  const ids = candidates.map((c) => c.id);
  const state = new Map(
    rowsOf<{ id: number; nameEn: string; nameAr: string; remaining: number; had: number | null }>(
      await db.execute(sql`
        select k.id, k.name_en as "nameEn", k.name_ar as "nameAr", k.budget - k.spent as remaining,
          cc.points as had
        from campaigns k
          left join campaign_customers cc on cc.campaign_id = k.id and cc.customer_id = ${f.customer?.id ?? 0}
        where k.id in (${sql.join(ids, sql`, `)})`),
    ).map((r) => [Number(r.id), r]),
  );
  const out: CampaignBonusPreview[] = [];
  let total = 0;
  for (const k of candidates) {
    const s = state.get(k.id);
    if (!s) continue;
    if (k.tiers.length && (f.tierId === null || !k.tiers.includes(f.tierId))) continue;
    if (k.segments.length && (!f.customer || !k.segments.includes(f.customer.segment))) continue;
    if (k.criteria.length) {
      if (!f.customer) continue;
      const [r] = rowsOf<{ failed: number | null }>(
        await db.execute(sql`select loyalty_criteria_failure(c, ${JSON.stringify(k.criteria)}::jsonb) as failed
          from customers c where c.id = ${f.customer.id}`),
      );
      if (r?.failed !== null && r?.failed !== undefined) continue;
    }
    if (total > 0 && !k.stackable) continue;
    let want =
      k.kind === 'MULTIPLIER'
        ? Math.floor(f.basePoints * k.value)
        : k.kind === 'FIXED'
          ? k.value
          : Math.floor(f.amount / (k.per ?? 1)) * k.value;
    if (k.cap !== null) want = Math.min(want, k.cap - (s.had ?? 0));
    want = Math.min(want, Number(s.remaining));
    if (want <= 0) continue;
    out.push({ campaignId: k.id, nameEn: s.nameEn, nameAr: s.nameAr, bonusPoints: want });
    total += want;
    if (!k.stackable) break;
  }
  return out;
}
