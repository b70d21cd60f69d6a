import { authCommands, loginInput, meResponse, problemSchema, tokenResponse } from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roles, users } from '../../db/schema/index.ts';
import { loadActorRecord } from '../access.ts';
import { type AuditSource, writeAudit } from '../audit.ts';
import { AppError } from '../errors.ts';
import { actorOf } from '../http.ts';
import { verifyPassword } from './passwords.ts';
import { endSession, openSession, rotateSession } from './sessions.ts';

export const REFRESH_COOKIE = 'la_refresh';
const COOKIE_PATH = '/api/admin/auth';
const tags = ['Authentication'];

const sourceOf = (req: FastifyRequest, visitorId?: string): AuditSource => ({
  ip: req.ip,
  visitorId: visitorId ?? (req.headers['x-visitor-id'] as string | undefined),
  requestId: req.id,
});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, tokens } = app;

  const setRefreshCookie = (reply: FastifyReply, value: string) =>
    reply.setCookie(REFRESH_COOKIE, value, {
      httpOnly: true,
      sameSite: 'strict',
      secure: config.cookieSecure,
      path: COOKIE_PATH,
      maxAge: config.sessionTtlHours * 3600,
    });

  const tokenFor = async (user: { id: number; username: string; roleCode: string }, sessionId: string) => ({
    accessToken: await tokens.issue(user, sessionId),
    expiresIn: tokens.ttlSeconds,
    tokenType: 'Bearer' as const,
  });

  app.post(
    '/auth/login',
    {
      config: {
        access: 'public',
        rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: 'Sign in with username and password',
        body: loginInput,
        response: { 200: tokenResponse, 401: problemSchema, 429: problemSchema },
      },
    },
    async (req, reply) => {
      const { username, password, visitorId } = req.body;
      const source = { ...sourceOf(req, visitorId), username };
      const [user] = await db
        .select({
          id: users.id,
          username: users.username,
          passwordHash: users.passwordHash,
          status: users.status,
          roleCode: roles.code,
          roleStatus: roles.status,
        })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
      const passwordOk = await verifyPassword(user?.passwordHash, password);
      // One answer for unknown user, wrong password and disabled account: no enumeration.
      if (!user || !passwordOk || user.status !== 'ACTIVE' || user.roleStatus !== 'ACTIVE') {
        const why = !user ? 'unknown username' : !passwordOk ? 'wrong password' : 'account disabled';
        await writeAudit(
          db,
          { ...source, userId: user?.id },
          { command: authCommands.login.name, outcome: 'FAILED', detail: why },
        );
        throw new AppError('INVALID_CREDENTIALS');
      }
      const session = await openSession(db, user.id, config.sessionTtlHours, {
        ip: req.ip,
        visitorId,
        userAgent: req.headers['user-agent'],
      });
      await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
      await writeAudit(
        db,
        { ...source, userId: user.id, username: user.username },
        {
          command: authCommands.login.name,
          outcome: 'SUCCESS',
          targetType: 'session',
          targetId: session.id,
        },
      );
      setRefreshCookie(reply, session.refreshToken);
      return tokenFor(user, session.id);
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'New access token from the refresh cookie',
        response: { 200: tokenResponse, 401: problemSchema },
      },
    },
    async (req, reply) => {
      const rotated = await db.transaction((tx) => rotateSession(tx, req.cookies[REFRESH_COOKIE]));
      const record = rotated && (await loadActorRecord(db, rotated.userId, rotated.sessionId));
      if (!rotated || !record) {
        reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
        throw new AppError('SESSION_EXPIRED');
      }
      setRefreshCookie(reply, rotated.refreshToken);
      return tokenFor(
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
          { ...sourceOf(req), userId: ended.userId },
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
      const [user] = await db
        .select({ fullName: users.fullName, email: users.email })
        .from(users)
        .where(eq(users.id, actor.userId));
      return {
        id: actor.userId,
        username: actor.username,
        fullName: user?.fullName ?? actor.username,
        email: user?.email ?? null,
        role: actor.role,
        permissions: [...actor.permissions].sort(),
      };
    },
  );

  app.get(
    '/auth/jwks',
    { config: { access: 'public' }, schema: { tags, summary: 'Public keys that verify access tokens' } },
    async () => tokens.jwks,
  );
};
