import { authCommands, forgotPasswordInput, problemSchema, resetPasswordInput } from '@loyalty/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { writeAudit } from '../audit.ts';
import { consumePasswordLink, sendPasswordLink } from './account.ts';
import { auditSourceOf, changePasswordAudited } from './signin.ts';

const tags = ['Authentication'];

/** Forgotten password: an e-mailed single-use link, then a new password through it. */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const limited = { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' } };

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public', ...limited },
      schema: {
        tags,
        summary: 'E-mail a single-use password link (30 minutes) to the account, if it exists',
        description: 'Always answers 202 the same way, whether or not the account exists.',
        body: forgotPasswordInput,
        response: { 202: z.object({ accepted: z.literal(true) }), 400: problemSchema, 429: problemSchema },
      },
    },
    async (req, reply) => {
      const name = req.body.username.toLowerCase();
      const matches = await db
        .select()
        .from(users)
        .where(
          and(
            eq(users.status, 'ACTIVE'),
            or(eq(sql`lower(${users.username})`, name), eq(sql`lower(${users.email})`, name)),
          ),
        )
        .limit(2);
      // An e-mail address shared by two accounts names neither.
      const user = matches.length === 1 ? matches[0] : undefined;
      const source = { ...auditSourceOf(req), username: req.body.username };
      if (user?.email) {
        await db.transaction(async (tx) => {
          await sendPasswordLink(tx, user, 'FORGOT');
          await writeAudit(
            tx,
            { ...source, userId: user.id },
            {
              command: authCommands.forgotPassword.name,
              outcome: 'SUCCESS',
              targetType: 'user',
              targetId: user.id,
            },
          );
        });
        // Not awaited: the answer must not take longer when the account exists.
        void app.mailer.flush();
      } else {
        await writeAudit(db, source, {
          command: authCommands.forgotPassword.name,
          outcome: 'FAILED',
          detail: user ? 'account has no e-mail' : 'no such account',
        });
      }
      return reply.code(202).send({ accepted: true as const });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public', ...limited },
      schema: {
        tags,
        summary: 'Set a new password with a single-use link; ends every session of the account',
        body: resetPasswordInput,
        response: { 204: z.null(), 400: problemSchema, 429: problemSchema },
      },
    },
    async (req, reply) => {
      await changePasswordAudited(
        app,
        auditSourceOf(req),
        (tx) => consumePasswordLink(tx, req.body.token),
        req.body.newPassword,
        { detail: 'password link' },
      );
      return reply.code(204).send(null);
    },
  );
};
