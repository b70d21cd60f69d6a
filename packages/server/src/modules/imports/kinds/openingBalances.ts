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

interface PostedEntry {
  outcome: string;
  entry_id: string | number | null;
}

/** One ledger entry through the one posting path (loyalty_post_entry): balance, lifetime, tier. */
async function postEntry(
  tx: Tx,
  customerId: number,
  entry: { points: number; lot: boolean; expiresAt: Date | null; mark: string | null; reference: string },
): Promise<number> {
  const [row] = rowsOf<PostedEntry>(
    await tx.execute(sql`select outcome, entry_id from loyalty_post_entry(${customerId}::bigint, 'ADJUST'::text,
      ${entry.points}::int, ${entry.reference}::text, ${entry.lot}::boolean, ${entry.expiresAt}::timestamptz,
      now(), ${entry.mark}::text, p_note => 'opening balance'::text)`),
  );
  if (row?.outcome !== 'POSTED') throw new Error(`Opening entry refused: ${row?.outcome}`);
  return Number(row.entry_id);
}

/**
 * Opening balances (the migration): per customer, the points already earned and spent (lifetime
 * less balance) as a lot that has expired with the debit that spent it, then each lot of the
 * balance with its own expiry date — ADJUST entries through loyalty_post_entry, so balance = the
 * ledger's sum, lifetime points = the lots' sum, and the expiry job takes each lot on its date
 * (oldest first). The first entry carries the mark `opening:<customerNumber>`: a customer's
 * opening posts once (a later file's line is refused, or answered as a duplicate while posting).
 * Then the join date and the tier named (recorded in the tier history as OPENING).
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
            await tx.execute(sql`select substr(external_id, 9) as n from ledger_entries
              where kind = 'ADJUST' and channel is null and external_id in
                (select 'opening:' || v from jsonb_array_elements_text(${numbers}::jsonb) v)`),
          ).map((r) => r.n),
        );
        markMissing(batch, opened, 'customerNumber', 'alreadyOpened', true);
      },
    };
  },
  post: async (tx, imp, lines) => {
    const tierNames = await tierNamesOf(tx);
    const now = new Date();
    const outcomes: LineOutcome[] = [];
    const reference = `import:${imp.id}`;
    for (const l of lines) {
      const read = readOpening(l.data, tierNames, now);
      const number = l.data.customerNumber ?? '';
      const refuse = (outcome: string) =>
        outcomes.push({ line: l.line, outcome, entryId: null, points: null });
      if (!('opening' in read)) {
        refuse(read.reason); // the tiers or the date moved since validation
        continue;
      }
      const { balance, lifetime, tierId, joinedAt, lots } = read.opening;
      const [customer] = rowsOf<{ id: number; opened: boolean }>(
        await tx.execute(sql`select c.id, exists (select 1 from ledger_entries e where e.kind = 'ADJUST'
            and e.channel is null and e.external_id = ${openingMark(number)}) as opened
          from customers c where c.customer_number = ${number} for update`),
      );
      if (!customer) {
        refuse('unknownCustomer');
        continue;
      }
      if (customer.opened) {
        refuse('REPLAYED');
        continue;
      }
      const id = Number(customer.id);
      const entries: { points: number; lot: boolean; expiresAt: Date | null }[] = [];
      if (lifetime > balance) {
        // Earned and spent before: a lot that has expired, and the debit that spent it.
        entries.push({ points: lifetime - balance, lot: true, expiresAt: now });
        entries.push({ points: balance - lifetime, lot: false, expiresAt: null });
      }
      for (const lot of lots) entries.push({ points: lot.points, lot: true, expiresAt: lot.expiresAt });
      let first: number | null = null;
      for (const e of entries) {
        const entryId = await postEntry(tx, id, {
          ...e,
          mark: first === null ? openingMark(number) : null,
          reference,
        });
        first ??= entryId;
      }
      if (joinedAt)
        await tx.execute(sql`update customers set joined_at = ${joinedAt}::date where id = ${id}`);
      if (tierId !== null) {
        await tx.execute(sql`with cur as (select c.tier_id, t.name from customers c left join tiers t on t.id = c.tier_id
              where c.id = ${id}),
            moved as (update customers c set tier_id = ${tierId} where c.id = ${id}
              and c.tier_id is distinct from ${tierId} returning c.id)
          insert into customer_tier_history
            (customer_id, from_tier_id, from_tier_name, to_tier_id, to_tier_name, qualifying_points, reason)
          select m.id, cur.tier_id, cur.name, t.id, t.name, ${lifetime}, 'OPENING'
          from moved m, cur, tiers t where t.id = ${tierId}`);
      }
      outcomes.push({ line: l.line, outcome: 'POSTED', entryId: first, points: balance });
    }
    return outcomes;
  },
};
