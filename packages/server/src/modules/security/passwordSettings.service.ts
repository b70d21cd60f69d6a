import {
  type PasswordSetting,
  type PasswordSettingInput,
  type PasswordSettingListQuery,
  passwordSettingCommands,
  type passwordSettingResource,
} from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passwordSettings } from '../../db/schema/index.ts';
import { defineSecuredHandler } from '../../platform/auth/step-up.ts';
import { AppError } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';

type Row = typeof passwordSettings.$inferSelect;
const toSetting = (row: Row): PasswordSetting => isoDates(row);

const listSpec: ResourceListSpec<typeof passwordSettings, typeof passwordSettingResource> = {
  table: passwordSettings,
  sortable: {
    userType: passwordSettings.userType,
    mode: passwordSettings.mode,
    createdAt: passwordSettings.createdAt,
  },
  defaultSort: { field: 'userType', direction: 'desc' },
  tieBreaker: passwordSettings.id,
  filters: {
    userType: (v: Row['userType']) => eq(passwordSettings.userType, v),
    mode: (v: Row['mode']) => eq(passwordSettings.mode, v),
    status: (v: Row['status']) => eq(passwordSettings.status, v),
  },
};

export const listPasswordSettings = (db: Executor, query: PasswordSettingListQuery) =>
  listPage(db, listSpec, query, toSetting);

async function getRow(db: Executor, id: number, forUpdate = false) {
  return findOrFail(db, passwordSettings, passwordSettings.id, id, 'Password setting', forUpdate);
}
export const getPasswordSetting = async (db: Executor, id: number) => toSetting(await getRow(db, id));

/** Only the fields of the setting's mode are kept; the other mode's are cleared. */
const columnsOf = (input: PasswordSettingInput) => {
  const lock = input.mode === 'LOCK';
  return {
    userType: input.userType,
    mode: input.mode,
    status: input.status,
    maxFailures: lock ? (input.maxFailures ?? null) : null,
    lockMinutes: lock ? (input.lockMinutes ?? null) : null,
    expiryDays: lock ? null : (input.expiryDays ?? null),
    warnDays: lock ? null : (input.warnDays ?? null),
  };
};

export const passwordSettingHandlers = [
  defineSecuredHandler(passwordSettingCommands.create, async ({ tx }, input) => {
    const [row] = (await tx.insert(passwordSettings).values(columnsOf(input)).returning()) as [Row];
    return { result: toSetting(row), targetType: 'passwordSetting', targetId: row.id, after: toSetting(row) };
  }),
  defineSecuredHandler(passwordSettingCommands.update, async ({ tx }, { id, ...input }) => {
    const before = await getRow(tx, id, true);
    const [row] = (await tx
      .update(passwordSettings)
      .set({ ...columnsOf(input), updatedAt: sql`now()` })
      .where(eq(passwordSettings.id, id))
      .returning()) as [Row];
    return {
      result: toSetting(row),
      targetType: 'passwordSetting',
      targetId: id,
      before: toSetting(before),
      after: toSetting(row),
    };
  }),
  defineSecuredHandler(passwordSettingCommands.delete, async ({ tx }, { id }) => {
    const before = await getRow(tx, id, true);
    // Deleting the lockout would let guessing go on for ever (issue 18, finding 8): change its limits instead.
    if (before.mode === 'LOCK') throw new AppError('CONFLICT', 'The lockout setting cannot be deleted');
    await tx.delete(passwordSettings).where(eq(passwordSettings.id, id));
    return { result: undefined, targetType: 'passwordSetting', targetId: id, before: toSetting(before) };
  }),
];
