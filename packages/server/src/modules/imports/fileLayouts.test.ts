import { eq, inArray } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { type CoreBankingLine, coreBankingFile, coreBankingLayout } from './coreBanking.ts';
import { approveAndRun, fileFaultOf, form, gateImportPosting, spendProgramme, staged } from './testing.ts';

let t: TestApp;
let admin: { authorization: string };
let maker: { authorization: string };
let checker: { authorization: string };
let layoutId: number;

const upload = async (file: string | Uint8Array, fields: Record<string, string> = {}) =>
  staged(
    t,
    await t.inject({
      method: 'POST',
      url: '/api/admin/imports',
      as: maker,
      ...form(file, fields, 'eod.txt'),
    }),
    maker,
  );
const createLayout = (payload: object) =>
  t.inject({ method: 'POST', url: '/api/admin/file-layouts', as: admin, payload });

let n = 0;
/** A detail line of 100.25 SAR by C1 (each call a new reference). */
const line = (over: Partial<CoreBankingLine> = {}): CoreBankingLine => ({
  ref: `EOD-${++n}`,
  cif: 'C1',
  code: 'SPEND',
  halalas: 10_025,
  time: '20261128093000',
  ...over,
});
/** The core banking file in its encoding (Windows-1256). */
const eod = (...args: Parameters<typeof coreBankingFile>) =>
  iconv.encode(coreBankingFile(...args), 'windows-1256');

beforeAll(async () => {
  t = await buildTestApp();
});

beforeAll(async () => {
  ({ admin } = await spendProgramme(t, ['C1', 'C2']));
  await gateImportPosting(t, admin);
  maker = await t.userWith(['import.create', 'import.post', 'import.read', 'fileLayout.read']);
  checker = await t.userWith(['import.read', 'approval.check']);
  const created = await createLayout(coreBankingLayout);
  expect(created.statusCode).toBe(201);
  layoutId = created.json().id;
});

describe('file layouts', () => {
  it('are commands: created, listed, audited; a fixed-width layout needs one detail record and its trailer fields', async () => {
    const list = (await t.inject({ method: 'GET', url: '/api/admin/file-layouts', as: maker })).json();
    expect(list.items.map((l: { name: string }) => l.name)).toContain(coreBankingLayout.name);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.command, 'fileLayout.create'));
    expect(audit.length).toBeGreaterThan(0);
    const noRecords = await createLayout({ ...coreBankingLayout, name: 'x', fixedWidth: undefined });
    expect(noRecords.statusCode).toBe(400);
    const fw = coreBankingLayout.fixedWidth as NonNullable<typeof coreBankingLayout.fixedWidth>;
    const twoDetails = await createLayout({
      ...coreBankingLayout,
      name: 'y',
      fixedWidth: { ...fw, records: fw.records.map((r) => ({ ...r, role: 'DETAIL' })) },
    });
    expect(twoDetails.statusCode).toBe(400);
    const noField = await createLayout({
      ...coreBankingLayout,
      name: 'z',
      fixedWidth: { ...fw, trailerCount: 'nope' },
    });
    expect(noField.statusCode).toBe(400);
    expect(noField.json().errors[0].message).toBe('imports.layouts.noTrailerField');
  });

  it('preview a file as read, before the mapping; the mapping saved on the layout is reused by uploads', async () => {
    const csvLayout = await createLayout({
      name: 'Branch export (no header)',
      nameAr: 'تصدير الفروع (بلا عنوان)',
      kind: 'TRANSACTIONS',
      format: 'CSV',
      delimiter: '|',
      headerRow: false,
    });
    expect(csvLayout.statusCode).toBe(201);
    const id = csvLayout.json().id;
    const file = 'B-1|C2|SPEND|40.00|2026-11-28T09:00:00Z\nB-2|C2|SPEND|12.50|2026-11-28T10:00:00Z\n';
    const preview = await t.inject({
      method: 'POST',
      url: `/api/admin/file-layouts/${id}/preview`,
      as: maker,
      ...form(file),
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      columns: ['1', '2', '3', '4', '5'],
      rows: [
        { line: 1, values: ['B-1', 'C2', 'SPEND', '40.00', '2026-11-28T09:00:00Z'] },
        { line: 2, values: ['B-2', 'C2', 'SPEND', '12.50', '2026-11-28T10:00:00Z'] },
      ],
    });
    // Unmapped, the file lacks the kind's columns: refused whole (by the staging job).
    const unmapped = await upload(file, { layoutId: String(id) });
    expect(fileFaultOf(unmapped.json()).message).toBe('imports.missingColumns');
    const mapping = {
      externalId: '1',
      customerNumber: '2',
      transactionTypeCode: '3',
      amount: '4',
      occurredAt: '5',
    };
    const mapped = await t.inject({
      method: 'PUT',
      url: `/api/admin/file-layouts/${id}/mapping`,
      as: admin,
      payload: { mapping },
    });
    expect(mapped.statusCode).toBe(200);
    expect(mapped.json().mapping).toEqual(mapping);
    const staged = await upload(file, { layoutId: String(id) });
    expect(staged.statusCode).toBe(201);
    expect(staged.json()).toMatchObject({ status: 'VALIDATED', lines: 2, layoutId: id, control: null });
  });
});

describe('a fixed-width file', () => {
  it('is read by its layout, reconciled with its trailer, approved by a second person and posted', async () => {
    const file = eod('20261128', [line(), line({ cif: 'C2', halalas: 4_975 })]);
    const preview = await t.inject({
      method: 'POST',
      url: `/api/admin/file-layouts/${layoutId}/preview`,
      as: maker,
      ...form(file),
    });
    expect(preview.json().columns).toEqual(['txnRef', 'cif', 'txnCode', 'amount', 'txnTime']);
    expect(preview.json().rows[1]).toEqual({
      line: 3,
      values: [`EOD-${n}`, 'C2', 'SPEND', '49.75', '2026-11-28T09:30:00Z'],
    });
    const res = await upload(file, { layoutId: String(layoutId), channel: 'BRANCH' });
    expect(res.statusCode).toBe(201);
    const imp = res.json();
    expect(imp).toMatchObject({
      status: 'VALIDATED',
      lines: 2,
      encoding: 'WINDOWS-1256',
      control: { records: 2, total: '150.00', trailerRecords: 2, trailerTotal: '150.00' },
    });
    await approveAndRun(t, imp.id, maker, checker);
    const done = (await t.inject({ method: 'GET', url: `/api/admin/imports/${imp.id}`, as: maker })).json();
    expect(done).toMatchObject({ status: 'DONE', posted: 2, control: { trailerTotal: '150.00' } });
    const entries = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.externalId, [`EOD-${n - 1}`, `EOD-${n}`]));
    expect(entries).toHaveLength(2);
  });

  describe('refused whole (REFUSED with the fault, no line kept) when', () => {
    const refused = async (file: Uint8Array, reason: string) => {
      const res = await upload(file, { layoutId: String(layoutId) });
      expect(fileFaultOf(res.json()).message).toBe(`imports.${reason}`);
      expect(res.json()).toMatchObject({ lines: 0, errors: [] });
      return res.json();
    };
    it("the trailer's record count does not match the file", async () => {
      await refused(eod('20261128', [line(), line()], { count: 3 }), 'trailerCount');
    });
    it("the trailer's amount total does not match the file", async () => {
      await refused(eod('20261128', [line(), line()], { halalas: 20_049 }), 'trailerTotal');
    });
    it('the trailer is missing', async () => {
      const file = coreBankingFile('20261128', [line()]).split('\r\n').slice(0, 2).join('\r\n');
      await refused(iconv.encode(file, 'windows-1256'), 'missingTrailer');
    });
    it('the header is missing, or a record follows the trailer', async () => {
      const lines = coreBankingFile('20261128', [line()]).split('\r\n');
      await refused(iconv.encode(lines.slice(1).join('\r\n'), 'windows-1256'), 'missingHeader');
      await refused(
        iconv.encode([...lines.slice(0, 3), lines[1]].join('\r\n'), 'windows-1256'),
        'afterTrailer',
      );
    });
  });

  describe('with bad records: staged with each line refused by reason, INVALID (nothing posts)', () => {
    const invalid = async (file: Uint8Array) => {
      const res = await upload(file, { layoutId: String(layoutId) });
      expect(res.statusCode).toBe(201);
      expect(res.json().status).toBe('INVALID');
      return res.json();
    };
    it('a record of the wrong length', async () => {
      const lines = coreBankingFile('20261128', [line(), line()]).split('\r\n');
      lines[1] = (lines[1] as string).slice(0, -1);
      const file = lines.join('\r\n');
      const imp = await invalid(iconv.encode(file, 'windows-1256'));
      expect(imp.errors).toEqual([{ line: 2, reason: 'badRecordLength', field: null }]);
    });
    it('a date in the wrong format', async () => {
      const imp = await invalid(eod('20261128', [line(), line({ time: '28112026093000' })]));
      expect(imp.errors).toEqual([{ line: 3, reason: 'badDate', field: 'occurredAt' }]);
    });
    it('an unknown record type', async () => {
      const lines = coreBankingFile('20261128', [line(), line()]).split('\r\n');
      lines[2] = `X${(lines[2] as string).slice(1)}`;
      const imp = await invalid(iconv.encode(lines.join('\r\n'), 'windows-1256'));
      expect(imp.errors).toEqual([{ line: 3, reason: 'unknownRecordType', field: null }]);
    });
    it('a non-numeric amount', async () => {
      const lines = coreBankingFile('20261128', [line()]).split('\r\n');
      lines[1] = (lines[1] as string).replace(/0{6}10025/, '00000010O25');
      const imp = await invalid(iconv.encode(lines.join('\r\n'), 'windows-1256'));
      expect(imp.errors).toEqual([{ line: 2, reason: 'badNumber', field: 'amount' }]);
    });
  });
});
