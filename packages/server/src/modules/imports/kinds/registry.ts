import type { ImportKind } from '@loyalty/contracts';
import { customersKind } from './customers.ts';
import type { ImportKindHandler } from './kind.ts';
import { openingBalancesKind } from './openingBalances.ts';

export type { ImportKindHandler, LineOutcome } from './kind.ts';

/** The kinds besides transactions (whose lines imports.service.ts checks and posts itself). */
export const importKindHandlers: Partial<Record<ImportKind, ImportKindHandler>> = {
  CUSTOMERS: customersKind,
  OPENING_BALANCES: openingBalancesKind,
};
