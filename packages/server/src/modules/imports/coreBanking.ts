import type { FileLayoutInput } from '@loyalty/contracts';

/**
 * The core banking system's end-of-day file, the fixed-width layout a bank's nightly export
 * typically has (the demo's layout, and the tests'): 67-character records, the record type in
 * column 1 — `H` header (bank code, business date), `D` detail (reference, CIF number, transaction
 * code, amount in halalas, time), `T` trailer (detail count, amount total) — mapped to the
 * transaction fields of the integration API.
 */
export const coreBankingLayout: FileLayoutInput = {
  name: 'Core banking end-of-day (fixed width)',
  nameAr: 'ملف نهاية اليوم من النظام المصرفي الأساسي (عرض ثابت)',
  kind: 'TRANSACTIONS',
  format: 'FIXED_WIDTH',
  encoding: 'WINDOWS-1256',
  quote: '"',
  headerRow: false,
  fixedWidth: {
    discriminator: { start: 1, length: 1 },
    recordLength: 67,
    records: [
      {
        code: 'H',
        role: 'HEADER',
        fields: [
          { name: 'bankCode', start: 2, length: 6, type: 'string' },
          { name: 'businessDate', start: 8, length: 8, type: 'date', format: 'YYYYMMDD' },
        ],
      },
      {
        code: 'D',
        role: 'DETAIL',
        fields: [
          { name: 'txnRef', start: 2, length: 16, type: 'string' },
          { name: 'cif', start: 18, length: 12, type: 'string' },
          { name: 'txnCode', start: 30, length: 12, type: 'string' },
          { name: 'amount', start: 42, length: 12, type: 'decimal', decimals: 2 },
          { name: 'txnTime', start: 54, length: 14, type: 'date', format: 'YYYYMMDDHHmmss' },
        ],
      },
      {
        code: 'T',
        role: 'TRAILER',
        fields: [
          { name: 'recordCount', start: 2, length: 9, type: 'integer' },
          { name: 'amountTotal', start: 11, length: 15, type: 'decimal', decimals: 2 },
        ],
      },
    ],
    trailerCount: 'recordCount',
    trailerTotal: 'amountTotal',
    totalOf: 'amount',
  },
  mapping: {
    externalId: 'txnRef',
    customerNumber: 'cif',
    transactionTypeCode: 'txnCode',
    amount: 'amount',
    occurredAt: 'txnTime',
  },
};

/** A detail of the core banking file: the amount in halalas, the time as `YYYYMMDDHHmmss`. */
export interface CoreBankingLine {
  ref: string;
  cif: string;
  code: string;
  halalas: number;
  time: string;
}

/** A core banking end-of-day file: header, details, trailer (its count and total as given, else the file's). */
export function coreBankingFile(
  businessDate: string,
  details: CoreBankingLine[],
  trailer: { count?: number; halalas?: number } = {},
): string {
  const detail = (d: CoreBankingLine) =>
    `D${d.ref.padEnd(16)}${d.cif.padEnd(12)}${d.code.padEnd(12)}${String(d.halalas).padStart(12, '0')}${d.time}`;
  const count = trailer.count ?? details.length;
  const total = trailer.halalas ?? details.reduce((s, d) => s + d.halalas, 0);
  return [
    `H${'LOYBNK'}${businessDate}`.padEnd(67),
    ...details.map(detail),
    `T${String(count).padStart(9, '0')}${String(total).padStart(15, '0')}`.padEnd(67),
    '',
  ].join('\r\n');
}
