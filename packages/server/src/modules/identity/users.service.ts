import { randomBytes } from 'node:crypto';
import { type User, type UserListQuery, userCommands, type userResource } from '@loyalty/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/access.ts';
import {
  clearFailures,
  clearSecondFactor,
  isLocked,
  requestEmailChange,
  revokeUserSessions,
  sendPasswordLink,
} from '../../platform/auth/account.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { liveSessions } from '../../platform/auth/sessions.ts';
import { defineSecuredHandler } from '../../platform/auth/step-up.ts';
import { AppError } from '../../platform/errors.ts';
import { listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { assertCanManageRole, assertHolds, rolePermissionCodes } from './privileges.ts';

type UserRow = typeof users.$inferSelect;

/** What the API shows of a user: never a hash or a secret. */
export function toUser(row: UserRow, role: { name: string; nameAr: string }): User {
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    fullNameAr: row.fullNameAr,
    email: row.email,
    pendingEmail: row.pendingEmail,
    mobile: row.mobile,
    roleId: row.roleId,
    roleName: role.name,
    roleNameAr: role.nameAr,
    status: row.status,
    locked: isLocked(row),
    lockedUntil: isLocked(row) ? (row.lockedUntil?.toISOString() ?? null) : null,
    failedAttempts: row.failedAttempts,
    secondFactorEnrolled: row.totpSecret !== null,
    mustChangePassword: row.mustChangePassword,
    passwordChangedAt: row.passwordChangedAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const listSpec: ResourceListSpec<typeof users, typeof userResource> = {
  table: users,
  sortable: {
    username: users.username,
    fullName: users.fullName,
    lastLoginAt: users.lastLoginAt,
    createdAt: users.createdAt,
  },
  defaultSort: { field: 'username', direction: 'asc' },
  tieBreaker: users.id,
  search: [users.username, users.fullName, users.fullNameAr, users.email],
  filters: {
    status: (v: UserRow['status']) => eq(users.status, v),
    roleId: (v: number) => eq(users.roleId, v),
  },
};

/** Role names of the users on a page, in one query. */
async function withRoleNames(db: Executor, rows: UserRow[]) {
  const ids = [...new Set(rows.map((r) => r.roleId))];
  const names = ids.length
    ? await db
        .select({ id: roles.id, name: roles.name, nameAr: roles.nameAr })
        .from(roles)
        .where(inArray(roles.id, ids))
    : [];
  const byId = new Map(names.map((n) => [n.id, n]));
  return rows.map((r) => toUser(r, byId.get(r.roleId) ?? { name: '', nameAr: '' }));
}

export async function listUsers(db: Executor, query: UserListQuery) {
  const page = await listPage(db, listSpec, query, (row) => row);
  return { ...page, items: await withRoleNames(db, page.items) };
}

export async function getUserRow(db: Executor, id: number, forUpdate = false): Promise<UserRow> {
  return findOrFail(db, users, users.id, id, 'User', forUpdate);
}

export async function getUser(db: Executor, id: number) {
  const [user] = await withRoleNames(db, [await getUserRow(db, id)]);
  return user as User;
}

export const userSessions = (db: Executor, id: number) => liveSessions(db, id);

async function roleOf(db: Executor, roleId: number) {
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
  if (!role)
    throw new AppError('VALIDATION_FAILED', 'Unknown role', [{ path: 'roleId', message: 'unknownRole' }]);
  return role;
}

/** The target of an administrator's action, locked for the change, if the actor may manage them. */
async function managed(db: Executor, actor: Actor, id: number, options: { notSelf?: boolean } = {}) {
  const user = await getUserRow(db, id, true);
  if (options.notSelf && user.id === actor.userId) throw new AppError('OWN_ACCOUNT');
  await assertCanManageRole(db, actor, user.roleId);
  return user;
}

/** An administrator's action on one user: audited with the user's state before and after. */
function userAction(
  def: (typeof userCommands)[keyof Pick<
    typeof userCommands,
    'unlock' | 'resetSecondFactor' | 'resetPassword' | 'endSessions'
  >],
  act: (db: Executor, user: UserRow) => Promise<unknown>,
  options: { notSelf?: boolean } = {},
) {
  return defineSecuredHandler(def, async ({ tx, actor }, { id }) => {
    const before = await managed(tx, actor, id, options);
    const detail = await act(tx, before);
    const after = await getUser(tx, id);
    const [beforeView] = await withRoleNames(tx, [before]);
    return {
      result: undefined,
      targetType: 'user',
      targetId: id,
      before: beforeView,
      after: detail === undefined ? after : { ...after, ...(detail as object) },
    };
  });
}

export const userHandlers = [
  defineSecuredHandler(userCommands.create, async ({ tx, actor }, input) => {
    await roleOf(tx, input.roleId);
    await assertHolds(tx, actor, await rolePermissionCodes(tx, input.roleId));
    // No one knows this password: the invitation link sets the first one.
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const [row] = (await tx
      .insert(users)
      .values({
        ...input,
        mobile: input.mobile ?? null,
        passwordHash,
        mustChangePassword: true,
        mustChangeReason: 'FIRST_SIGN_IN',
      })
      .returning()) as [UserRow];
    await sendPasswordLink(tx, row, 'INVITE');
    const user = await getUser(tx, row.id);
    return { result: user, targetType: 'user', targetId: row.id, after: user };
  }),

  defineSecuredHandler(userCommands.update, async ({ tx, actor }, { id, ...input }) => {
    const before = await getUserRow(tx, id, true);
    const self = id === actor.userId;
    if (self && (input.roleId !== before.roleId || input.status !== before.status)) {
      throw new AppError('OWN_ACCOUNT');
    }
    await assertCanManageRole(tx, actor, before.roleId);
    if (input.roleId !== before.roleId) {
      await roleOf(tx, input.roleId);
      await assertCanManageRole(tx, actor, input.roleId);
    }
    // A new address counts once its owner confirms it, unless the invitation was never used.
    const invited = before.mustChangeReason === 'FIRST_SIGN_IN' && before.lastLoginAt === null;
    const confirmEmail = input.email !== null && input.email !== before.email && !invited;
    await tx
      .update(users)
      .set({
        ...input,
        email: confirmEmail ? before.email : input.email,
        ...(input.email !== before.email ? { pendingEmail: null } : {}),
        mobile: input.mobile ?? null,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id));
    if (confirmEmail) await requestEmailChange(tx, before, input.email as string, actor.username);
    else if (invited && input.email !== before.email && input.email) {
      await sendPasswordLink(tx, { ...before, email: input.email }, 'INVITE');
    }
    if (input.status === 'DISABLED') await revokeUserSessions(tx, id);
    const [beforeView] = await withRoleNames(tx, [before]);
    const after = await getUser(tx, id);
    return { result: after, targetType: 'user', targetId: id, before: beforeView, after };
  }),

  userAction(userCommands.unlock, (db, user) => clearFailures(db, user.id)),

  userAction(
    userCommands.resetSecondFactor,
    async (db, user) => {
      await clearSecondFactor(db, user.id);
      return { sessionsEnded: await revokeUserSessions(db, user.id) };
    },
    { notSelf: true },
  ),

  userAction(
    userCommands.resetPassword,
    async (db, user) => {
      if (!user.email) throw new AppError('CONFLICT', 'The user has no e-mail address to send the link to');
      await db
        .update(users)
        .set({ mustChangePassword: true, mustChangeReason: 'RESET', updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
      await sendPasswordLink(db, user, 'RESET');
      return { sessionsEnded: await revokeUserSessions(db, user.id) };
    },
    { notSelf: true },
  ),

  userAction(userCommands.endSessions, async (db, user) => ({
    sessionsEnded: await revokeUserSessions(db, user.id),
  })),
];
