import {
  auditDetail,
  authCommands,
  forgotPasswordInput,
  problemSchema,
  resetPasswordInput,
  tokenInput,
} from '@loyalty/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { type AuditSource, writeAudit } from '../audit.ts';
import { signInRateLimit } from '../settings/signIn.ts';
import { confirmEmailChange, consumePasswordLink, sendPasswordLink } from './account.ts';
import { auditSourceOf, changePasswordAudited } from './signin.ts';

const tags = ['Authentication'];

/** Forgotten password: an e-mailed single-use link, then a new password through it. */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const limited = signInRateLimit(db);

  /** E-mails a password link if exactly one active account has this username or e-mail address. */
  async function sendForgottenPasswordLink(username: string, source: AuditSource) {
    const name = username.toLowerCase();
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
    const audited = { ...source, username };
    if (!user?.email) {
      await writeAudit(db, audited, {
        command: authCommands.forgotPassword.name,
        outcome: 'FAILED',
        detail: auditDetail(user ? 'accountHasNoEmail' : 'noSuchAccount'),
      });
      return;
    }
    await db.transaction(async (tx) => {
      await sendPasswordLink(tx, user, 'FORGOT');
      await writeAudit(
        tx,
        { ...audited, userId: user.id },
        {
          command: authCommands.forgotPassword.name,
          outcome: 'SUCCESS',
          targetType: 'user',
          targetId: user.id,
        },
      );
    });
    await app.mailer.flush();
  }

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
      // Answer first, then look the account up: the answer's timing cannot tell whether it
      // exists (issue 18, finding 16). A failure of the work is logged, never answered.
      reply.code(202).send({ accepted: true as const });
      await sendForgottenPasswordLink(req.body.username, auditSourceOf(req)).catch((err: unknown) =>
        req.log.error({ err }, 'forgotten-password link failed'),
      );
      return reply;
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
        { detail: auditDetail('passwordLink') },
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/verify-email',
    {
      config: { access: 'public', ...limited },
      schema: {
        tags,
        summary: 'Confirm a new e-mail address with the single-use link sent to it',
        description: 'The address set by an administrator takes effect only now (72-hour link).',
        body: tokenInput,
        response: { 204: z.null(), 400: problemSchema, 429: problemSchema },
      },
    },
    async (req, reply) => {
      const source = auditSourceOf(req);
      const command = authCommands.verifyEmail.name;
      try {
        await db.transaction(async (tx) => {
          const user = await confirmEmailChange(tx, req.body.token);
          await writeAudit(
            tx,
            { ...source, userId: user.id, username: user.username },
            {
              command,
              outcome: 'SUCCESS',
              targetType: 'user',
              targetId: user.id,
              detail: user.email ?? undefined,
            },
          );
        });
      } catch (err) {
        await writeAudit(db, source, { command, outcome: 'FAILED', detail: (err as Error).message });
        throw err;
      }
      return reply.code(204).send(null);
    },
  );
};
