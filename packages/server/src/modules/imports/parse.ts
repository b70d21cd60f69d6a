import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { ImportEncoding, ImportLineReason } from '@loyalty/contracts';
import { CsvError, Parser } from 'csv-parse';
import iconv from 'iconv-lite';
import { AppError } from '../../platform/errors.ts';
import { limits } from './limits.ts';

/**
 * A data record of a file: its line number (the header is line 1; a record whose quoted field holds
 * line breaks is numbered by the line it ends on, as csv-parse counts) and its values.
 */
export interface FileRecord {
  line: number;
  values: string[];
  /** A fault the reading found in the line (fixed-width records: length, type, a field's format). */
  reason?: ImportLineReason;
  field?: string;
}

/** A fault of the whole file: nothing of it is staged (400 CSV_INVALID naming the line and reason). */
export const fileFault = (reason: string, line?: number, detail?: string) =>
  new AppError(
    'CSV_INVALID',
    `The file cannot be read: ${reason}${line ? ` (line ${line})` : ''}${detail ? `: ${detail}` : ''}`,
    [{ path: line ? `line ${line}` : 'file', message: `imports.${reason}` }],
  );

/** Strict UTF-8: bytes that are not UTF-8 are a wrong encoding, not replacement characters. */
class Utf8Decoder extends Transform {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  constructor() {
    super({ decodeStrings: true, readableObjectMode: false });
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    try {
      done(null, this.decoder.decode(chunk, { stream: true }));
    } catch {
      done(fileFault('wrongEncoding'));
    }
  }
  override _flush(done: TransformCallback) {
    try {
      done(null, this.decoder.decode());
    } catch {
      done(fileFault('wrongEncoding'));
    }
  }
}

const delimiters = [',', ';', '\t', '|'];

/** The delimiter of a file: the one its header line has most of (a comma when none). */
export function sniffDelimiter(head: string): string {
  const firstLine = head.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  let best = ',';
  let most = 0;
  for (const d of delimiters) {
    const n = firstLine.split(d).length - 1;
    if (n > most) {
      best = d;
      most = n;
    }
  }
  return best;
}

/** What csv-parse's refusals mean, as the reasons a person reads. */
const csvReasons: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'openQuote',
  CSV_INVALID_CLOSING_QUOTE: 'badQuote',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'badQuote',
  CSV_MAX_RECORD_SIZE: 'lineTooLong',
};

/**
 * A file's bytes (a stream: spool.ts `openSource`) decoded from `encoding` (UTF-8, strict, with or without a BOM; or Windows-1256 by
 * iconv-lite) as a text stream whose first chunk is read already (an empty file is a fault).
 */
export async function decodedText(
  source: Readable,
  encoding: ImportEncoding,
): Promise<{ head: string; text: Readable }> {
  const decoded =
    encoding === 'UTF-8' ? source.pipe(new Utf8Decoder()) : source.pipe(iconv.decodeStream('windows-1256'));
  // A pipe does not pass its source's errors on (a spooled file gone, a read failing): the
  // decoding fails with them rather than the process on an unhandled stream error.
  source.on('error', (err) => (decoded as Readable).destroy(err));
  const iterator = decoded[Symbol.asyncIterator]();
  const first = await iterator.next().catch((err: unknown) => {
    // A file that cannot be read at all (gone, unreadable) is that, not a wrong encoding.
    if (err instanceof AppError || (err as NodeJS.ErrnoException).code) throw err;
    throw fileFault('wrongEncoding');
  });
  if (
    first.done ||
    !String(first.value)
      .replace(/^\uFEFF/, '')
      .trim()
  )
    throw fileFault('empty');
  const head = String(first.value);
  const text = Readable.from(
    (async function* () {
      yield head;
      for (let next = await iterator.next(); !next.done; next = await iterator.next())
        yield String(next.value);
    })(),
  );
  return { head, text };
}

/**
 * csv-parse's stream, each record handed on with the line it ends on (the parser's count of lines
 * read when it pushes the record): what its `info` option gives, without the object of a dozen
 * fields it builds per record (half of the parser's time in a profile of staging).
 */
class LineParser extends Parser {
  override push(record: string[] | null): boolean {
    return super.push(record && { line: this.info.lines, values: record });
  }
}

/** A CSV layout's options (a saved file layout's; absent: the kinds' default, a header row, sniffed). */
export interface CsvOptions {
  delimiter?: string | null | undefined;
  quote?: string | undefined;
  /** False: no header row; the columns are called `1`, `2`… by position. */
  headerRow?: boolean | undefined;
}

/**
 * Reads a CSV file as a stream: decoded (`decodedText`), its delimiter the layout's or sniffed from
 * the first line, quoted fields with delimiters and line breaks, parsed by csv-parse. Yields the
 * header's columns first, then each record. File faults (wrong encoding, a quote left open, no
 * header, no data) throw `fileFault`.
 */
export async function* readCsv(
  source: Readable,
  encoding: ImportEncoding,
  options: CsvOptions = {},
): AsyncGenerator<{ header: string[] } | FileRecord> {
  const { head, text } = await decodedText(source, encoding);
  const headerRow = options.headerRow ?? true;
  const parser = new LineParser({
    delimiter: options.delimiter || sniffDelimiter(head),
    quote: options.quote ?? '"',
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    max_record_size: limits.maxLineBytes,
  });
  text.on('error', (err) => parser.destroy(err));
  text.pipe(parser);
  let header: string[] | undefined;
  try {
    for await (const record of parser as AsyncIterable<FileRecord>) {
      if (!header) {
        header = headerRow ? record.values : record.values.map((_, i) => String(i + 1));
        yield { header };
        if (headerRow) continue;
      }
      yield record;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines;
      throw fileFault(csvReasons[err.code] ?? 'badCsv', line);
    }
    throw err;
  }
  if (!header) throw fileFault('empty');
}
