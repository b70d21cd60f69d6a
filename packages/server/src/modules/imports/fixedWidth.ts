import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type {
  FixedField,
  FixedWidth,
  ImportControl,
  ImportEncoding,
  ImportLineReason,
  RecordType,
} from '@loyalty/contracts';
import { limits } from './limits.ts';
import { decodedText, type FileRecord, fileFault } from './parse.ts';

/**
 * Fixed-width files read by a saved layout (decisions/imports.md "File layouts"): decoded as a CSV
 * is (`decodedText`: strict UTF-8 or Windows-1256 by iconv-lite), split into lines by Node's
 * readline (streamed), each record told apart by its discriminator. Detail records become the
 * staged lines (their fields' values, converted); header and trailer records are checked here, and
 * the trailer's record count and total must match the file or the whole file is refused.
 */

/** A date format's tokens and the pattern of each. */
const dateTokens: Record<string, string> = {
  YYYY: '(?<Y>\\d{4})',
  MM: '(?<M>\\d{2})',
  DD: '(?<D>\\d{2})',
  HH: '(?<h>\\d{2})',
  mm: '(?<m>\\d{2})',
  ss: '(?<s>\\d{2})',
};

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A date format (`YYYYMMDD`, `DD/MM/YYYY`, `YYYYMMDDHHmmss`…) as a pattern. */
function datePattern(format: string): RegExp {
  const parts = format.split(/(YYYY|MM|DD|HH|mm|ss)/).map((p) => dateTokens[p] ?? literal(p));
  return new RegExp(`^${parts.join('')}$`);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A date field's text as ISO 8601 (`YYYY-MM-DD`, or UTC date and time when the format has hours); null: not a date. */
export function fixedDate(value: string, format = 'YYYYMMDD'): string | null {
  const m = datePattern(format).exec(value)?.groups;
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m.Y, m.M, m.D, m.h ?? '0', m.m ?? '0', m.s ?? '0'].map(Number) as number[];
  const date = new Date(Date.UTC(y as number, (mo as number) - 1, d, h, mi, s));
  if (
    date.getUTCFullYear() !== y ||
    date.getUTCMonth() !== (mo as number) - 1 ||
    date.getUTCDate() !== d ||
    date.getUTCHours() !== h ||
    date.getUTCMinutes() !== mi ||
    date.getUTCSeconds() !== s
  )
    return null;
  const day = `${pad(y as number, 4)}-${pad(mo as number)}-${pad(d as number)}`;
  return m.h === undefined ? day : `${day}T${pad(h as number)}:${pad(mi as number)}:${pad(s as number)}Z`;
}

/** A number field's text as a decimal (`000012345` with 2 implied decimals: `123.45`); null: not a number. */
export function fixedNumber(value: string, decimals = 0): string | null {
  const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!m) return null;
  const [, sign, whole = '', fraction] = m;
  let digits = whole;
  let frac = fraction ?? '';
  if (fraction === undefined && decimals > 0) {
    digits = whole.padStart(decimals + 1, '0').slice(0, -decimals);
    frac = whole.slice(-decimals).padStart(decimals, '0');
  }
  const int = digits.replace(/^0+(?=\d)/, '');
  return `${sign === '-' ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** A field's value as read (strings trimmed; numbers and dates converted); a reason when it is not its type. */
function fieldValue(f: FixedField, raw: string): { value: string; reason?: ImportLineReason } {
  const text = raw.trim();
  if (f.type === 'string' || !text) return { value: text };
  if (f.type === 'date') {
    const iso = fixedDate(text, f.format || 'YYYYMMDD');
    return iso ? { value: iso } : { value: text, reason: 'badDate' };
  }
  const n = fixedNumber(text, f.type === 'decimal' ? (f.decimals ?? 0) : 0);
  if (n === null || (f.type === 'integer' && n.includes('.'))) return { value: text, reason: 'badNumber' };
  return { value: n };
}

/** The length a record must have: the layout's, else as far as its fields reach. */
const lengthOf = (spec: FixedWidth, r: RecordType) =>
  spec.recordLength ?? Math.max(...r.fields.map((f) => f.start + f.length - 1));

/** A record's fields, with the first field that is not its type. */
function readRecord(r: RecordType, text: string) {
  const values: Record<string, string> = {};
  let fault: { reason: ImportLineReason; field: string } | undefined;
  for (const f of r.fields) {
    const read = fieldValue(f, text.slice(f.start - 1, f.start - 1 + f.length));
    values[f.name] = read.value;
    if (read.reason && !fault) fault = { reason: read.reason, field: f.name };
  }
  return { values, fault };
}

/** Decimals as micro-units, so totals add exactly. */
const SCALE = 1_000_000n;
function micros(decimal: string): bigint {
  const [whole = '0', frac = ''] = decimal.replace(/^-/, '').split('.');
  const v = BigInt(whole) * SCALE + BigInt(frac.padEnd(6, '0').slice(0, 6));
  return decimal.startsWith('-') ? -v : v;
}
function fromMicros(v: bigint, decimals: number): string {
  const sign = v < 0n ? '-' : '';
  const abs = v < 0n ? -v : v;
  const whole = abs / SCALE;
  const frac = String(abs % SCALE)
    .padStart(6, '0')
    .slice(0, decimals);
  return `${sign}${whole}${decimals ? `.${frac}` : ''}`;
}

/**
 * Reads a fixed-width file by its layout. Yields the detail record's field names first, then each
 * data record (its line number, its values in that order, and a line fault: `badRecordLength`,
 * `unknownRecordType`, `badDate`, `badNumber`), and last the reconciliation. File faults throw
 * `fileFault`: `missingHeader`, `badHeader`, `badTrailer` (a header or trailer of the wrong length
 * or field), `afterTrailer`, `missingTrailer`, `trailerCount`, `trailerTotal`, and the decoding's.
 */
export async function* readFixedWidth(
  source: Readable,
  encoding: ImportEncoding,
  spec: FixedWidth,
): AsyncGenerator<{ header: string[] } | FileRecord | { control: ImportControl }> {
  const detail = spec.records.find((r) => r.role === 'DETAIL') as RecordType;
  const headerType = spec.records.find((r) => r.role === 'HEADER');
  const trailerType = spec.records.find((r) => r.role === 'TRAILER');
  const byCode = new Map(spec.records.map((r) => [r.code, r]));
  const columns = detail.fields.map((f) => f.name);
  const totalField = detail.fields.find((f) => f.name === spec.totalOf);
  const { text } = await decodedText(source, encoding);
  let failure: unknown;
  const lines = createInterface({ input: text, crlfDelay: Number.POSITIVE_INFINITY });
  text.on('error', (err) => {
    failure = err;
    lines.close();
  });
  yield { header: columns };
  let line = 0;
  let records = 0;
  let total = 0n;
  let totalKnown = true;
  let seenHeader = false;
  let trailer: Record<string, string> | undefined;
  for await (const raw of lines) {
    line += 1;
    const record = line === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (!record.trim()) continue;
    if (record.length > limits.maxLineBytes) throw fileFault('lineTooLong', line);
    if (trailer) throw fileFault('afterTrailer', line);
    const code = record.slice(
      spec.discriminator.start - 1,
      spec.discriminator.start - 1 + spec.discriminator.length,
    );
    const type = byCode.get(code.trim()) ?? byCode.get(code);
    if (headerType && !seenHeader && type !== headerType) throw fileFault('missingHeader', line);
    if (type && type.role !== 'DETAIL') {
      const fault = type.role === 'HEADER' ? 'badHeader' : 'badTrailer';
      if ((type.role === 'HEADER' && seenHeader) || record.length !== lengthOf(spec, type))
        throw fileFault(fault, line);
      const read = readRecord(type, record);
      if (read.fault) throw fileFault(fault, line);
      if (type.role === 'HEADER') seenHeader = true;
      else trailer = read.values;
      continue;
    }
    records += 1;
    if (!type) {
      // Its amount is unknown: the total cannot be reconciled (the line's fault refuses the file).
      totalKnown = false;
      yield { line, values: columns.map(() => ''), reason: 'unknownRecordType' };
      continue;
    }
    const read = readRecord(type, record);
    const values = columns.map((c) => read.values[c] ?? '');
    const wrongLength = record.length !== lengthOf(spec, type);
    if (totalField) {
      const amount = read.values[totalField.name] ?? '';
      // A record of the wrong length may have its fields shifted: its amount is not known either.
      if (wrongLength || read.fault?.field === totalField.name) totalKnown = false;
      else if (amount) total += micros(amount);
    }
    if (wrongLength) yield { line, values, reason: 'badRecordLength' };
    else yield { line, values, ...read.fault };
  }
  if (failure) throw failure;
  if (!line) throw fileFault('empty');
  const decimals = Math.max(
    totalField?.decimals ?? 0,
    trailerType?.fields.find((f) => f.name === spec.trailerTotal)?.decimals ?? 0,
  );
  const control: ImportControl = {
    records,
    total: totalField && totalKnown ? fromMicros(total, decimals) : null,
    trailerRecords: null,
    trailerTotal: null,
  };
  if (trailerType) {
    if (!trailer) throw fileFault('missingTrailer');
    if (spec.trailerCount) {
      control.trailerRecords = Number(trailer[spec.trailerCount]);
      if (control.trailerRecords !== records)
        throw fileFault(
          'trailerCount',
          undefined,
          `the trailer says ${control.trailerRecords}, the file has ${records}`,
        );
    }
    if (spec.trailerTotal && totalField && totalKnown) {
      const stated = micros(trailer[spec.trailerTotal] || '0');
      control.trailerTotal = fromMicros(stated, decimals);
      if (stated !== total)
        throw fileFault(
          'trailerTotal',
          undefined,
          `the trailer says ${control.trailerTotal}, the file adds up to ${control.total}`,
        );
    }
  }
  yield { control };
}
