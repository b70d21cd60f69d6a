import {
  type BusinessBanking,
  type BusinessBankingEffect,
  businessBankingCommands,
} from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';
import { businessBankingSettings } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { snapshot } from '../../platform/snapshot.ts';

/** The business banking settings as the engine takes them (db/functions/loyalty_business_points.sql). */
export interface BusinessRulesJson {
  earns: boolean;
  multiplier: number;
  monthlyCap: number | null;
  /** Transaction type ids that earn; empty: all. */
  types: number[];
}

type Row = typeof businessBankingSettings.$inferSelect;
const NEUTRAL: Row = {
  id: 1,
  earns: true,
  multiplier: 1,
  monthlyCap: null,
  countingTypeIds: [],
  mayRedeem: true,
  updatedAt: new Date(0),
};
const toSettings = ({ id: _id, ...row }: Row): BusinessBanking => ({
  ...row,
  multiplier: Number(row.multiplier),
  updatedAt: row.updatedAt.toISOString(),
});

async function load(db: Executor): Promise<Row> {
  const [row] = await db.select().from(businessBankingSettings).where(eq(businessBankingSettings.id, 1));
  return row ?? NEUTRAL;
}
const settings = snapshot(['configuration'], load);

export const getBusinessBanking = async (db: Executor) => toSettings(await load(db));

const earnsAsUsual = (r: Row) =>
  r.earns && Number(r.multiplier) === 1 && r.monthlyCap === null && r.countingTypeIds.length === 0;
const rulesOf = (r: Row): BusinessRulesJson => ({
  earns: r.earns,
  multiplier: Number(r.multiplier),
  monthlyCap: r.monthlyCap,
  types: r.countingTypeIds,
});

/**
 * What an earning carries for the engine (loyalty_business_points, migration 0033), or undefined
 * while business customers earn as everyone does: then retail and business earnings pay nothing.
 */
export async function businessRules(db: Executor): Promise<BusinessRulesJson | undefined> {
  const r = await settings.get(db);
  return earnsAsUsual(r) ? undefined : rulesOf(r);
}

/** A business customer's redemption, refused when business customers may not redeem. */
export async function assertBusinessMayRedeem(db: Executor, segment: string) {
  if (segment !== 'BUSINESS') return;
  if (!(await settings.get(db)).mayRedeem) {
    throw new AppError('NOT_ELIGIBLE', 'Business banking: business customers may not redeem');
  }
}

/** The simulation's explanation for a business customer: the same database function as the engine. */
export async function businessEffect(
  db: Executor,
  customerId: number,
  basePoints: number,
  typeId: number,
): Promise<BusinessBankingEffect> {
  const r = await settings.get(db);
  const rules = rulesOf(r);
  const [row] = rowsOf<{ points: number; earned: string | number }>(
    await db.execute(sql`select loyalty_business_points(${customerId}, ${basePoints}, ${typeId}, ${JSON.stringify(rules)}::jsonb) as points,
      (select coalesce(sum(e.points), 0) from ledger_entries e where e.customer_id = ${customerId}
        and e.kind in ('EARN', 'REVERSAL')
        and e.occurred_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC') as earned`),
  );
  return {
    basePoints,
    earns: r.earns,
    typeCounts: r.countingTypeIds.length === 0 || r.countingTypeIds.includes(typeId),
    multiplier: Number(r.multiplier),
    monthlyCap: r.monthlyCap,
    earnedThisMonth: Number(row?.earned ?? 0),
    points: Number(row?.points ?? basePoints),
  };
}

export const businessBankingHandlers = [
  defineHandler(businessBankingCommands.update, async ({ tx }, input) => {
    const before = toSettings(await load(tx));
    const values = { ...input, countingTypeIds: [...new Set(input.countingTypeIds)] };
    const [row] = (await tx
      .insert(businessBankingSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: businessBankingSettings.id, set: { ...values, updatedAt: sql`now()` } })
      .returning()) as [Row];
    await settings.invalidate(tx);
    const after = toSettings(row);
    return { result: after, targetType: 'businessBanking', targetId: 1, before, after };
  }),
];
