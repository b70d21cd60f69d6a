import {
  type AuditDetailKey,
  auditDetail,
  authCommands,
  changePasswordInput,
  codeInput,
  enrolSecondFactorInput,
  problemSchema,
  recoveryCodesResponse,
  sessionSchema,
  totpEnrolment,
} from '@loyalty/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessions, users } from '../../db/schema/index.ts';
import type { Actor } from '../access.ts';
import { auditSource, writeAudit } from '../audit.ts';
import { AppError, notFound } from '../errors.ts';
import { actorOf } from '../http.ts';
import { signInRateLimit } from '../settings/signIn.ts';
import {
  confirmEnrolment,
  isLocked,
  revokeUserSessions,
  startEnrolment,
  verifySecondFactor,
} from './account.ts';
import { verifyPassword } from './passwords.ts';
import { liveSessions } from './sessions.ts';
import { changePasswordAudited, countFailure } from './signin.ts';
import { markSteppedUp } from './step-up.ts';
import { totpStep } from './totp.ts';

const tags = ['Authentication'];
const signedIn = { access: 'signed-in' as const };
const refusals = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 409: problemSchema };

/** What every signed-in staff member does to their own account: password, second factor, sessions. */
export const selfRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const limited = signInRateLimit(db);

  const userOf = async (actor: Actor) => {
    const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
    if (!user) throw new AppError('SESSION_EXPIRED');
    // A locked account may still be signed in: failed sign-ins lock it without ending its
    // sessions (issue 48, finding 2). Its owner goes on; a wrong guess here ends them (`refuse`).
    return user;
  };

  /**
   * A wrong password or code of a signed-in user counts toward the lockout as at sign-in, and
   * the failure that locks the account ends every session of the user. While the account is
   * already locked (by failed sign-ins, which leave sessions alone), the first wrong guess ends
   * them at once, uncounted (counting would start a lapsed lock's count again).
   */
  const refuse = async (
    actor: Actor,
    user: typeof users.$inferSelect,
    command: string,
    why: AuditDetailKey,
    code: 'INVALID_CREDENTIALS' | 'SECOND_FACTOR_INVALID',
  ) => {
    let detail = auditDetail(why);
    if (isLocked(user)) {
      await revokeUserSessions(db, user.id);
      detail += `; ${auditDetail('accountLockedSessionsEnded')}`;
    } else if (await countFailure(app, auditSource(actor), user, { endSessions: true })) {
      detail += `; ${auditDetail('accountLocked')}`;
    }
    await writeAudit(db, auditSource(actor), { command, outcome: 'FAILED', detail });
    throw new AppError(code);
  };

  app.post(
    '/auth/password',
    {
      config: { ...signedIn, ...limited },
      schema: {
        tags,
        summary: 'Change own password (current and new); ends the other sessions',
        body: changePasswordInput,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const user = await userOf(actor);
      if (!(await verifyPassword(user.passwordHash, req.body.currentPassword))) {
        await refuse(
          actor,
          user,
          authCommands.changePassword.name,
          'wrongCurrentPassword',
          'INVALID_CREDENTIALS',
        );
      }
      await changePasswordAudited(app, auditSource(actor), user, req.body.newPassword, {
        keepSession: actor.sessionId,
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/second-factor',
    {
      config: { ...signedIn, ...limited },
      schema: {
        tags,
        summary: 'Start enrolling a TOTP authenticator (replacing one needs a current code)',
        body: z.object({ code: z.string().trim().max(20).optional() }),
        response: { 200: totpEnrolment, ...refusals },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const user = await userOf(actor);
      if (user.totpSecret && !(await verifySecondFactor(db, user, req.body.code ?? ''))) {
        await refuse(
          actor,
          user,
          authCommands.enrolSecondFactor.name,
          'replacingWithoutCode',
          'SECOND_FACTOR_INVALID',
        );
      }
      return startEnrolment(db, user);
    },
  );

  app.post(
    '/auth/second-factor/confirm',
    {
      config: { ...signedIn, ...limited },
      schema: {
        tags,
        summary:
          'Confirm the enrolment with the first code and the current password; answers the recovery codes once',
        description:
          'The current password is required (wrong: 401 INVALID_CREDENTIALS, counted toward the lockout). ' +
          'An enrolment does not step the session up: protected operations still ask for POST /auth/step-up.',
        body: enrolSecondFactorInput,
        response: { 200: recoveryCodesResponse, ...refusals },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const user = await userOf(actor);
      if (!user.totpPendingSecret) throw new AppError('CONFLICT', 'No enrolment in progress');
      // The password, as for a password change: a session alone cannot give itself a factor.
      if (!(await verifyPassword(user.passwordHash, req.body.password))) {
        return refuse(
          actor,
          user,
          authCommands.enrolSecondFactor.name,
          'wrongCurrentPassword',
          'INVALID_CREDENTIALS',
        );
      }
      const step = totpStep(user.totpPendingSecret, req.body.code);
      if (step === undefined) {
        return refuse(
          actor,
          user,
          authCommands.enrolSecondFactor.name,
          'wrongEnrolmentCode',
          'SECOND_FACTOR_INVALID',
        );
      }
      const pending = { id: user.id, totpPendingSecret: user.totpPendingSecret };
      // Not a step-up: a factor enrolled on the spot proves nothing about who enrolled it (issue 48,
      // finding 3). Protected operations ask for a code of it through POST /auth/step-up.
      const recoveryCodes = await confirmEnrolment(db, auditSource(actor), pending, step);
      return { recoveryCodes };
    },
  );

  app.post(
    '/auth/step-up',
    {
      config: { ...signedIn, ...limited },
      schema: {
        tags,
        summary: 'Give the second factor for protected operations (valid 5 minutes in this session)',
        body: codeInput,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const user = await userOf(actor);
      if (!(await verifySecondFactor(db, user, req.body.code))) {
        await refuse(actor, user, authCommands.stepUp.name, 'wrongSecondFactor', 'SECOND_FACTOR_INVALID');
      }
      await markSteppedUp(db, actor.sessionId);
      await writeAudit(db, auditSource(actor), { command: authCommands.stepUp.name, outcome: 'SUCCESS' });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/sessions',
    {
      config: signedIn,
      schema: { tags, summary: 'Own live sessions', response: { 200: z.array(sessionSchema) } },
    },
    async (req) => {
      const actor = actorOf(req);
      return (await liveSessions(db, actor.userId)).map((s) => toSessionInfo(s, actor.sessionId));
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'End one of own sessions',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), 404: problemSchema },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const ended = await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(
          and(eq(sessions.id, req.params.id), eq(sessions.userId, actor.userId), isNull(sessions.revokedAt)),
        )
        .returning({ id: sessions.id });
      if (ended.length === 0) throw notFound('Session');
      await writeAudit(db, auditSource(actor), {
        command: authCommands.endSession.name,
        outcome: 'SUCCESS',
        targetType: 'session',
        targetId: req.params.id,
      });
      return reply.code(204).send(null);
    },
  );
};

export const toSessionInfo = (s: typeof sessions.$inferSelect, current?: string) => ({
  id: s.id,
  ip: s.ip,
  userAgent: s.userAgent,
  visitorId: s.visitorId,
  createdAt: s.createdAt.toISOString(),
  lastUsedAt: s.lastUsedAt.toISOString(),
  expiresAt: s.expiresAt.toISOString(),
  current: s.id === current,
});
