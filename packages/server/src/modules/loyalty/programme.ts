import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loyaltySettings, pointsRules, tiers, transactionTypes } from '../../db/schema/index.ts';
import { cacheTtl, onChange, publishChange } from '../../platform/changes.ts';

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

/**
 * The loaded programme. Every write to it publishes a change that drops it on every instance
 * (platform/changes.ts); it is reloaded at the latest after `cacheTtl()`.
 */
let cached: { at: number; value: Promise<Programme> } | undefined;
onChange('programme', () => {
  cached = undefined;
});

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
export function programme(db: Executor): Promise<Programme> {
  const now = Date.now();
  if (!cached || now - cached.at > cacheTtl()) {
    const value = load(db);
    cached = { at: now, value };
    value.catch(() => {
      if (cached?.value === value) cached = undefined;
    });
  }
  return cached.value;
}

/** Called by every write to tiers, types, rules and settings, inside its transaction. */
export const invalidateProgramme = (db: Executor) => publishChange(db, 'programme');

/** The tier for a number of qualifying points: the highest tier whose minimum is reached. */
export function tierFor(points: number, ladder: readonly TierRow[]): TierRow | undefined {
  let found: TierRow | undefined;
  for (const t of ladder) if (t.minPoints <= points) found = t;
  return found;
}
