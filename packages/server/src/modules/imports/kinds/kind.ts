import type { ImportLineReason } from '@loyalty/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/client.ts';
import type { importLines, imports } from '../../../db/schema/index.ts';

export type ImportRow = typeof imports.$inferSelect;
export type LineRow = typeof importLines.$inferInsert;

/** A line's refusal, as far as the line itself shows it. */
export interface LineCheck {
  reason?: ImportLineReason;
  field?: string;
}

/** What posting a line answered: counted as posted (POSTED), duplicates (REPLAYED) or refused. */
export interface LineOutcome {
  line: number;
  outcome: string;
  entryId: number | null;
  points: number | null;
}

/** How one file's lines are checked while it is staged (state may span the file's batches). */
export interface FileCheck {
  /** A line's refusal, as far as the line itself shows it. */
  check(data: Record<string, string>): LineCheck;
  /** Marks the lines of a staged batch that the database refuses (unknown customers, …). */
  mark(tx: Tx, batch: LineRow[]): Promise<void>;
}

/**
 * A kind of import (decisions/imports.md): how its lines are checked when staged, and how a batch
 * of its valid lines posts (in the posting job's transaction).
 */
export interface ImportKindHandler {
  /**
   * The value that may appear once in a file (`key`, else the column `field`), and the refusal of
   * a second occurrence.
   */
  unique: { field: string; reason: ImportLineReason; key?: (data: Record<string, string>) => string };
  /**
   * The customer a line posts for, as SQL over the line's `data` (jsonb): lines of different
   * customers post in parallel (decisions/imports.md "Posting"); a line whose value is null waits
   * for every line before it and posts alone. Absent: the file posts in order by one worker.
   */
  partition?: SQL;
  /**
   * The lines `post` posts after the batch's others (a reversal, after the earnings): a batch ends
   * at such a line when a later line of its customer follows it, so each customer's lines post in order.
   */
  postsLast?: (data: Record<string, string>) => boolean;
  /** The checks of one file (reading what they need once). */
  open(tx: Tx, imp: ImportRow): Promise<FileCheck>;
  post(
    tx: Tx,
    imp: ImportRow,
    lines: { line: number; data: Record<string, string> }[],
  ): Promise<LineOutcome[]>;
}

/** Marks the valid lines of a batch whose value of `field` is not in `known`. */
export function markMissing(
  batch: LineRow[],
  known: ReadonlySet<string>,
  field: string,
  reason: ImportLineReason,
  present = false,
) {
  for (const l of batch) {
    if (!l.reason && known.has(l.data[field] ?? '') === present) {
      l.reason = reason;
      l.field = field;
    }
  }
}

/** The valid lines' distinct values of `field` as a JSON array (for `jsonb_array_elements_text`). */
export const valuesOf = (batch: LineRow[], field: string) =>
  JSON.stringify([...new Set(batch.filter((l) => !l.reason).map((l) => l.data[field] ?? ''))]);

/** The numbers of `numbers` (a JSON array) that are customers. */
export async function knownCustomers(tx: Tx, numbers: string): Promise<Set<string>> {
  return new Set(
    rowsOf<{ n: string }>(
      await tx.execute(
        sql`select customer_number as n from customers
          where customer_number in (select jsonb_array_elements_text(${numbers}::jsonb))`,
      ),
    ).map((r) => r.n),
  );
}
