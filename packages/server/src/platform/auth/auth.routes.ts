import {
  authCommands,
  challengeInput,
  challengePasswordInput,
  enrolConfirmResponse,
  loginInput,
  loginResponse,
  meResponse,
  problemSchema,
  secondFactorInput,
  tokenResponse,
  totpEnrolment,
} from '@loyalty/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roles, users } from '../../db/schema/index.ts';
import { loadActorRecord } from '../access.ts';
import { writeAudit } from '../audit.ts';
import { AppError } from '../errors.ts';
import { actorOf } from '../http.ts';
import { signInRateLimit } from '../settings/signIn.ts';
import { staffSessionLimits } from '../settings/staffSessions.ts';
import { confirmEnrolment, startEnrolment, verifySecondFactor } from './account.ts';
import { passwordRoutes } from './password.routes.ts';
import { verifyPassword } from './passwords.ts';
import { passwordExpiry, passwordSettingOf } from './policies.ts';
import { selfRoutes } from './self.routes.ts';
import { endSession, rotateSession } from './sessions.ts';
import {
  accessTokenFor,
  auditSourceOf,
  COOKIE_PATH,
  canSignIn,
  changePasswordAudited,
  continueSignIn,
  findSignInUser,
  REFRESH_COOKIE,
  refuseSignIn,
  setRefreshCookie,
} from './signin.ts';
import { totpStep } from './totp.ts';

export { REFRESH_COOKIE } from './signin.ts';

const tags = ['Authentication'];
const refusals = { 400: problemSchema, 401: problemSchema, 429: problemSchema };

/**
 * Sign-in (password, then — as the security settings require — second factor or its enrolment,
 * then a forced password change), refresh, sign-out, the signed-in user, and the public keys.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, tokens } = app;
  const limited = signInRateLimit(db);

  /** The user a challenge names, if they may still sign in. */
  const challengedUser = async (userId: string) => {
    const user = await findSignInUser(app, { id: Number(userId) });
    if (!user || !canSignIn(user)) throw new AppError('CHALLENGE_INVALID');
    return user;
  };

  app.post(
    '/auth/login',
    {
      config: { access: 'public', ...limited },
      schema: {
        tags,
        summary: 'Sign in with username and password',
        description:
          'Answers a token, or a challenge naming the next step (TOTP, TOTP_ENROL, PASSWORD_CHANGE).',
        body: loginInput,
        response: { 200: loginResponse, ...refusals },
      },
    },
    async (req, reply) => {
      const { username, password, visitorId } = req.body;
      const source = { ...auditSourceOf(req, visitorId), username };
      const user = await findSignInUser(app, { username });
      // The hash is verified whatever happens next, so timing does not tell accounts apart.
      const passwordOk = await verifyPassword(user?.passwordHash, password);
      if (!user) return refuseSignIn(app, source, user, 'unknownUsername', { count: false });
      if (user.status !== 'ACTIVE' || user.roleStatus !== 'ACTIVE') {
        return refuseSignIn(app, source, user, 'accountDisabled', { count: false });
      }
      if (!canSignIn(user)) return refuseSignIn(app, source, user, 'accountLocked', { count: false });
      if (!passwordOk) return refuseSignIn(app, source, user, 'wrongPassword', { count: true });
      return continueSignIn(app, req, reply, user, { mfa: false, visitorId });
    },
  );

  app.post(
    '/auth/login/second-factor',
    {
      config: { access: 'public', ...limited },
      schema: {
        tags,
        summary: 'Answer a TOTP challenge with a code or a recovery code',
        body: secondFactorInput,
        response: { 200: loginResponse, ...refusals },
      },
    },
    async (req, reply) => {
      const claims = await tokens.verifyChallenge(req.body.challenge, 'TOTP');
      const user = await challengedUser(claims.sub);
      const source = { ...auditSourceOf(req, claims.vid), username: user.username };
      if (!(await verifySecondFactor(db, user, req.body.code))) {
        return refuseSignIn(app, source, user, 'wrongSecondFactor', {
          count: true,
          code: 'SECOND_FACTOR_INVALID',
          command: authCommands.secondFactor.name,
        });
      }
      return continueSignIn(app, req, reply, user, { mfa: true, visitorId: claims.vid });
    },
  );

  app.post(
    '/auth/login/enrol',
    {
      config: { access: 'public', ...limited },
      schema: {
        tags,
        summary: 'Start enrolling a TOTP second factor during sign-in',
        body: challengeInput,
        response: { 200: totpEnrolment, ...refusals },
      },
    },
    async (req) => {
      const claims = await tokens.verifyChallenge(req.body.challenge, 'TOTP_ENROL');
      const user = await challengedUser(claims.sub);
      if (user.totpSecret) throw new AppError('CHALLENGE_INVALID');
      return startEnrolment(db, user);
    },
  );

  app.post(
    '/auth/login/enrol/confirm',
    {
      config: { access: 'public', ...limited },
      schema: {
        tags,
        summary: 'Confirm the TOTP enrolment with its first code; answers the recovery codes',
        body: secondFactorInput,
        response: { 200: enrolConfirmResponse, ...refusals },
      },
    },
    async (req, reply) => {
      const claims = await tokens.verifyChallenge(req.body.challenge, 'TOTP_ENROL');
      const user = await challengedUser(claims.sub);
      const source = { ...auditSourceOf(req, claims.vid), userId: user.id, username: user.username };
      const step = user.totpPendingSecret ? totpStep(user.totpPendingSecret, req.body.code) : undefined;
      if (!user.totpPendingSecret || step === undefined) {
        return refuseSignIn(app, source, user, 'wrongEnrolmentCode', {
          count: true,
          code: 'SECOND_FACTOR_INVALID',
          command: authCommands.enrolSecondFactor.name,
        });
      }
      const pending = { id: user.id, totpPendingSecret: user.totpPendingSecret };
      const recoveryCodes = await confirmEnrolment(db, source, pending, step);
      const enrolled = (await findSignInUser(app, { id: user.id })) ?? user;
      const result = await continueSignIn(app, req, reply, enrolled, { mfa: true, visitorId: claims.vid });
      return { recoveryCodes, result };
    },
  );

  app.post(
    '/auth/login/password',
    {
      config: { access: 'public', ...limited },
      schema: {
        tags,
        summary: 'Change a password that must change (first sign-in, reset, expiry), then sign in',
        body: challengePasswordInput,
        response: { 200: loginResponse, ...refusals },
      },
    },
    async (req, reply) => {
      const claims = await tokens.verifyChallenge(req.body.challenge, 'PASSWORD_CHANGE');
      const user = await challengedUser(claims.sub);
      const source = { ...auditSourceOf(req, claims.vid), userId: user.id, username: user.username };
      if (!(await verifyPassword(user.passwordHash, req.body.currentPassword))) {
        return refuseSignIn(app, source, user, 'wrongCurrentPassword', {
          count: true,
          command: authCommands.changePassword.name,
        });
      }
      await changePasswordAudited(app, source, user, req.body.newPassword, { detail: claims.reason });
      const changed = (await findSignInUser(app, { id: user.id })) ?? user;
      return continueSignIn(app, req, reply, changed, { mfa: claims.mfa, visitorId: claims.vid });
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'New access token from the refresh cookie',
        description:
          'Without a refresh cookie there is no session to restore: 204, so that a visitor who is ' +
          'not signed in asks without an error. A cookie that no longer opens a session: 401.',
        response: { 200: tokenResponse, 204: z.null(), 401: problemSchema },
      },
    },
    async (req, reply) => {
      const cookie = req.cookies[REFRESH_COOKIE];
      if (!cookie) return reply.code(204).send(null);
      const rotated = await db.transaction((tx) => rotateSession(tx, cookie));
      const record = rotated && (await loadActorRecord(db, rotated.userId, rotated.sessionId));
      if (!rotated || !record) {
        reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
        throw new AppError('SESSION_EXPIRED');
      }
      setRefreshCookie(reply, rotated.refreshToken, rotated.expiresAt);
      return accessTokenFor(
        app,
        { id: rotated.userId, username: record.username, roleCode: record.role },
        rotated.sessionId,
      );
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'End the session of the refresh cookie', response: { 204: z.null() } },
    },
    async (req, reply) => {
      const ended = await db.transaction((tx) => endSession(tx, req.cookies[REFRESH_COOKIE]));
      if (ended) {
        await writeAudit(
          db,
          { ...auditSourceOf(req), userId: ended.userId },
          {
            command: authCommands.logout.name,
            outcome: 'SUCCESS',
            targetType: 'session',
            targetId: ended.id,
          },
        );
      }
      reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/me',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'The signed-in staff member', response: { 200: meResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const [[user], [role], expirySetting, limits] = await Promise.all([
        db.select().from(users).where(eq(users.id, actor.userId)),
        db.select({ name: roles.name, nameAr: roles.nameAr }).from(roles).where(eq(roles.code, actor.role)),
        passwordSettingOf(db, 'EXPIRY'),
        staffSessionLimits(db),
      ]);
      const expiry = user && passwordExpiry(user.passwordChangedAt, expirySetting);
      return {
        id: actor.userId,
        username: actor.username,
        fullName: user?.fullName ?? actor.username,
        fullNameAr: user?.fullNameAr ?? '',
        email: user?.email ?? null,
        mobile: user?.mobile ?? null,
        role: actor.role,
        roleName: role?.name ?? actor.role,
        roleNameAr: role?.nameAr ?? '',
        permissions: [...actor.permissions].sort(),
        secondFactorEnrolled: Boolean(user?.totpSecret),
        passwordExpiresAt: expiry?.expiresAt.toISOString() ?? null,
        passwordExpiringSoon: expiry?.warn ?? false,
        idleTimeoutSeconds: limits.idleMinutes * 60,
        pageSize: limits.pageSize,
        defaultLanguage: limits.defaultLanguage,
      };
    },
  );

  app.get(
    '/auth/jwks',
    { config: { access: 'public' }, schema: { tags, summary: 'Public keys that verify access tokens' } },
    async () => tokens.jwks(),
  );

  await app.register(passwordRoutes);
  await app.register(selfRoutes);
};
