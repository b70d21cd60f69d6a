import { createHash, randomBytes } from 'node:crypto';
import {
  auditDetail,
  authCommands,
  passwordRuleViolations,
  SUPER_ADMIN_ROLE,
  scaRuleCommands,
} from '@loyalty/contracts';
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { type Db, type Executor, rowsOf, type Tx } from '../../db/client.ts';
import {
  passwordHistory,
  passwordTokens,
  recoveryCodes,
  roles,
  scaRules,
  sessions,
  users,
} from '../../db/schema/index.ts';
import { type AuditSource, writeAudit } from '../audit.ts';
import { AppError } from '../errors.ts';
import { appLink, enqueueMail, enqueueMails } from '../mail.ts';
import { isCommonPassword, isDemoPassword } from './common-passwords.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { credentialPolicyOf, passwordSettingOf } from './policies.ts';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpEnrolment, totpStep } from './totp.ts';

/** The account operations shared by sign-in, self-service and the administrators' commands. */

type UserRow = typeof users.$inferSelect;
type LinkPurpose = (typeof passwordTokens.$inferSelect)['purpose'];
/** Links that set a password (not e-mail confirmations). */
const isPasswordLink = inArray(passwordTokens.purpose, ['RESET', 'INVITE']);

/** Locked now: a lock without an end, or whose end is still ahead. */
export const isLocked = (u: Pick<UserRow, 'lockedAt' | 'lockedUntil'>, now = Date.now()) =>
  u.lockedAt !== null && (u.lockedUntil === null || u.lockedUntil.getTime() > now);

/**
 * Counts a failed sign-in (password or second factor) in one atomic update; under the active
 * LOCK setting the account locks at `maxFailures`, for `lockMinutes` or until unlocked. After a
 * timed lock has lapsed, counting starts again from one. Answers whether this failure locked it.
 */
export async function recordFailure(db: Executor, userId: number) {
  const lock = await passwordSettingOf(db, 'LOCK');
  const max = lock?.maxFailures ?? null;
  const minutes = lock?.lockMinutes ?? null;
  const count = sql`(case when ${users.lockedAt} is not null then 1 else ${users.failedAttempts} + 1 end)`;
  const reached = max === null ? sql`false` : sql`${count} >= ${max}`;
  const [row] = await db
    .update(users)
    .set({
      failedAttempts: count,
      lockedAt: sql`case when ${reached} then now() end`,
      lockedUntil: sql`case when ${reached} and ${minutes}::int is not null then now() + make_interval(mins => ${minutes}::int) end`,
    })
    .where(eq(users.id, userId))
    .returning({
      failedAttempts: users.failedAttempts,
      lockedAt: users.lockedAt,
      lockedUntil: users.lockedUntil,
    });
  return { lockedNow: row?.lockedAt != null, lockedUntil: row?.lockedUntil ?? null };
}

export async function clearFailures(db: Executor, userId: number) {
  await db
    .update(users)
    .set({ failedAttempts: 0, lockedAt: null, lockedUntil: null })
    .where(and(eq(users.id, userId), sql`(${users.failedAttempts} > 0 or ${users.lockedAt} is not null)`));
}

/** Ends every live session of a user, except `keep` (the one making the change). */
export async function revokeUserSessions(db: Executor, userId: number, keep?: string) {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Refuses a password the credential policy does not allow: length, character classes, the
 * username, the common-password list and the last `historyCount` passwords (the current one
 * included). Every broken rule is reported, as `errors[].message` on `newPassword`.
 */
export async function assertPasswordAllowed(
  db: Executor,
  user: { id?: number; username: string; passwordHash?: string },
  password: string,
) {
  const policy = await credentialPolicyOf(db);
  const broken = passwordRuleViolations(policy, password, user.username);
  // The README's demo password is on the blocklist, and refused even with the blocklist off.
  if ((policy.rejectCommon && isCommonPassword(password)) || isDemoPassword(password)) broken.push('common');
  if (broken.length === 0 && policy.historyCount > 0 && user.id !== undefined) {
    const earlier = await db
      .select({ hash: passwordHistory.passwordHash })
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, user.id))
      .orderBy(desc(passwordHistory.id))
      .limit(policy.historyCount);
    const hashes = new Set([
      ...(user.passwordHash ? [user.passwordHash] : []),
      ...earlier.map((e) => e.hash),
    ]);
    for (const hash of hashes) {
      if (await verifyPassword(hash, password)) {
        broken.push('history');
        break;
      }
    }
  }
  if (broken.length) {
    throw new AppError(
      'PASSWORD_REJECTED',
      `The password breaks: ${broken.join(', ')}`,
      broken.map((rule) => ({ path: 'newPassword', message: rule })),
    );
  }
}

const HISTORY_KEPT = 24;

/**
 * Sets a user's password after the policy allows it: clears a forced change and any lock, keeps
 * the hash in the history and ends the user's other sessions (all of them unless `keep`).
 */
export async function setPassword(db: Executor, user: UserRow, password: string, keep?: string) {
  await assertPasswordAllowed(db, user, password);
  const passwordHash = await hashPassword(password);
  await db
    .update(users)
    .set({
      passwordHash,
      passwordChangedAt: sql`now()`,
      mustChangePassword: false,
      mustChangeReason: null,
      failedAttempts: 0,
      lockedAt: null,
      lockedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, user.id));
  await db.insert(passwordHistory).values({ userId: user.id, passwordHash });
  await db.execute(sql`
    delete from password_history where user_id = ${user.id} and id not in (
      select id from password_history where user_id = ${user.id} order by id desc limit ${HISTORY_KEPT})`);
  await db
    .update(passwordTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordTokens.userId, user.id), isPasswordLink, isNull(passwordTokens.usedAt)));
  await revokeUserSessions(db, user.id, keep);
}

/** Forgotten-password links live 30 minutes; links from an administrator's reset a day; invitations three days. */
export const LINK_MINUTES = { FORGOT: 30, RESET: 24 * 60, INVITE: 3 * 24 * 60 } as const;
export type LinkKind = keyof typeof LINK_MINUTES;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

const linkMail = (kind: LinkKind, name: string, link: string) => {
  const hours = LINK_MINUTES[kind] / 60;
  const life = hours < 1 ? `${LINK_MINUTES[kind]} minutes` : `${hours} hours`;
  const intro =
    kind === 'INVITE'
      ? 'An account has been created for you on Loyalty Admin. Choose your password here:'
      : kind === 'RESET'
        ? 'An administrator has started a password reset for your Loyalty Admin account. Choose a new password here:'
        : 'Someone asked to reset the password of your Loyalty Admin account. If it was you, choose a new password here:';
  return {
    subject: kind === 'INVITE' ? 'Your Loyalty Admin account' : 'Reset your Loyalty Admin password',
    text: `Hello ${name},\n\n${intro}\n\n${link}\n\nThe link works once and expires in ${life}. If you did not expect this e-mail, tell your security team.\n`,
  };
};

/**
 * Issues a single-use password link (only its hash is stored; earlier unused links of the user
 * stop working) and queues the e-mail carrying it, in the caller's transaction.
 */
export async function sendPasswordLink(
  db: Executor,
  user: Pick<UserRow, 'id' | 'fullName' | 'email'>,
  kind: LinkKind,
) {
  if (!user.email) return false;
  const token = await issueLink(db, user.id, kind === 'INVITE' ? 'INVITE' : 'RESET', LINK_MINUTES[kind]);
  const link = appLink(`/change-password?token=${encodeURIComponent(token)}`);
  await enqueueMail(db, { to: user.email, ...linkMail(kind, user.fullName, link) });
  return true;
}

/** A new single-use link of `purpose` (only its hash is kept); the user's earlier ones of that kind stop working. */
async function issueLink(db: Executor, userId: number, purpose: LinkPurpose, minutes: number) {
  await db
    .update(passwordTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordTokens.userId, userId),
        purpose === 'EMAIL' ? eq(passwordTokens.purpose, 'EMAIL') : isPasswordLink,
        isNull(passwordTokens.usedAt),
      ),
    );
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordTokens).values({
    userId,
    tokenHash: tokenHash(token),
    purpose,
    expiresAt: sql`now() + make_interval(mins => ${minutes})`,
  });
  return token;
}

/** E-mail confirmation links live three days, like invitations. */
export const EMAIL_LINK_MINUTES = 3 * 24 * 60;

/**
 * A changed e-mail address takes effect only when its owner confirms it (issue 18, finding 13):
 * the new address waits in `pending_email` and gets a single-use confirmation link; the current
 * address — the one password links still go to — is told of the change. Answers whether a
 * confirmation is now pending.
 */
export async function requestEmailChange(
  db: Executor,
  user: Pick<UserRow, 'id' | 'fullName' | 'email'>,
  newEmail: string,
  by: string,
) {
  await db.update(users).set({ pendingEmail: newEmail }).where(eq(users.id, user.id));
  const token = await issueLink(db, user.id, 'EMAIL', EMAIL_LINK_MINUTES);
  const link = appLink(`/verify-email?token=${encodeURIComponent(token)}`);
  await enqueueMail(db, {
    to: newEmail,
    subject: 'Confirm your Loyalty Admin e-mail address',
    text: `Hello ${user.fullName},\n\n${by} set this address for your Loyalty Admin account. It takes effect when you confirm it here:\n\n${link}\n\nThe link works once and expires in 72 hours. If you did not expect this e-mail, ignore it.\n`,
  });
  if (user.email) {
    await enqueueMail(db, {
      to: user.email,
      subject: 'Your Loyalty Admin e-mail address is being changed',
      text: `Hello ${user.fullName},\n\n${by} asked to change the e-mail address of your Loyalty Admin account to ${newEmail}. Until the new address is confirmed, this one stays in use.\nIf you did not expect this, tell your security team.\n`,
    });
  }
}

/** Follows an e-mail confirmation link: the pending address becomes the account's. Answers the user. */
export async function confirmEmailChange(db: Executor, token: string) {
  const [row] = await db
    .update(passwordTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordTokens.tokenHash, tokenHash(token)),
        eq(passwordTokens.purpose, 'EMAIL'),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordTokens.userId });
  const [user] = row
    ? await db
        .update(users)
        .set({ email: users.pendingEmail, pendingEmail: null, updatedAt: sql`now()` })
        .where(
          and(eq(users.id, row.userId), eq(users.status, 'ACTIVE'), sql`${users.pendingEmail} is not null`),
        )
        .returning({ id: users.id, username: users.username, email: users.email })
    : [];
  if (!user) throw new AppError('LINK_INVALID');
  return user;
}

/** Consumes a live password link: answers its user, or LINK_INVALID (unknown, used or expired). */
export async function consumePasswordLink(db: Executor, token: string) {
  const [row] = await db
    .update(passwordTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordTokens.tokenHash, tokenHash(token)),
        isPasswordLink,
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordTokens.userId });
  const [user] = row ? await db.select().from(users).where(eq(users.id, row.userId)).for('update') : [];
  if (user?.status !== 'ACTIVE') throw new AppError('LINK_INVALID');
  return user;
}

/**
 * Checks a second-factor code: a TOTP code of the enrolled secret (each 30-second step accepted
 * once: the step is recorded atomically, so a replayed or concurrent second use fails) or an
 * unused recovery code (consumed).
 */
export async function verifySecondFactor(
  db: Executor,
  user: Pick<UserRow, 'id' | 'totpSecret'>,
  code: string,
) {
  if (!user.totpSecret) return false;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = totpStep(user.totpSecret, trimmed);
    if (step === undefined) return false;
    const used = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(
        and(eq(users.id, user.id), sql`(${users.totpLastStep} is null or ${users.totpLastStep} < ${step})`),
      )
      .returning({ id: users.id });
    return used.length === 1;
  }
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, user.id),
        eq(recoveryCodes.codeHash, hashRecoveryCode(trimmed)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  return used.length === 1;
}

/** Starts enrolling a TOTP second factor: a new pending secret, and the QR code to scan. */
export async function startEnrolment(db: Executor, user: { id: number; username: string }) {
  const secret = newTotpSecret();
  await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, user.id));
  return totpEnrolment(secret, user.username);
}

/**
 * Makes the pending secret the user's second factor (its first code given, at `step`), issues new
 * recovery codes and audits the enrolment, in one transaction; `also` runs in it too.
 */
export function confirmEnrolment(
  db: Db,
  source: AuditSource,
  user: { id: number; totpPendingSecret: string },
  step: number,
  also?: (tx: Tx) => Promise<unknown>,
) {
  return db.transaction(async (tx) => {
    const codes = await completeEnrolment(tx, user.id, user.totpPendingSecret, step);
    await secondFactorAtSignInOnce(tx, source, user.id);
    await also?.(tx);
    await writeAudit(tx, source, {
      command: authCommands.enrolSecondFactor.name,
      outcome: 'SUCCESS',
      targetType: 'user',
      targetId: user.id,
    });
    return codes;
  });
}

/**
 * Sign-in asks staff for a second factor by itself once an administrator (SUPER_ADMIN) has one
 * (security finding 8): the staff sign-in rule, shipped DISABLED so a fresh install can sign in
 * and enrol first, turns ACTIVE — audited with the enrolling user — unless staff ever changed it
 * (then it is left as they set it).
 */
async function secondFactorAtSignInOnce(tx: Tx, source: AuditSource, userId: number) {
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), eq(roles.code, SUPER_ADMIN_ROLE)));
  if (!admin) return;
  const [rule] = await tx
    .update(scaRules)
    .set({ status: 'ACTIVE', updatedAt: sql`now()` })
    .where(
      and(
        eq(scaRules.operation, 'SIGN_IN'),
        eq(scaRules.userType, 'EMPLOYEE'),
        ne(scaRules.status, 'ACTIVE'),
        eq(scaRules.updatedAt, scaRules.createdAt),
      ),
    )
    .returning();
  if (!rule) return;
  await writeAudit(tx, source, {
    command: scaRuleCommands.update.name,
    outcome: 'SUCCESS',
    targetType: 'scaRule',
    targetId: rule.id,
    before: { status: 'DISABLED' },
    after: { status: rule.status },
    detail: auditDetail('firstAdministratorSecondFactor'),
  });
}

/** Makes the pending secret the user's second factor (its first code given) and issues new recovery codes. */
async function completeEnrolment(db: Executor, userId: number, secret: string, step: number) {
  await db
    .update(users)
    .set({
      totpSecret: secret,
      totpPendingSecret: null,
      totpEnrolledAt: sql`now()`,
      totpLastStep: step,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const codes = newRecoveryCodes();
  await db.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })));
  return codes;
}

/** Removes the second factor (an administrator's reset): the user enrols again at next need. */
export async function clearSecondFactor(db: Executor, userId: number) {
  await db
    .update(users)
    .set({
      totpSecret: null,
      totpPendingSecret: null,
      totpEnrolledAt: null,
      totpLastStep: null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/**
 * E-mails staff whose password enters its warning period (the EXPIRY setting's `warnDays` before it
 * expires) between `since` and `now` — the `auth.password-expiry-notice` job, with its last run as
 * `since`, so each password is announced once, on whichever instance runs it. Answers how many.
 */
export async function noticeExpiringPasswords(db: Executor, since: Date, now: Date) {
  const setting = await passwordSettingOf(db, 'EXPIRY');
  if (!setting?.expiryDays) return 0;
  const warnAfter = setting.expiryDays - (setting.warnDays ?? 0);
  const due = rowsOf<{ full_name: string; email: string; expires_at: Date | string }>(
    await db.execute(sql`
      select full_name, email, password_changed_at + make_interval(days => ${setting.expiryDays}) as expires_at
      from users
      where status = 'ACTIVE' and email is not null
        and password_changed_at + make_interval(days => ${warnAfter}) > ${since.toISOString()}::timestamptz
        and password_changed_at + make_interval(days => ${warnAfter}) <= ${now.toISOString()}::timestamptz
        and password_changed_at + make_interval(days => ${setting.expiryDays}) > ${now.toISOString()}::timestamptz`),
  );
  await enqueueMails(
    db,
    due.map((u) => ({
      to: u.email,
      subject: 'Your Loyalty Admin password expires soon',
      text: `Hello ${u.full_name},\n\nYour Loyalty Admin password expires on ${new Date(u.expires_at).toISOString().slice(0, 10)}. Change it before then from your profile (or at ${appLink('/change-password')} once signed in); after that date you will be asked for a new one at sign-in.\n`,
    })),
  );
  return due.length;
}
