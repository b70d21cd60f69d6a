import type { ImportKind } from '@loyalty/contracts';
import { customersKind } from './customers.ts';
import type { ImportKindHandler } from './kind.ts';
import { openingBalancesKind } from './openingBalances.ts';
import { transactionsKind } from './transactions.ts';
import { voucherCodesKind } from './voucherCodes.ts';

export type { ImportKindHandler, LineOutcome } from './kind.ts';

/** Every kind of import: how its lines are checked when staged and posted by the job. */
export const importKindHandlers: Record<ImportKind, ImportKindHandler> = {
  TRANSACTIONS: transactionsKind,
  CUSTOMERS: customersKind,
  OPENING_BALANCES: openingBalancesKind,
  VOUCHER_CODES: voucherCodesKind,
};
