import type { CommandDef } from '@loyalty/contracts';
import { auditDetail } from '@loyalty/contracts';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import type { Actor } from './access.ts';
import { type AuditSource, auditSource, writeAudit } from './audit.ts';
import { AppError, validationError } from './errors.ts';
import { traceCommands } from './tracing.ts';

/** The maker of an approved request, for whom a checker applies it. */
export interface Maker {
  userId: number;
  username: string;
}

export interface CommandContext {
  /** The command's transaction (not available to a handler declared `transaction: false`). */
  tx: Tx;
  /** The database itself, for a handler declared `transaction: false`. */
  db: Db;
  actor: Actor;
  /** Set while a checker applies an approved request: the change is the maker's. */
  onBehalfOf?: Maker | undefined;
  /**
   * Runs the command of an approved request in a savepoint of this transaction, as the checker on
   * behalf of its maker, and audits it with both. `check` sees the outcome before it is audited (the approvals
   * module refuses a record that changed since the request). Used by `approval.approve` only.
   */
  applyApproved(
    request: ApprovedRequest,
    check?: (outcome: CommandOutcome<unknown>) => void,
  ): Promise<CommandOutcome<unknown>>;
}

export interface ApprovedRequest {
  id: number;
  serviceId: string;
  input: unknown;
  maker: Maker;
}

/** What a handler reports: the result for the caller and the change for the audit trail. */
export interface CommandOutcome<R> {
  result: R;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
  /**
   * A refusal whose record must survive: the transaction commits the handler's writes, the
   * command is audited FAILED with this code, and the caller gets the error. (An approval that
   * finds its record changed marks the request FAILED and still answers the error.)
   */
  failure?: AppError;
}

export interface HandlerOptions<I extends z.ZodType> {
  /**
   * The record a pending request of this command is about, when the change does not show it —
   * a creation names the natural key of the record it would make (a tier's name). Otherwise the
   * key is the changed record (target type and id), and a creation without this option has none.
   * Two PENDING requests with the same service and key are refused.
   */
  recordKey?: (input: z.output<I>) => string;
  /** Who may run it, instead of "holds the permission named like the command". */
  authorize?: (actor: Actor, db: Db) => Promise<boolean>;
  /** False for commands that never wait for approval (the approval decisions themselves). */
  approvable?: boolean;
  /**
   * True for a service that needs a checker until staff turn it off (publishing a legal
   * document): its `approval_required` starts on when the service is first catalogued.
   */
  approvalByDefault?: boolean;
  /**
   * False for the integration API's channel postings: their record is the points ledger (and
   * SystemLogs), not the staff AdminLogs, whose hash chain would serialize every posting.
   */
  audited?: boolean;
  /**
   * False for a handler that makes its change in one SQL statement (its own transaction) through
   * `ctx.db`: the bus opens no transaction around it, sparing two round trips a call (the
   * integration API's earnings). Only for commands that are neither audited nor approvable.
   */
  transaction?: boolean;
}

export interface CommandHandler<I extends z.ZodType = z.ZodType, R = unknown> {
  def: CommandDef<I>;
  handle(ctx: CommandContext, input: z.output<I>): Promise<CommandOutcome<R>>;
  options: HandlerOptions<I>;
}

export function defineHandler<I extends z.ZodType, R>(
  def: CommandDef<I>,
  handle: CommandHandler<I, R>['handle'],
  options: HandlerOptions<I> = {},
): CommandHandler<I, R> {
  return { def, handle, options };
}

/** A write held for approval: the request, and the change it would make (for the audit trail). */
export interface HeldForApproval {
  requestId: number;
  targetType?: string | undefined;
  targetId?: string | number | undefined;
  before?: unknown;
  after?: unknown;
}

/**
 * The maker-checker gate. When a command's service is under approval, `intercept` stores the
 * validated input as a pending request and answers it; the handler's change is not kept.
 * The foundation's gate lets everything through; the approvals module's stores requests.
 */
export interface ApprovalGate {
  intercept(
    ctx: CommandContext,
    handler: CommandHandler,
    input: unknown,
  ): Promise<HeldForApproval | undefined>;
}
export const openGate: ApprovalGate = { intercept: async () => undefined };

export type CommandResult<R = unknown> =
  | { status: 'DONE'; result: R }
  | { status: 'PENDING'; requestId: string };

class Preview extends Error {
  constructor(readonly outcome: CommandOutcome<unknown>) {
    super('preview rolled back');
  }
}

/**
 * Runs a handler in a savepoint and rolls it back: the change it would make (before and after
 * images, target) against current data, with its refusals, and nothing kept.
 */
export async function preview(
  ctx: CommandContext,
  handler: CommandHandler,
  input: unknown,
): Promise<CommandOutcome<unknown>> {
  try {
    await ctx.tx.transaction(async (tx) => {
      throw new Preview(await handler.handle({ ...ctx, tx }, input));
    });
  } catch (err) {
    if (err instanceof Preview) return err.outcome;
    throw err;
  }
  throw new Error('unreachable');
}

const codeOf = (err: unknown) => (err instanceof AppError ? err.code : 'INTERNAL');

/**
 * Runs every write the same way, in one transaction:
 * validate → authorize → maker-checker gate → handler → audit entry → commit.
 * Refusals and failures are audited after the rollback, so they are never lost with it.
 */
export function createCommandBus(db: Db, gate: ApprovalGate = openGate) {
  const handlers = new Map<string, CommandHandler>();
  let currentGate = gate;

  const handlerOf = (name: string) => {
    const handler = handlers.get(name);
    if (!handler) throw new Error(`unknown command ${name}`);
    return handler;
  };

  function context(tx: Tx, actor: Actor, source: AuditSource): CommandContext {
    const ctx: CommandContext = {
      tx,
      db,
      actor,
      applyApproved: (request, check) =>
        // A savepoint: when the change or the check fails, the caller's transaction goes on.
        tx.transaction(async (sp) => {
          const handler = handlerOf(request.serviceId);
          const parsed = handler.def.input.safeParse(request.input);
          if (!parsed.success) throw validationError(parsed.error);
          const outcome = await handler.handle({ ...ctx, tx: sp, onBehalfOf: request.maker }, parsed.data);
          check?.(outcome);
          await writeAudit(sp, source, {
            command: request.serviceId,
            outcome: 'SUCCESS',
            targetType: outcome.targetType,
            targetId: outcome.targetId,
            before: outcome.before,
            after: outcome.after,
            onBehalfOf: request.maker.username,
            approvalRequestId: request.id,
          });
          return outcome;
        }),
    };
    return ctx;
  }

  /** The context of a `transaction: false` handler: the database, and no transaction. */
  function statementContext(name: string, actor: Actor): CommandContext {
    const unavailable = (): never => {
      throw new Error(`${name} runs without a transaction (transaction: false): use ctx.db`);
    };
    return {
      db,
      actor,
      get tx() {
        return unavailable();
      },
      applyApproved: unavailable,
    };
  }

  // A span per command while tracing is on (platform/tracing.ts); otherwise the bus as it is.
  return traceCommands({
    register(...list: CommandHandler[]) {
      for (const h of list) {
        if (handlers.has(h.def.name)) throw new Error(`command ${h.def.name} registered twice`);
        const { transaction, audited, approvable } = h.options;
        if (transaction === false && (audited !== false || approvable !== false))
          throw new Error(
            `command ${h.def.name}: transaction: false needs audited: false and approvable: false`,
          );
        handlers.set(h.def.name, h);
      }
    },
    names: () => [...handlers.keys()],
    /** The registered handlers (the maker-checker service catalogue follows them). */
    handlers: () => [...handlers.values()],
    setGate(next: ApprovalGate) {
      currentGate = next;
    },

    async execute<R = unknown>(actor: Actor, name: string, rawInput: unknown): Promise<CommandResult<R>> {
      const handler = handlerOf(name);
      const parsed = handler.def.input.safeParse(rawInput);
      if (!parsed.success) throw validationError(parsed.error);
      const source = auditSource(actor);
      const allowed = handler.options.authorize
        ? await handler.options.authorize(actor, db)
        : actor.permissions.has(name);
      if (!allowed) {
        await writeAudit(db, source, {
          command: name,
          outcome: 'DENIED',
          detail: auditDetail('missingPermission'),
        });
        throw new AppError('FORBIDDEN', `Missing permission ${name}`);
      }
      if (handler.options.transaction === false) {
        const outcome = await handler.handle(statementContext(name, actor), parsed.data);
        if (outcome.failure) throw outcome.failure;
        return { status: 'DONE', result: outcome.result as R };
      }
      let done: CommandResult<R> | { status: 'REFUSED'; error: AppError };
      try {
        done = await db.transaction(async (tx) => {
          const ctx = context(tx, actor, source);
          if (handler.options.approvable !== false) {
            const held = await currentGate.intercept(ctx, handler, parsed.data);
            if (held) {
              await writeAudit(tx, source, {
                command: name,
                outcome: 'PENDING',
                targetType: held.targetType,
                targetId: held.targetId,
                before: held.before,
                after: held.after,
                approvalRequestId: held.requestId,
              });
              return { status: 'PENDING', requestId: String(held.requestId) } as const;
            }
          }
          const outcome = await handler.handle(ctx, parsed.data);
          if (handler.options.audited === false && !outcome.failure) {
            return { status: 'DONE', result: outcome.result as R } as const;
          }
          await writeAudit(tx, source, {
            command: name,
            outcome: outcome.failure ? 'FAILED' : 'SUCCESS',
            targetType: outcome.targetType,
            targetId: outcome.targetId,
            before: outcome.before,
            after: outcome.after,
            detail: outcome.failure?.code,
          });
          return outcome.failure
            ? ({ status: 'REFUSED', error: outcome.failure } as const)
            : ({ status: 'DONE', result: outcome.result as R } as const);
        });
      } catch (err) {
        if (handler.options.audited !== false) {
          await writeAudit(db, source, {
            command: name,
            outcome: 'FAILED',
            after: parsed.data,
            detail: codeOf(err),
          });
        }
        throw err;
      }
      if (done.status === 'REFUSED') throw done.error;
      return done;
    },
  });
}
export type CommandBus = ReturnType<typeof createCommandBus>;
