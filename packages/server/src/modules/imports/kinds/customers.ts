import {
  type CustomerProfileInput,
  channelCustomerUpsert,
  customerFileColumns,
  type ImportLineReason,
} from '@loyalty/contracts';
import { AppError } from '../../../platform/errors.ts';
import { assertEligible } from '../../configuration/index.ts';
import { upsertCustomer } from '../../customers/index.ts';
import type { ImportKindHandler, LineCheck, LineOutcome } from './kind.ts';

/** The cells as the upsert's input: an empty cell is a field not sent (left as it is). */
function upsertOf(data: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const c of customerFileColumns) {
    const v = data[c];
    if (v === undefined || v === '') continue;
    if (c === 'kycLevel') input[c] = /^\d+$/.test(v) ? Number(v) : Number.NaN;
    else if (c === 'products') input[c] = v.split(/\s+/).map((p) => p.toUpperCase());
    else if (c === 'segment' || c === 'residency') input[c] = v.toUpperCase();
    else if (c === 'language') input[c] = v.toLowerCase();
    else input[c] = v;
  }
  return input;
}

const fieldReasons: Record<string, ImportLineReason> = {
  customerNumber: 'badCustomerNumber',
  mobile: 'badMobile',
  email: 'badEmail',
};

/** A line checked by the integration API's own upsert schema. */
function checkCustomer(data: Record<string, string>): LineCheck {
  for (const field of ['customerNumber', 'fullName']) {
    if (!data[field]) return { reason: 'missingField', field };
  }
  const parsed = channelCustomerUpsert.safeParse(upsertOf(data));
  if (parsed.success) return {};
  const field = String(parsed.error.issues[0]?.path[0] ?? '');
  return { reason: fieldReasons[field] ?? 'badField', field };
}

/**
 * Customers: created or updated as the integration API's upsert does (the same schema and
 * service; a new customer must meet the enrol criteria, else the line is refused NOT_ELIGIBLE).
 */
export const customersKind: ImportKindHandler = {
  unique: { field: 'customerNumber', reason: 'duplicateCustomer' },
  open: async () => ({ check: checkCustomer, mark: async () => {} }),
  post: async (tx, _imp, lines) => {
    const outcomes: LineOutcome[] = [];
    for (const l of lines) {
      const { customerNumber, ...profile } = channelCustomerUpsert.parse(upsertOf(l.data));
      try {
        // A savepoint per line: a refusal undoes that line only.
        await tx.transaction(async (sp) => {
          const { customer, created } = await upsertCustomer(
            sp,
            customerNumber,
            profile as CustomerProfileInput,
          );
          if (created) await assertEligible(sp, customer.id, 'ENROL');
        });
        outcomes.push({ line: l.line, outcome: 'POSTED', entryId: null, points: null });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        outcomes.push({ line: l.line, outcome: err.code, entryId: null, points: null });
      }
    }
    return outcomes;
  },
};
