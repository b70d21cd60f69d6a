import { Readable } from 'node:stream';

/*
 * CSV for downloads: UTF-8 with a BOM (spreadsheets then read Arabic right), `\n` after every
 * record, cells quoted only when they hold a quote, a comma or a line break. Written by hand
 * rather than through csv-stringify, whose per-record object handling cost more than the rest of
 * an export (docs/performance.md, "Exports"); the output is the same as csv-stringify's with
 * `escape_formulas` (csv.test.ts compares them).
 */

/** First characters a spreadsheet reads as a formula (and their full-width forms). */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);
const NEEDS_QUOTES = /[",\n\r]/;

/**
 * One cell: nothing for null, numbers as they print (a negative number is not a formula),
 * booleans as 1 / empty, dates as epoch milliseconds, objects as JSON; text a spreadsheet would
 * run is prefixed with `'`.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '';
  let s: string;
  if (typeof value === 'string') s = value;
  else if (value instanceof Date) s = String(value.getTime());
  else if (typeof value === 'object') s = JSON.stringify(value);
  else s = String(value);
  if (s === '') return s;
  if (FORMULA_START.has(s[0] as string)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One record, without its line break. */
export function csvRecord(cells: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) line += (i ? ',' : '') + csvCell(cells[i]);
  return line;
}

/** One record's line. */
export const csvLine = (cells: readonly unknown[]) => `${csvRecord(cells)}\n`;

/**
 * Batches of rows (each an array of cells in the columns' order) as a CSV stream: the BOM and
 * header, then one chunk per batch. A failure while reading rows (a database error) destroys the
 * stream with that error, which Fastify answers as a problem when nothing was sent yet and by
 * ending the response otherwise; it never escapes the request.
 */
export function csvBatchStream(
  batches: AsyncIterable<readonly (readonly unknown[])[]>,
  columns: readonly string[],
): Readable {
  async function* lines() {
    for await (const batch of batches) yield batch.map(csvRecord);
  }
  return csvLineStream(lines(), columns);
}

/**
 * Batches of records already encoded (each a line without its break, as `csv_cell` writes them
 * in the database) as a CSV stream; see csvBatchStream.
 */
export function csvLineStream(
  batches: AsyncIterable<readonly string[]>,
  columns: readonly string[],
): Readable {
  async function* chunks() {
    // The header goes with the first rows: a failure before them is still answered as a problem.
    let head = `\uFEFF${csvLine(columns)}`;
    for await (const batch of batches) {
      let chunk = head;
      head = '';
      for (const line of batch) chunk += `${line}\n`;
      if (chunk) yield chunk;
    }
    if (head) yield head;
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Rows as records (keyed by column) as a CSV stream; see csvBatchStream. */
export function csvStream<T extends Record<string, unknown>>(
  rows: AsyncIterable<T>,
  columns: readonly (keyof T & string)[],
): Readable {
  async function* batches() {
    for await (const row of rows) yield [columns.map((c) => row[c])];
  }
  return csvBatchStream(batches(), columns);
}
