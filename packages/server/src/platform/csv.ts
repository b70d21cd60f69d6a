import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/**
 * Rows as a CSV stream for a download: UTF-8 with a BOM (spreadsheets then read Arabic right),
 * cells a spreadsheet would run as formulas escaped. A failure while reading rows (a database
 * error) destroys the stream with that error, which Fastify answers as a problem when nothing was
 * sent yet and by ending the response otherwise; it never escapes the request.
 */
export function csvStream<T extends Record<string, unknown>>(
  rows: AsyncIterable<T>,
  columns: readonly (keyof T & string)[],
): Readable {
  return pipeline(
    Readable.from(rows),
    stringify({ header: true, columns: [...columns], escape_formulas: true, bom: true }),
    () => {
      // Errors reach the response through the last stream; nothing more to do here.
    },
  );
}
