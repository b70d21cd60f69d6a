import {
  type UserConfiguration,
  type UserConfigurationListQuery,
  userConfigurationCommands,
  type userConfigurationResource,
} from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userConfigurations } from '../../db/schema/index.ts';
import { securityPolicyOf } from '../../platform/auth/policies.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { userConfigurationOf } from '../../platform/settings/staffSessions.ts';

type Row = typeof userConfigurations.$inferSelect;
const toConfiguration = (row: Row): UserConfiguration => isoDates(row);

const listSpec: ResourceListSpec<typeof userConfigurations, typeof userConfigurationResource> = {
  table: userConfigurations,
  sortable: { userType: userConfigurations.userType, updatedAt: userConfigurations.updatedAt },
  defaultSort: { field: 'userType', direction: 'desc' },
  tieBreaker: userConfigurations.id,
  search: [userConfigurations.userType],
  filters: { userType: (v: Row['userType']) => eq(userConfigurations.userType, v) },
};

export const listUserConfigurations = (db: Executor, query: UserConfigurationListQuery) =>
  listPage(db, listSpec, query, toConfiguration);

const getRow = (db: Executor, id: number, forUpdate = false) =>
  findOrFail(db, userConfigurations, userConfigurations.id, id, 'User configuration', forUpdate);
export const getUserConfiguration = async (db: Executor, id: number) => toConfiguration(await getRow(db, id));

/** A limit longer than the security policy allows is refused on its field: the policy is the bound. */
async function withinPolicy(
  db: Executor,
  input: { idleMinutes: number | null; sessionHours: number | null },
) {
  const policy = await securityPolicyOf(db);
  const errors = [
    ...(input.idleMinutes !== null && input.idleMinutes > policy.idleTimeoutMinutes
      ? [{ path: 'idleMinutes', message: 'userConfigAbovePolicy' }]
      : []),
    ...(input.sessionHours !== null && input.sessionHours > policy.sessionLifeHours
      ? [{ path: 'sessionHours', message: 'userConfigAbovePolicy' }]
      : []),
  ];
  if (errors.length) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The security policy allows at most ${policy.idleTimeoutMinutes} idle minutes and ${policy.sessionLifeHours} session hours`,
      errors,
    );
  }
}

export const userConfigurationHandlers = [
  defineHandler(
    userConfigurationCommands.create,
    async ({ tx }, input) => {
      await withinPolicy(tx, input);
      if (await userConfigurationOf(tx, input.userType)) {
        throw new AppError('CONFLICT', `The ${input.userType} settings exist: edit them`, [
          { path: 'userType', message: 'userConfigExists' },
        ]);
      }
      const [row] = (await tx.insert(userConfigurations).values(input).returning()) as [Row];
      const after = toConfiguration(row);
      return { result: after, targetType: 'userConfiguration', targetId: row.id, after };
    },
    { recordKey: (input) => input.userType },
  ),
  defineHandler(userConfigurationCommands.update, async ({ tx }, { id, ...input }) => {
    const before = toConfiguration(await getRow(tx, id, true));
    if (input.userType !== before.userType) {
      throw new AppError('VALIDATION_FAILED', 'The user type of a setting is fixed', [
        { path: 'userType', message: 'userConfigTypeFixed' },
      ]);
    }
    await withinPolicy(tx, input);
    const [row] = (await tx
      .update(userConfigurations)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(userConfigurations.id, id))
      .returning()) as [Row];
    const after = toConfiguration(row);
    return { result: after, targetType: 'userConfiguration', targetId: id, before, after };
  }),
  defineHandler(userConfigurationCommands.delete, async ({ tx }, { id }) => {
    const before = toConfiguration(await getRow(tx, id, true));
    await tx.delete(userConfigurations).where(eq(userConfigurations.id, id));
    return { result: undefined, targetType: 'userConfiguration', targetId: id, before };
  }),
];
