import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loyaltySettings, pointsRules, tiers, transactionTypes } from '../../db/schema/index.ts';
import { publishChange } from '../../platform/changes.ts';
import { snapshot } from '../../platform/snapshot.ts';

export type TierRow = typeof tiers.$inferSelect;
export type RuleRow = typeof pointsRules.$inferSelect;
export type TransactionTypeRow = typeof transactionTypes.$inferSelect;
export type SettingsRow = typeof loyaltySettings.$inferSelect;

/** Everything the engine decides with: read on nearly every posting, so kept in memory. */
export interface Programme {
  settings: SettingsRow;
  /** Ascending by min points. */
  tiers: TierRow[];
  tiersById: Map<number, TierRow>;
  /** Keyed by upper-case code. */
  typesByCode: Map<string, TransactionTypeRow>;
  typesById: Map<number, TransactionTypeRow>;
  /** Every rule (active or not) of each transaction type, for evaluation and simulation. */
  rulesByType: Map<number, RuleRow[]>;
}

export const DEFAULT_SETTINGS: SettingsRow = {
  id: 1,
  expiryMonths: 24,
  tierBasis: 'LIFETIME',
  tierWindowMonths: 12,
  downgradePolicy: 'IMMEDIATE',
  updatedAt: new Date(0),
};

async function load(db: Executor): Promise<Programme> {
  // One after the other: `db` may be a transaction, whose connection runs one query at a time.
  const settingsRows = await db.select().from(loyaltySettings);
  const tierRows = await db.select().from(tiers).orderBy(asc(tiers.minPoints));
  const typeRows = await db.select().from(transactionTypes);
  const ruleRows = await db.select().from(pointsRules).orderBy(asc(pointsRules.id));
  const rulesByType = new Map<number, RuleRow[]>();
  for (const r of ruleRows) {
    const list = rulesByType.get(r.transactionTypeId) ?? [];
    list.push(r);
    rulesByType.set(r.transactionTypeId, list);
  }
  return {
    settings: settingsRows[0] ?? DEFAULT_SETTINGS,
    tiers: tierRows,
    tiersById: new Map(tierRows.map((t) => [t.id, t])),
    typesByCode: new Map(typeRows.map((t) => [t.code.toUpperCase(), t])),
    typesById: new Map(typeRows.map((t) => [t.id, t])),
    rulesByType,
  };
}

/** The programme, from memory when fresh. One process serves one database. */
/**
 * The loaded programme. Every write to it publishes a change that drops it on every instance
 * (platform/changes.ts); it is reloaded at the latest after `cacheTtl()` (platform/snapshot.ts).
 */
const loaded = snapshot(['programme'], load);

export const programme = (db: Executor): Promise<Programme> => loaded.get(db);

/** Called by every write to tiers, types, rules and settings, inside its transaction. */
export const invalidateProgramme = (db: Executor) => publishChange(db, 'programme');

/** The tier for a number of qualifying points: the highest tier whose minimum is reached. */
export function tierFor(points: number, ladder: readonly TierRow[]): TierRow | undefined {
  let found: TierRow | undefined;
  for (const t of ladder) if (t.minPoints <= points) found = t;
  return found;
}
