import type { CommandDef } from '@loyalty/contracts';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import type { Actor } from './access.ts';
import { auditSource, writeAudit } from './audit.ts';
import { AppError, validationError } from './errors.ts';

export interface CommandContext {
  tx: Tx;
  actor: Actor;
}

/** What a handler reports: the result for the caller and the change for the audit trail. */
export interface CommandOutcome<R> {
  result: R;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

export interface CommandHandler<I extends z.ZodType = z.ZodType, R = unknown> {
  def: CommandDef<I>;
  handle(ctx: CommandContext, input: z.output<I>): Promise<CommandOutcome<R>>;
}

export function defineHandler<I extends z.ZodType, R>(
  def: CommandDef<I>,
  handle: CommandHandler<I, R>['handle'],
): CommandHandler<I, R> {
  return { def, handle };
}

/**
 * The maker-checker gate. When a command's service is under approval, `intercept` stores the
 * validated input as a pending request and answers its id; the handler does not run.
 * The foundation's gate lets everything through; the approvals module replaces it.
 */
export interface ApprovalGate {
  intercept(ctx: CommandContext, def: CommandDef, input: unknown): Promise<{ requestId: string } | undefined>;
}
export const openGate: ApprovalGate = { intercept: async () => undefined };

export type CommandResult<R = unknown> =
  | { status: 'DONE'; result: R }
  | { status: 'PENDING'; requestId: string };

/**
 * Runs every write the same way, in one transaction:
 * validate → authorize → maker-checker gate → handler → audit entry → commit.
 * Refusals and failures are audited after the rollback, so they are never lost with it.
 */
export function createCommandBus(db: Db, gate: ApprovalGate = openGate) {
  const handlers = new Map<string, CommandHandler>();
  let currentGate = gate;

  return {
    register(...list: CommandHandler[]) {
      for (const h of list) {
        if (handlers.has(h.def.name)) throw new Error(`command ${h.def.name} registered twice`);
        handlers.set(h.def.name, h);
      }
    },
    names: () => [...handlers.keys()],
    setGate(next: ApprovalGate) {
      currentGate = next;
    },

    async execute<R = unknown>(actor: Actor, name: string, rawInput: unknown): Promise<CommandResult<R>> {
      const handler = handlers.get(name);
      if (!handler) throw new Error(`unknown command ${name}`);
      const parsed = handler.def.input.safeParse(rawInput);
      if (!parsed.success) throw validationError(parsed.error);
      const source = auditSource(actor);
      if (!actor.permissions.has(name)) {
        await writeAudit(db, source, { command: name, outcome: 'DENIED', detail: 'missing permission' });
        throw new AppError('FORBIDDEN', `Missing permission ${name}`);
      }
      try {
        return await db.transaction(async (tx) => {
          const ctx = { tx, actor };
          const pending = await currentGate.intercept(ctx, handler.def, parsed.data);
          if (pending) {
            await writeAudit(tx, source, { command: name, outcome: 'PENDING', after: parsed.data });
            return { status: 'PENDING', requestId: pending.requestId } as const;
          }
          const outcome = await handler.handle(ctx, parsed.data);
          await writeAudit(tx, source, {
            command: name,
            outcome: 'SUCCESS',
            targetType: outcome.targetType,
            targetId: outcome.targetId,
            before: outcome.before,
            after: outcome.after,
          });
          return { status: 'DONE', result: outcome.result as R } as const;
        });
      } catch (err) {
        const detail = err instanceof AppError ? err.code : 'INTERNAL';
        await writeAudit(db, source, { command: name, outcome: 'FAILED', after: parsed.data, detail });
        throw err;
      }
    },
  };
}
export type CommandBus = ReturnType<typeof createCommandBus>;
