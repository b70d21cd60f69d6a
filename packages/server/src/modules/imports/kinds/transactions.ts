import {
  channelTransactionInput,
  type ImportLineReason,
  importRequiredColumns,
  reversalColumn,
} from '@loyalty/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { businessRules, criteriaFor, serviceLimit } from '../../configuration/index.ts';
import {
  currentConfiguration,
  type EarningItem,
  earningItem,
  postEarningBatch,
  programme,
  reverseEarning,
} from '../../loyalty/index.ts';
import {
  type ImportKindHandler,
  type ImportRow,
  knownCustomers,
  type LineCheck,
  type LineOutcome,
  type LineRow,
} from './kind.ts';

const fieldReason: Record<string, ImportLineReason> = {
  amount: 'badAmount',
  occurredAt: 'badDate',
  transactionTypeCode: 'missingField',
  customerNumber: 'missingField',
  externalId: 'missingField',
};

const isReversal = (data: Record<string, string>) => Boolean(data[reversalColumn]);

/** An earning line checked by the integration API's own transaction schema and the EARN types. */
function checkEarning(data: Record<string, string>, knownTypes: ReadonlySet<string>): LineCheck {
  for (const c of importRequiredColumns.TRANSACTIONS) {
    if (!data[c]) return { reason: c === 'occurredAt' ? 'badDate' : 'missingField', field: c };
  }
  const amount = /^-?\d+(\.\d+)?$/.test(data.amount ?? '') ? Number(data.amount) : Number.NaN;
  const parsed = channelTransactionInput.safeParse({ ...data, amount });
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? '');
    return { reason: fieldReason[field] ?? 'missingField', field };
  }
  if (!knownTypes.has((data.transactionTypeCode ?? '').toUpperCase()))
    return { reason: 'unknownTransactionType', field: 'transactionTypeCode' };
  return {};
}

/** A reversal line: the earning's externalId, as the API's path takes it. */
function checkReversal(data: Record<string, string>): LineCheck {
  const ok = channelTransactionInput.shape.externalId.safeParse(data[reversalColumn]).success;
  return ok ? {} : { reason: 'unknownOriginal', field: reversalColumn };
}

/** The earnings among `ids` that `among` finds (a query of `id` and `customer`, given the list as `list`), each with its customer's number. */
async function customersOf(tx: Tx, ids: string[], among: (list: SQL) => SQL): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const list = sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
  return new Map(
    rowsOf<{ id: string; customer: string }>(await tx.execute(among(list))).map((r) => [r.id, r.customer]),
  );
}

/** The externalIds of `ids` posted as earnings in `channel` (the ledger's key, as reverseEarning finds them). */
const postedEarnings = (tx: Tx, channel: string, ids: string[]) =>
  customersOf(
    tx,
    ids,
    (list) => sql`select e.external_id as id, c.customer_number as customer
      from ledger_entries e join customers c on c.id = e.customer_id
      where e.kind = 'EARN' and coalesce(e.channel, '') = ${channel} and e.external_id in ${list}`,
  );

/** The externalIds of `ids` that are valid earnings of the import's lines staged so far (by their key). */
const stagedEarnings = (tx: Tx, importId: number, ids: string[]) =>
  customersOf(
    tx,
    ids,
    (list) => sql`select key as id, data ->> 'customerNumber' as customer from import_lines
      where import_id = ${importId} and reason is null and key in ${list}`,
  );

async function postEarnings(
  tx: Tx,
  imp: ImportRow,
  lines: { line: number; data: Record<string, string> }[],
): Promise<LineOutcome[]> {
  if (!lines.length) return [];
  const prog = await programme(tx);
  const config = await currentConfiguration(tx, prog, {
    limit: await serviceLimit(tx, 'earn'),
    criteria: await criteriaFor(tx, 'EARN'),
    business: await businessRules(tx),
  });
  const key = { channel: imp.channel ?? '', id: imp.apiKeyId };
  const items: EarningItem[] = [];
  const posting: number[] = [];
  const outcomes: LineOutcome[] = [];
  for (const l of lines) {
    try {
      const data = { ...l.data, amount: Number(l.data.amount) };
      items.push(earningItem(prog, config, data as never, undefined, imp.channel ? key : undefined));
      posting.push(l.line);
    } catch {
      // The type was removed or changed since validation.
      outcomes.push({ line: l.line, outcome: 'unknownTransactionType', entryId: null, points: null });
    }
  }
  const rows = items.length ? await postEarningBatch(tx, items, config, true) : [];
  rows.forEach((r, i) => {
    outcomes.push({
      line: posting[i] as number,
      outcome: r.outcome,
      entryId: r.entry_id === null ? null : Number(r.entry_id),
      points: r.outcome === 'POSTED' ? (r.points ?? 0) : null,
    });
  });
  return outcomes;
}

/**
 * Reversal lines, each through the integration API's reversal (reverseEarning: the earning's
 * points taken back, its campaign budget given back, idempotent — a second reversal answers the
 * first, counted as a duplicate), one savepoint per line so a refusal (NOT_FOUND: the earning's
 * own line was refused while posting; INSUFFICIENT_POINTS: its points are spent) undoes that line only.
 */
async function postReversals(
  tx: Tx,
  imp: ImportRow,
  lines: { line: number; data: Record<string, string> }[],
): Promise<LineOutcome[]> {
  const outcomes: LineOutcome[] = [];
  for (const l of lines) {
    try {
      const r = await tx.transaction((sp) =>
        reverseEarning(
          sp,
          { externalId: l.data[reversalColumn] ?? '', channel: imp.channel ?? '' },
          undefined,
          `import:${imp.id}`,
        ),
      );
      outcomes.push({
        line: l.line,
        outcome: r.replayed ? 'REPLAYED' : 'POSTED',
        entryId: r.entryId,
        points: r.replayed ? null : -r.pointsReversed,
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      outcomes.push({ line: l.line, outcome: err.code, entryId: null, points: null });
    }
  }
  return outcomes;
}

/**
 * Transactions: earnings (the integration API's transaction fields) and reversals of earlier
 * earnings (`reversalOf`). An earning posts through the engine's batch statement; a reversal
 * through the API's reversal path. A reversal must name an earning posted before in the import's
 * channel or a valid earning earlier in the file (else `unknownOriginal`). A reversal posts with
 * its earning's customer's lines (its `post_key`, set while staging), after the earnings of its
 * batch, and its batch ends there when a later line of that customer follows (`postsLast`).
 */
export const transactionsKind: ImportKindHandler = {
  unique: {
    field: 'externalId',
    reason: 'duplicateExternalId',
    // A reversal is unique by the earning it reverses (its own externalId is not needed).
    key: (data) => (isReversal(data) ? `${reversalColumn}:${data[reversalColumn]}` : (data.externalId ?? '')),
  },
  // An earning by its customer; a reversal's customer is its earning's, found while staging (`mark`).
  partition: sql`case when coalesce(data ->> ${reversalColumn}, '') = '' then data ->> 'customerNumber' end`,
  postsLast: isReversal,
  open: async (tx, imp) => {
    const prog = await programme(tx);
    const knownTypes = new Set(
      [...prog.typesByCode.entries()].filter(([, t]) => t.type === 'EARN').map(([c]) => c),
    );
    return {
      check: (data) => (isReversal(data) ? checkReversal(data) : checkEarning(data, knownTypes)),
      mark: async (tx, batch: LineRow[]) => {
        const earnings = batch.filter((l) => !l.reason && !isReversal(l.data));
        const numbers = JSON.stringify([...new Set(earnings.map((l) => l.data.customerNumber ?? ''))]);
        const known = earnings.length ? await knownCustomers(tx, numbers) : new Set<string>();
        /** The batch's valid earnings so far, with their customers: a later reversal in it may name them. */
        const batchEarnings = new Map<string, string>();
        const original = (l: LineRow) => l.data[reversalColumn] ?? '';
        const reversals: LineRow[] = [];
        for (const l of batch) {
          if (l.reason) continue;
          if (!isReversal(l.data)) {
            const customer = l.data.customerNumber ?? '';
            if (known.has(customer)) batchEarnings.set(l.data.externalId ?? '', customer);
            else {
              l.reason = 'unknownCustomer';
              l.field = 'customerNumber';
            }
          } else {
            // A reversal posts among its earning's customer's lines, after the earning.
            l.postKey = batchEarnings.get(original(l));
            if (!l.postKey) reversals.push(l);
          }
        }
        // An earning earlier in the file: a valid line of a batch staged before (its key); else one
        // posted before in the import's channel.
        const staged = await stagedEarnings(tx, imp.id, reversals.map(original));
        const pending = reversals.filter((l) => !staged.has(original(l)));
        const posted = await postedEarnings(tx, imp.channel ?? '', pending.map(original));
        for (const l of reversals) {
          l.postKey = staged.get(original(l)) ?? posted.get(original(l));
          if (!l.postKey) {
            l.reason = 'unknownOriginal';
            l.field = reversalColumn;
          }
        }
      },
    };
  },
  post: async (tx, imp, lines) => [
    ...(await postEarnings(
      tx,
      imp,
      lines.filter((l) => !isReversal(l.data)),
    )),
    ...(await postReversals(
      tx,
      imp,
      lines.filter((l) => isReversal(l.data)),
    )),
  ],
};
