import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { redemptions, voucherCodes, vouchers } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import {
  approveAndRun,
  fileFaultOf,
  form,
  gateImportPosting,
  staged as stagedUpload,
} from '../imports/testing.ts';
import { customerWith, storeFixture, voucherFactory } from './testing.ts';

// Voucher codes supplied by a partner (issue 49's kind, decisions/rewards.md "Voucher codes"): a
// SUPPLIED voucher's pool, loaded by an import, taken by redemptions, voided by cancellations.

let t: TestApp;
let admin: { authorization: string };
let maker: { authorization: string };
let checker: { authorization: string };
let voucherWith: (extra?: object) => Promise<number>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  const { imageId, storeId } = await storeFixture(t, admin, 'Cinema');
  voucherWith = voucherFactory(t, admin, {
    name: 'Cinema ticket',
    description: 'One ticket',
    imageId,
    storeId,
    amount: 50,
    pointsRequired: 100,
    money: 45,
    codeSource: 'SUPPLIED',
  });
  await gateImportPosting(t, admin);
  maker = await t.userWith(['import.create', 'import.post', 'import.read']);
  checker = await t.userWith(['import.read', 'approval.check']);
});

/** Loads codes into a pool as a posted import does (the tests of redemption need no file). */
async function loadCodes(voucherId: number, codes: string[]) {
  await t.app.db.insert(voucherCodes).values(codes.map((code) => ({ voucherId, code })));
  await t.app.db
    .update(vouchers)
    .set({ amount: sql`${vouchers.amount} + ${codes.length}` })
    .where(eq(vouchers.id, voucherId));
}

// Staged by the job: the import as staged (testing.ts `staged`).
const upload = async (file: string, fields: Record<string, string>) =>
  stagedUpload(
    t,
    await t.inject({
      method: 'POST',
      url: '/api/admin/imports',
      as: maker,
      ...form(file, { kind: 'VOUCHER_CODES', ...fields }, 'codes.csv'),
    }),
    maker,
  );
const redeem = (customerId: number, voucherId: number) =>
  t.inject({ method: 'POST', url: '/api/admin/redemptions', as: admin, payload: { customerId, voucherId } });
const getVoucher = async (id: number) =>
  (await t.inject({ method: 'GET', url: `/api/admin/vouchers/${id}`, as: admin })).json();
const poolOf = async (voucherId: number) =>
  (
    await t.app.db
      .select({
        code: voucherCodes.code,
        status: voucherCodes.status,
        redemptionId: voucherCodes.redemptionId,
      })
      .from(voucherCodes)
      .where(eq(voucherCodes.voucherId, voucherId))
      .orderBy(voucherCodes.id)
  ).map((r) => `${r.code}:${r.status}`);

describe('a voucher-codes import', () => {
  it('reports bad lines by number and reason, then loads the valid codes once approved', async () => {
    const voucherId = await voucherWith();
    expect(await getVoucher(voucherId)).toMatchObject({ codeSource: 'SUPPLIED', amount: 0, remaining: 0 });
    const other = await voucherWith();
    await loadCodes(other, ['TAKEN-1']);
    const customerId = await customerWith(t, 1000);
    const issued = (await redeem(customerId, other)).json().code;
    await loadCodes(other, ['TAKEN-2']);

    const file = `code\nCIN-0001\nCIN-0002\nCIN-0001\nhas space\n\nTAKEN-2\n${issued}\n${'X'.repeat(65)}\nCIN-0003\n`;
    const staged = await upload(file, { voucherId: String(voucherId) });
    expect(staged.statusCode, staged.body).toBe(201);
    expect(staged.json()).toMatchObject({
      kind: 'VOUCHER_CODES',
      voucherId,
      status: 'INVALID',
      lines: 8,
      invalidLines: 5,
    });
    expect(staged.json().errors).toEqual([
      { line: 4, reason: 'duplicateCode', field: 'code' },
      { line: 5, reason: 'badCode', field: 'code' },
      { line: 7, reason: 'codeExists', field: 'code' },
      { line: 8, reason: 'codeExists', field: 'code' },
      { line: 9, reason: 'badCode', field: 'code' },
    ]);
    // All or nothing: nothing posts from it.
    const refused = await t.inject({
      method: 'POST',
      url: `/api/admin/imports/${staged.json().id}/post`,
      as: maker,
    });
    expect(refused.statusCode).toBe(409);

    const valid = await upload(file, { voucherId: String(voucherId), postValid: 'true' });
    // The same file again is refused by its checksum, whatever became of the first.
    expect(valid.statusCode).toBe(409);
    const again = await upload(`${file}CIN-0004\n`, { voucherId: String(voucherId), postValid: 'true' });
    expect(again.json()).toMatchObject({ status: 'VALIDATED', lines: 9, invalidLines: 5 });
    expect(await poolOf(voucherId)).toEqual([]);
    const done = await approveAndRun(t, again.json().id, maker, checker);
    expect(done).toMatchObject({ status: 'DONE', posted: 4, progress: 100 });
    expect(done.refused).toEqual({ duplicateCode: 1, badCode: 2, codeExists: 2 });
    expect(await poolOf(voucherId)).toEqual([
      'CIN-0001:AVAILABLE',
      'CIN-0002:AVAILABLE',
      'CIN-0003:AVAILABLE',
      'CIN-0004:AVAILABLE',
    ]);
    expect(await getVoucher(voucherId)).toMatchObject({ amount: 4, issued: 0, remaining: 4 });
  });

  it('needs a SUPPLIED voucher, chosen at upload', async () => {
    const none = await upload('code\nA-1\n', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([{ path: 'voucherId', message: 'imports.voucherRequired' }]);
    const generated = await voucherWith({ codeSource: 'GENERATED' });
    const wrong = await upload('code\nA-2\n', { voucherId: String(generated) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'voucherId', message: 'imports.voucherNotSupplied' }]);
    const unknown = await upload('code\nA-3\n', { voucherId: '999999' });
    expect(unknown.json().errors).toEqual([{ path: 'voucherId', message: 'Not found' }]);
    const noColumn = await upload('coupon\nA-4\n', { voucherId: String(await voucherWith()) });
    // Read by the staging job: refused whole.
    expect(fileFaultOf(noColumn.json()).message).toBe('imports.missingColumns');
  });
});

describe('redeeming a SUPPLIED voucher', () => {
  it("issues the pool's codes oldest first and refuses an empty pool with VOUCHER_CODES_EXHAUSTED", async () => {
    const voucherId = await voucherWith();
    await loadCodes(voucherId, ['P-1', 'P-2']);
    const customerId = await customerWith(t, 1000);
    const first = await redeem(customerId, voucherId);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ code: 'P-1', pointsSpent: 100, balance: 900 });
    expect((await redeem(customerId, voucherId)).json().code).toBe('P-2');
    const empty = await redeem(customerId, voucherId);
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({
      code: 'VOUCHER_CODES_EXHAUSTED',
      detail: expect.stringContaining('import more codes'),
    });
    expect(await getVoucher(voucherId)).toMatchObject({ amount: 2, issued: 2, remaining: 0 });
    const [held] = await t.app.db.select().from(voucherCodes).where(eq(voucherCodes.code, 'P-1'));
    expect(held).toMatchObject({ status: 'ISSUED', redemptionId: first.json().redemptionId });
  });

  it('voids the code of a cancelled redemption: never issued again, the stock unchanged', async () => {
    const voucherId = await voucherWith();
    await loadCodes(voucherId, ['V-1', 'V-2']);
    const customerId = await customerWith(t, 1000);
    const { redemptionId } = (await redeem(customerId, voucherId)).json();
    const cancelled = await t.inject({
      method: 'POST',
      url: `/api/admin/redemptions/${redemptionId}/cancel`,
      as: admin,
      payload: { reason: 'Wrong cinema' },
    });
    expect(cancelled.json()).toMatchObject({ pointsReturned: 100, balance: 1000 });
    expect(await poolOf(voucherId)).toEqual(['V-1:VOID', 'V-2:AVAILABLE']);
    expect(await getVoucher(voucherId)).toMatchObject({ amount: 1, issued: 0, remaining: 1 });
    expect((await redeem(customerId, voucherId)).json().code).toBe('V-2');
  });

  it('never issues a code twice under parallel redemptions', async () => {
    const voucherId = await voucherWith();
    await loadCodes(voucherId, ['R-1', 'R-2', 'R-3']);
    const people = await Promise.all(Array.from({ length: 10 }, () => customerWith(t, 1000)));
    const results = await Promise.all(people.map((c) => redeem(c, voucherId)));
    const answers = results.map((r) => (r.statusCode === 201 ? r.json().code : r.json().code)).sort();
    expect(answers).toEqual(['R-1', 'R-2', 'R-3', ...Array(7).fill('VOUCHER_CODES_EXHAUSTED')]);
    const rows = await t.app.db.select().from(redemptions).where(eq(redemptions.voucherId, voucherId));
    expect(rows.map((r) => r.code).sort()).toEqual(['R-1', 'R-2', 'R-3']);
    expect(await poolOf(voucherId)).toEqual(['R-1:ISSUED', 'R-2:ISSUED', 'R-3:ISSUED']);
    expect(await getVoucher(voucherId)).toMatchObject({ amount: 3, issued: 3, remaining: 0 });
  });

  it('leaves GENERATED vouchers as they were: a new code per redemption', async () => {
    const voucherId = await voucherWith({ codeSource: 'GENERATED', amount: 2 });
    const res = await redeem(await customerWith(t, 1000), voucherId);
    expect(res.json().code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(await poolOf(voucherId)).toEqual([]);
  });
});

describe("a SUPPLIED voucher's amount", () => {
  it("is the pool's: the form's amount is not used, and GENERATED is refused while codes remain", async () => {
    const voucherId = await voucherWith({ amount: 500 });
    await loadCodes(voucherId, ['A-1']);
    const { id, storeName, storeNameAr, issued, remaining, createdAt, updatedAt, ...input } =
      await getVoucher(voucherId);
    const put = (payload: object) =>
      t.inject({
        method: 'PUT',
        url: `/api/admin/vouchers/${id}`,
        as: admin,
        payload: { ...input, ...payload },
      });
    expect((await put({ amount: 900, pointsRequired: 120 })).json()).toMatchObject({
      amount: 1,
      remaining: 1,
      pointsRequired: 120,
    });
    const back = await put({ codeSource: 'GENERATED' });
    expect(back.statusCode).toBe(400);
    expect(back.json().errors).toEqual([{ path: 'codeSource', message: 'rewards.vouchers.codesInPool' }]);
    await redeem(await customerWith(t, 1000), voucherId);
    expect((await put({ codeSource: 'GENERATED', amount: 10 })).json()).toMatchObject({
      codeSource: 'GENERATED',
      amount: 10,
      issued: 1,
      remaining: 9,
    });
  });
});
