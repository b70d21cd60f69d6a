import {
  authCommands,
  changePasswordInput,
  codeInput,
  problemSchema,
  recoveryCodesResponse,
  sessionSchema,
  totpEnrolment,
} from '@loyalty/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessions, users } from '../../db/schema/index.ts';
import { signInRateLimit } from '../../modules/configuration/configBundles.service.ts';
import type { Actor } from '../access.ts';
import { auditSource, writeAudit } from '../audit.ts';
import { AppError, notFound } from '../errors.ts';
import { actorOf } from '../http.ts';
import { confirmEnrolment, isLocked, startEnrolment, verifySecondFactor } from './account.ts';
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
    // A lock ends the user's sessions; should one slip through, it may not guess on.
    if (!user || isLocked(user)) throw new AppError('SESSION_EXPIRED');
    return user;
  };

  /** A wrong password or code of a signed-in user counts toward the lockout as at sign-in. */
  const refuse = async (
    actor: Actor,
    user: typeof users.$inferSelect,
    command: string,
    why: string,
    code: 'INVALID_CREDENTIALS' | 'SECOND_FACTOR_INVALID',
  ) => {
    const locked = await countFailure(app, auditSource(actor), user);
    const detail = locked ? `${why}; account locked` : why;
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
          'wrong current password',
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
          'replacing without a valid code',
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
        summary: 'Confirm the enrolment with the first code; answers the recovery codes once',
        body: codeInput,
        response: { 200: recoveryCodesResponse, ...refusals },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const user = await userOf(actor);
      if (!user.totpPendingSecret) throw new AppError('CONFLICT', 'No enrolment in progress');
      const step = totpStep(user.totpPendingSecret, req.body.code);
      if (step === undefined) {
        return refuse(
          actor,
          user,
          authCommands.enrolSecondFactor.name,
          'wrong enrolment code',
          'SECOND_FACTOR_INVALID',
        );
      }
      const pending = { id: user.id, totpPendingSecret: user.totpPendingSecret };
      // Having just given a code, the user counts as stepped up.
      const recoveryCodes = await confirmEnrolment(db, auditSource(actor), pending, step, (tx) =>
        markSteppedUp(tx, actor.sessionId),
      );
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
        await refuse(actor, user, authCommands.stepUp.name, 'wrong second factor', 'SECOND_FACTOR_INVALID');
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
