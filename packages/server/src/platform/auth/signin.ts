import {
  type AuditDetailKey,
  auditDetail,
  authCommands,
  type ChallengeStep,
  type LoginResponse,
} from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Executor, rowsOf, type Tx } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
import { type AuditSource, writeAudit } from '../audit.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../mail.ts';
import { staffSessionLimits } from '../settings/staffSessions.ts';
import { clearFailures, isLocked, recordFailure, revokeUserSessions, setPassword } from './account.ts';
import { passwordExpiry, passwordSettingOf, scaRequired, securityPolicyOf } from './policies.ts';
import { enforceSessionLimit, openSession } from './sessions.ts';
import { CHALLENGE_TTL } from './tokens.ts';

export const REFRESH_COOKIE = 'la_refresh';
/** An id no user has (ids start at 1). */
const NO_USER = 0;
export const COOKIE_PATH = '/api/admin/auth';

type UserRow = typeof users.$inferSelect;
export type SignInUser = UserRow & { roleCode: string; roleStatus: string };

/** A user as sign-in sees them (with their role), by id or case-insensitive username. */
export async function findSignInUser(app: FastifyInstance, by: { id: number } | { username: string }) {
  const [row] = await app.db
    .select({ user: users, roleCode: roles.code, roleStatus: roles.status })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where('id' in by ? eq(users.id, by.id) : eq(sql`lower(${users.username})`, by.username.toLowerCase()));
  return row
    ? ({ ...row.user, roleCode: row.roleCode, roleStatus: row.roleStatus } as SignInUser)
    : undefined;
}

export const canSignIn = (u: SignInUser) =>
  u.status === 'ACTIVE' && u.roleStatus === 'ACTIVE' && !isLocked(u);

export function auditSourceOf(req: FastifyRequest, visitorId?: string): AuditSource {
  const header = req.headers['x-visitor-id'];
  return {
    ip: req.ip,
    visitorId: visitorId ?? (typeof header === 'string' ? header.slice(0, 128) : undefined),
    requestId: req.id,
  };
}

export function setRefreshCookie(reply: FastifyReply, value: string, expiresAt: Date) {
  reply.setCookie(REFRESH_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: reply.server.config.cookieSecure,
    path: COOKIE_PATH,
    maxAge: Math.max(0, Math.ceil((expiresAt.getTime() - Date.now()) / 1000)),
  });
}

/**
 * Counts a wrong password or second factor (at sign-in or in a session) toward the lockout; the
 * lock is audited and e-mailed to the user. With `endSessions` (a guess made inside a session),
 * the lock also ends every session of the user — a stolen session cannot keep guessing. A lock
 * from the sign-in form leaves them alone: anyone who knows a username can fail sign-ins, and
 * must not thereby sign its owner out (issue 48, finding 2). Answers whether it locked.
 */
export async function countFailure(
  app: FastifyInstance,
  source: AuditSource,
  user: Pick<UserRow, 'id' | 'username' | 'fullName' | 'email'>,
  { endSessions }: { endSessions: boolean },
) {
  const { lockedNow, lockedUntil } = await recordFailure(app.db, user.id);
  if (!lockedNow) return false;
  app.metrics.signIn.lockouts.inc();
  if (endSessions) await revokeUserSessions(app.db, user.id);
  await writeAudit(
    app.db,
    { ...source, userId: user.id, username: user.username },
    {
      command: authCommands.lock.name,
      outcome: 'SUCCESS',
      targetType: 'user',
      targetId: user.id,
      detail: lockedUntil ? auditDetail('lockedUntil', lockedUntil) : auditDetail('untilUnlocked'),
    },
  );
  if (user.email) {
    const until = lockedUntil
      ? `It unlocks by itself at ${lockedUntil.toISOString().replace('T', ' ').slice(0, 16)} UTC.`
      : 'An administrator must unlock it.';
    await enqueueMail(app.db, {
      to: user.email,
      subject: 'Your Loyalty Admin account is locked',
      text: `Hello ${user.fullName},\n\nYour account was locked after too many failed attempts to give its password or second factor. ${until}\nIf these attempts were not yours, tell your security team.\n`,
    });
    void app.mailer.flush();
  }
  return true;
}

/**
 * A refused sign-in step, always audited. Failures that prove nothing about the account
 * (unknown user, disabled, already locked) are not counted; a wrong password or second factor
 * is, and may lock the account — the user is told by e-mail, never by the answer, so the
 * answer does not reveal which accounts exist.
 */
export async function refuseSignIn(
  app: FastifyInstance,
  source: AuditSource,
  user: SignInUser | undefined,
  why: AuditDetailKey,
  options: { count: boolean; code?: 'INVALID_CREDENTIALS' | 'SECOND_FACTOR_INVALID'; command?: string },
): Promise<never> {
  let detail = auditDetail(why);
  app.metrics.signIn.failures.inc();
  if (user && options.count) {
    if (await countFailure(app, source, user, { endSessions: false }))
      detail += `; ${auditDetail('accountLocked')}`;
  } else {
    // The same statements as counting, touching no row: the answer's timing must not tell an
    // unknown, disabled or locked account from a wrong password (issue 18, finding 16).
    await recordFailure(app.db, NO_USER);
  }
  await writeAudit(
    app.db,
    { ...source, userId: user?.id, username: source.username ?? user?.username },
    { command: options.command ?? authCommands.login.name, outcome: 'FAILED', detail },
  );
  throw new AppError(options.code ?? 'INVALID_CREDENTIALS');
}

type Device = { ip: string; visitorId?: string | undefined; userAgent?: string | undefined };

/**
 * A sign-in from a device the user has not signed in from before (issue 12, staff-side alerts):
 * the browser's visitor id, or its user agent when it sends none. The very first sign-in of an
 * account is not "new": there is nothing to compare it with.
 */
async function isNewDevice(db: Executor, userId: number, device: Device) {
  const same = device.visitorId
    ? sql`visitor_id = ${device.visitorId}`
    : sql`user_agent is not distinct from ${device.userAgent?.slice(0, 300) ?? null}`;
  const [row] = rowsOf<{ before: boolean; known: boolean }>(
    await db.execute(sql`
      select exists (select 1 from sessions where user_id = ${userId}) as before,
        exists (select 1 from sessions where user_id = ${userId} and ${same}) as known`),
  );
  return row?.before === true && !row.known;
}

const newDeviceMail = (user: Pick<UserRow, 'fullName' | 'email'>, device: Device) => ({
  to: user.email as string,
  subject: 'New sign-in to your Loyalty Admin account',
  text: `Hello ${user.fullName},\n\nYour account was just signed in to from a device it has not used before:\n\n  when: ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC\n  address: ${device.ip}\n  browser: ${device.userAgent ?? 'unknown'}\n\nIf this was you, there is nothing to do. If not, change your password and tell your security team.\n`,
});

/** Why this user must change their password before signing in, if they must. */
async function passwordChangeReason(app: FastifyInstance, user: SignInUser) {
  if (user.mustChangePassword) return user.mustChangeReason ?? 'RESET';
  const expiry = passwordExpiry(user.passwordChangedAt, await passwordSettingOf(app.db, 'EXPIRY'));
  return expiry?.expired ? ('EXPIRED' as const) : undefined;
}

/**
 * The next step of a sign-in whose password is verified: the second factor (or its enrolment)
 * when an SCA rule asks for it at sign-in, then a forced password change (first sign-in,
 * administrator's reset, expiry), then the session.
 */
export async function continueSignIn(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  user: SignInUser,
  state: { mfa: boolean; visitorId?: string | undefined },
): Promise<LoginResponse> {
  const challenge = async (step: ChallengeStep, reason?: 'FIRST_SIGN_IN' | 'RESET' | 'EXPIRED') => ({
    challenge: await app.tokens.issueChallenge({
      sub: String(user.id),
      step,
      mfa: state.mfa,
      reason,
      vid: state.visitorId,
    }),
    next: step,
    ...(reason ? { reason } : {}),
    expiresIn: CHALLENGE_TTL,
  });
  if (!state.mfa && (await scaRequired(app.db, 'SIGN_IN'))) {
    return challenge(user.totpSecret ? 'TOTP' : 'TOTP_ENROL');
  }
  const reason = await passwordChangeReason(app, user);
  if (reason) return challenge('PASSWORD_CHANGE', reason);

  const policy = await securityPolicyOf(app.db);
  // The session lives as the staff setting says, within the policy (UserConfigurations).
  const limits = await staffSessionLimits(app.db);
  const device = { ip: req.ip, visitorId: state.visitorId, userAgent: req.headers['user-agent'] };
  const tell = user.email !== null && (await isNewDevice(app.db, user.id, device));
  const session = await app.db.transaction(async (tx) => {
    await enforceSessionLimit(tx, user.id, policy.maxConcurrentSessions);
    const opened = await openSession(tx, user.id, limits.sessionHours, device);
    if (tell) await enqueueMail(tx, newDeviceMail(user, device));
    await tx.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
    await clearFailures(tx, user.id);
    await writeAudit(
      tx,
      { ...auditSourceOf(req, state.visitorId), userId: user.id, username: user.username },
      {
        command: authCommands.login.name,
        outcome: 'SUCCESS',
        targetType: 'session',
        targetId: opened.id,
        detail: state.mfa ? auditDetail('withSecondFactor') : undefined,
      },
    );
    return opened;
  });
  // Only a sign-in that queued a notice sends mail now; the others leave the outbox alone.
  if (tell) void app.mailer.flush();
  setRefreshCookie(reply, session.refreshToken, session.expiresAt);
  return accessTokenFor(app, { id: user.id, username: user.username, roleCode: user.roleCode }, session.id);
}

export async function accessTokenFor(
  app: FastifyInstance,
  user: { id: number; username: string; roleCode: string },
  sessionId: string,
) {
  const { accessTokenMinutes } = await securityPolicyOf(app.db);
  const expiresIn = accessTokenMinutes * 60;
  return {
    accessToken: await app.tokens.issue(user, sessionId, expiresIn),
    expiresIn,
    tokenType: 'Bearer' as const,
  };
}

/**
 * Sets a new password in one transaction (policy, history, other sessions ended) and audits it;
 * a refusal (e.g. by the credential policy) is audited too, with the rules it broke. `user` may
 * be found inside the transaction (a reset link is consumed only if the new password is taken).
 */
export async function changePasswordAudited(
  app: FastifyInstance,
  source: AuditSource,
  user: UserRow | ((tx: Tx) => Promise<UserRow>),
  newPassword: string,
  options: { detail?: string | undefined; keepSession?: string | undefined } = {},
) {
  const command = authCommands.changePassword.name;
  let target: UserRow | undefined = typeof user === 'function' ? undefined : user;
  const who = () => (target ? { ...source, userId: target.id, username: target.username } : source);
  try {
    await app.db.transaction(async (tx) => {
      target = typeof user === 'function' ? await user(tx) : user;
      await setPassword(tx, target, newPassword, options.keepSession);
      await writeAudit(tx, who(), {
        command,
        outcome: 'SUCCESS',
        targetType: 'user',
        targetId: target.id,
        detail: options.detail,
      });
    });
  } catch (err) {
    const code = err instanceof AppError ? err.code : 'INTERNAL';
    const rules =
      err instanceof AppError && err.errors ? `: ${err.errors.map((e) => e.message).join(', ')}` : '';
    await writeAudit(app.db, who(), {
      command,
      outcome: 'FAILED',
      targetType: target ? 'user' : undefined,
      targetId: target?.id,
      detail: `${options.detail ? `${options.detail} ` : ''}${code}${rules}`,
    });
    throw err;
  }
}
