import { voucherCodePattern } from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/client.ts';
import { voucherCodes, vouchers } from '../../../db/schema/index.ts';
import { AppError } from '../../../platform/errors.ts';
import { type ImportKindHandler, type ImportRow, type LineCheck, markMissing, valuesOf } from './kind.ts';

/** The SUPPLIED voucher an import loads codes into (locked while posting), else a field error. */
async function poolVoucher(tx: Tx, imp: ImportRow, forUpdate = false) {
  if (imp.voucherId === null) {
    throw new AppError('VALIDATION_FAILED', 'Choose the voucher the codes are for', [
      { path: 'voucherId', message: 'imports.voucherRequired' },
    ]);
  }
  const query = tx
    .select({ id: vouchers.id, codeSource: vouchers.codeSource })
    .from(vouchers)
    .where(eq(vouchers.id, imp.voucherId));
  const [voucher] = forUpdate ? await query.for('update') : await query;
  if (!voucher) {
    throw new AppError('VALIDATION_FAILED', 'Voucher not found', [
      { path: 'voucherId', message: 'Not found' },
    ]);
  }
  if (voucher.codeSource !== 'SUPPLIED') {
    throw new AppError(
      'VALIDATION_FAILED',
      "The voucher's codes are generated, not supplied by its partner",
      [{ path: 'voucherId', message: 'imports.voucherNotSupplied' }],
    );
  }
  return voucher;
}

function checkCode(data: Record<string, string>): LineCheck {
  const code = data.code ?? '';
  if (!code) return { reason: 'missingField', field: 'code' };
  return voucherCodePattern.test(code) ? {} : { reason: 'badCode', field: 'code' };
}

/** The codes of `codes` (a JSON array) already in a pool or issued by a redemption. */
async function takenCodes(tx: Tx, codes: string): Promise<Set<string>> {
  return new Set(
    rowsOf<{ code: string }>(
      await tx.execute(sql`with wanted as (select jsonb_array_elements_text(${codes}::jsonb) as code)
        select code from voucher_codes where code in (select code from wanted)
        union select code from redemptions where code in (select code from wanted)`),
    ).map((r) => r.code),
  );
}

/**
 * Voucher codes (decisions/rewards.md "Voucher codes"): a partner's codes loaded into the pool of
 * the SUPPLIED voucher chosen at upload. A code is refused when malformed, twice in the file, or
 * already in a pool or issued (codes are unique across pools, as redemptions' codes are). Posting
 * inserts a batch's codes AVAILABLE and adds them to the voucher's amount, in the batch's
 * transaction with the voucher's row locked.
 */
export const voucherCodesKind: ImportKindHandler = {
  unique: { field: 'code', reason: 'duplicateCode' },
  open: async (tx, imp) => {
    await poolVoucher(tx, imp);
    return {
      check: checkCode,
      mark: async (mtx, batch) =>
        markMissing(batch, await takenCodes(mtx, valuesOf(batch, 'code')), 'code', 'codeExists', true),
    };
  },
  post: async (tx, imp, lines) => {
    const voucher = await poolVoucher(tx, imp, true);
    // A code loaded since validation (another file, racing) is refused here by the unique key.
    const inserted = new Set(
      (
        await tx
          .insert(voucherCodes)
          .values(lines.map((l) => ({ voucherId: voucher.id, code: l.data.code ?? '', importId: imp.id })))
          .onConflictDoNothing()
          .returning({ code: voucherCodes.code })
      ).map((r) => r.code),
    );
    if (inserted.size) {
      await tx
        .update(vouchers)
        .set({ amount: sql`${vouchers.amount} + ${inserted.size}` })
        .where(eq(vouchers.id, voucher.id));
    }
    return lines.map((l) => ({
      line: l.line,
      outcome: inserted.has(l.data.code ?? '') ? 'POSTED' : 'codeExists',
      entryId: null,
      points: null,
    }));
  },
};
