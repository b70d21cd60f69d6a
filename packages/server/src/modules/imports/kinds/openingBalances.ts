import { customerNumberSchema } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/client.ts';
import { programme } from '../../loyalty/index.ts';
import {
  type ImportKindHandler,
  knownCustomers,
  type LineCheck,
  type LineOutcome,
  markMissing,
  valuesOf,
} from './kind.ts';

/** The ledger's mark of a customer's opening balance: its first entry's externalId (kind ADJUST, no channel). */
export const openingMark = (customerNumber: string) => `opening:${customerNumber}`;

const MAX_POINTS = 2_147_483_647;
const points = (v: string) => (/^\d{1,10}$/.test(v) && Number(v) <= MAX_POINTS ? Number(v) : undefined);
const isDate = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
/** A lot expires at the end of its date (UTC): the next day's start. */
const endOf = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

interface Lot {
  points: number;
  expiresAt: Date;
}

/** `points@YYYY-MM-DD` separated by spaces; undefined when one is not. */
function lotsOf(cell: string, now: Date): Lot[] | 'badPoints' | 'badDate' {
  const lots: Lot[] = [];
  for (const token of cell.split(/\s+/).filter(Boolean)) {
    const [p = '', d = '', ...rest] = token.split('@');
    const n = points(p);
    if (n === undefined || n === 0 || rest.length) return 'badPoints';
    if (!isDate(d) || endOf(d) <= now) return 'badDate';
    lots.push({ points: n, expiresAt: endOf(d) });
  }
  return lots;
}

interface Opening {
  balance: number;
  lifetime: number;
  tierId: number | null;
  joinedAt: string | null;
  lots: Lot[];
}

/** A line's opening: its figures, or why they are refused. */
function readOpening(
  data: Record<string, string>,
  tierNames: ReadonlyMap<string, number>,
  now: Date,
): Required<LineCheck> | { opening: Opening } {
  for (const field of ['customerNumber', 'balance', 'lifetimePoints']) {
    if (!data[field]) return { reason: 'missingField', field };
  }
  if (!customerNumberSchema.safeParse(data.customerNumber).success)
    return { reason: 'badCustomerNumber', field: 'customerNumber' };
  const balance = points(data.balance ?? '');
  if (balance === undefined) return { reason: 'badPoints', field: 'balance' };
  const lifetime = points(data.lifetimePoints ?? '');
  if (lifetime === undefined) return { reason: 'badPoints', field: 'lifetimePoints' };
  if (lifetime < balance) return { reason: 'lifetimeBelowBalance', field: 'lifetimePoints' };
  const tierName = (data.tier ?? '').toLowerCase();
  const tierId = tierName ? tierNames.get(tierName) : null;
  if (tierId === undefined) return { reason: 'unknownTier', field: 'tier' };
  const joinedAt = data.joinedAt ?? '';
  if (joinedAt && (!isDate(joinedAt) || Date.parse(`${joinedAt}T00:00:00Z`) > now.getTime()))
    return { reason: 'badDate', field: 'joinedAt' };
  const lots = lotsOf(data.lots ?? '', now);
  if (typeof lots === 'string') return { reason: lots, field: 'lots' };
  if (lots.reduce((s, l) => s + l.points, 0) !== balance) return { reason: 'lotsMismatch', field: 'lots' };
  return { opening: { balance, lifetime, tierId, joinedAt: joinedAt || null, lots } };
}

/** Tiers by their names in both languages, lower-cased. */
async function tierNamesOf(tx: Tx) {
  const prog = await programme(tx);
  const names = new Map<string, number>();
  for (const t of prog.tiers) {
    names.set(t.name.toLowerCase(), t.id);
    if (t.nameAr) names.set(t.nameAr.toLowerCase(), t.id);
  }
  return names;
}

/** An opening's ledger entries in their order (ADJUST, no channel), before their balances. */
export interface OpeningEntry {
  points: number;
  lot: boolean;
  expiresAt: Date | null;
}

/**
 * The entries of an opening: when lifetime > balance, the points earned and spent before (a lot of
 * `lifetime − balance` that has expired at `now`, and the non-lot debit that spent it: FIFO, the
 * spending took the oldest points); then one lot per `lots` item, with its own expiry.
 */
export function openingEntries(
  o: { balance: number; lifetime: number; lots: Lot[] },
  now: Date,
): OpeningEntry[] {
  const entries: OpeningEntry[] = [];
  if (o.lifetime > o.balance) {
    entries.push({ points: o.lifetime - o.balance, lot: true, expiresAt: now });
    entries.push({ points: o.balance - o.lifetime, lot: false, expiresAt: null });
  }
  for (const lot of o.lots) entries.push({ points: lot.points, lot: true, expiresAt: lot.expiresAt });
  return entries;
}

/**
 * Opening balances (the migration): per customer, the points already earned and spent (lifetime
 * less balance) as a lot that has expired with the debit that spent it, then each lot of the
 * balance with its own expiry date — ADJUST entries, so balance = the ledger's sum, lifetime
 * points = the lots' sum, and the expiry job takes each lot on its date (oldest first). A batch
 * posts set-based in one call (loyalty_open_balances: the entries loyalty_post_entry would have
 * written one by one, in a few statements). The first entry carries the mark
 * `opening:<customerNumber>`: a customer's opening posts once (a later file's line is refused, or
 * answered as a duplicate while posting). Then the join date and the tier named, else the one the
 * points reach (recorded in the tier history as OPENING).
 */
export const openingBalancesKind: ImportKindHandler = {
  unique: { field: 'customerNumber', reason: 'duplicateCustomer' },
  open: async (tx) => {
    const tierNames = await tierNamesOf(tx);
    const now = new Date();
    return {
      check: (data): LineCheck => {
        const read = readOpening(data, tierNames, now);
        return 'opening' in read ? {} : read;
      },
      mark: async (tx, batch) => {
        const numbers = valuesOf(batch, 'customerNumber');
        markMissing(batch, await knownCustomers(tx, numbers), 'customerNumber', 'unknownCustomer');
        const opened = new Set(
          rowsOf<{ n: string }>(
            // A look-up per number by the ledger's external key (kind, coalesce(channel, ''),
            // external_id); a scalar subquery, not `exists`: after a large migration the planner
            // (stale statistics) hashed every opening's mark instead, a second per batch.
            await tx.execute(sql`select v as n from jsonb_array_elements_text(${numbers}::jsonb) v
              where (select true from ledger_entries e where e.kind = 'ADJUST'
                and coalesce(e.channel, '') = '' and e.external_id = 'opening:' || v limit 1)`),
          ).map((r) => r.n),
        );
        markMissing(batch, opened, 'customerNumber', 'alreadyOpened', true);
      },
    };
  },
  partition: sql`data ->> 'customerNumber'`,
  post: async (tx, imp, lines) => {
    const tierNames = await tierNamesOf(tx);
    const now = new Date();
    const outcomes: LineOutcome[] = [];
    const balances = new Map<number, number>();
    const batch = [];
    for (const l of lines) {
      const read = readOpening(l.data, tierNames, now);
      if (!('opening' in read)) {
        // the tiers or the date moved since validation
        outcomes.push({ line: l.line, outcome: read.reason, entryId: null, points: null });
        continue;
      }
      const { balance, lifetime, tierId, joinedAt } = read.opening;
      balances.set(l.line, balance);
      batch.push({
        line: l.line,
        customerNumber: l.data.customerNumber ?? '',
        lifetime,
        tierId,
        joinedAt,
        entries: openingEntries(read.opening, now),
      });
    }
    if (!batch.length) return outcomes;
    // The whole batch in one call (db/functions/loyalty_open_balances.sql), customers locked in id order.
    const posted = rowsOf<{ line: number; outcome: string; entry_id: string | number | null }>(
      await tx.execute(sql`select line, outcome, entry_id from loyalty_open_balances(
        ${JSON.stringify(batch)}::jsonb, ${`import:${imp.id}`}::text)`),
    );
    for (const p of posted) {
      const line = Number(p.line);
      const ok = p.outcome === 'POSTED';
      outcomes.push({
        line,
        outcome: p.outcome,
        entryId: ok && p.entry_id !== null ? Number(p.entry_id) : null,
        points: ok ? (balances.get(line) ?? 0) : null,
      });
    }
    return outcomes.sort((a, b) => a.line - b.line);
  },
};
