import { type CommandDef, type ScaOperation, STEP_UP_SECONDS } from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, rowsOf } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import type { Actor } from '../access.ts';
import { type CommandHandler, defineHandler } from '../commands.ts';
import { AppError } from '../errors.ts';

/**
 * Step-up for protected operations (SCA operations APPROVAL and SECURITY_CHANGE). When an active
 * SCA rule covers `operation`, the actor must have given their second factor in this session
 * within the last STEP_UP_SECONDS (POST /api/admin/auth/step-up); otherwise 403
 * STEP_UP_REQUIRED, and the client asks for a code and retries. Call it at the start of a
 * command handler, with the handler's transaction:
 *
 *     defineHandler(def, async ({ tx, actor }, input) => {
 *       await requireStepUp(tx, actor, 'APPROVAL');
 *       …
 *
 * One query: whether a rule applies, and whether the session stepped up recently.
 */
export async function requireStepUp(db: Executor, actor: Pick<Actor, 'sessionId'>, operation: ScaOperation) {
  const result = await db.execute(sql`
    select
      exists (select 1 from sca_rules
              where operation = ${operation} and user_type = 'EMPLOYEE' and status = 'ACTIVE') as required,
      coalesce((select step_up_at > now() - make_interval(secs => ${STEP_UP_SECONDS})
                from sessions where id = ${actor.sessionId}), false) as fresh`);
  const [row] = rowsOf<{ required: boolean; fresh: boolean }>(result);
  if (row?.required && !row.fresh) throw new AppError('STEP_UP_REQUIRED');
}

/** Records that the session's user just gave their second factor. */
export async function markSteppedUp(db: Executor, sessionId: string) {
  await db.update(sessions).set({ stepUpAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

/** A command handler for a security or identity change: step-up first when SCA asks for it. */
export function defineSecuredHandler<I extends z.ZodType, R>(
  def: CommandDef<I>,
  handle: CommandHandler<I, R>['handle'],
): CommandHandler<I, R> {
  return defineHandler(def, async (ctx, input) => {
    await requireStepUp(ctx.tx, ctx.actor, 'SECURITY_CHANGE');
    return handle(ctx, input);
  });
}
