import {
  type ApprovalBulkInput,
  type ApprovalBulkItem,
  type ApprovalListQuery,
  type ApprovalRequest,
  type ApprovalStatus,
  approvalCommands,
  type approvalResource,
} from '@loyalty/contracts';
import { and, eq, gte, ilike, inArray, lt, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  approvalRequests,
  approvalServices,
  permissions,
  rolePermissions,
  roles,
  users,
} from '../../db/schema/index.ts';
import type { Actor } from '../../platform/access.ts';
import { requireStepUp } from '../../platform/auth/step-up.ts';
import type { CommandBus, CommandContext, CommandOutcome } from '../../platform/commands.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError, toProblem } from '../../platform/errors.ts';
import { escapeLike, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { getConfig, isChecker } from './makerChecker.service.ts';
import { isSafeguard, isSafeguardChange } from './safeguards.ts';

type RequestRow = typeof approvalRequests.$inferSelect;
type ConfigRow = Awaited<ReturnType<typeof getConfig>>;

export const toRequest = (r: RequestRow): ApprovalRequest => ({
  id: r.id,
  serviceId: r.serviceId,
  status: r.status,
  targetType: r.targetType,
  targetId: r.targetId,
  input: r.input,
  before: r.before,
  after: r.after,
  maker: { id: r.makerId, username: r.makerUsername },
  makerIp: r.makerIp,
  makerVisitorId: r.makerVisitorId,
  createdAt: r.createdAt.toISOString(),
  checker: r.checkerId === null ? null : { id: r.checkerId, username: r.checkerUsername ?? '' },
  decidedAt: r.decidedAt?.toISOString() ?? null,
  reason: r.reason,
  failureCode: r.failureCode,
  failureDetail: r.failureDetail,
});

/** What each view shows the actor; the inbox never holds their own requests unless allowed. */
function viewCondition(view: ApprovalListQuery['view'], actor: Actor, config: ConfigRow): SQL | undefined {
  const r = approvalRequests;
  switch (view) {
    case 'mine':
      return and(eq(r.makerId, actor.userId), eq(r.status, 'PENDING'));
    case 'mine-history':
      return and(eq(r.makerId, actor.userId), ne(r.status, 'PENDING'));
    case 'inbox':
      return and(
        eq(r.status, 'PENDING'),
        config.allowSelfApproval
          ? or(ne(r.makerId, actor.userId), not(isSafeguardChange(r.serviceId, r.input)))
          : ne(r.makerId, actor.userId),
      );
    case 'inbox-history':
      return eq(r.checkerId, actor.userId);
  }
}

const isInbox = (view: ApprovalListQuery['view']) => view === 'inbox' || view === 'inbox-history';

function listSpec(
  actor: Actor,
  config: ConfigRow,
): ResourceListSpec<typeof approvalRequests, typeof approvalResource> {
  const r = approvalRequests;
  return {
    table: r,
    sortable: { createdAt: r.createdAt, decidedAt: r.decidedAt, serviceId: r.serviceId, status: r.status },
    defaultSort: { field: 'createdAt', direction: 'desc' },
    tieBreaker: r.id,
    search: [r.serviceId, r.makerUsername, r.targetId],
    filters: {
      view: (view: ApprovalListQuery['view']) => viewCondition(view, actor, config),
      serviceId: (id: string) => eq(r.serviceId, id),
      serviceTypeId: (id: number) =>
        inArray(
          r.serviceId,
          sql`(select ${approvalServices.serviceId} from ${approvalServices} where ${approvalServices.serviceTypeId} = ${id})`,
        ),
      maker: (name: string) => ilike(r.makerUsername, `${escapeLike(name)}%`),
      status: (status: ApprovalStatus) => eq(r.status, status),
      from: (at: string) => gte(r.createdAt, new Date(at)),
      to: (at: string) => lt(r.createdAt, new Date(at)),
    },
  };
}

export async function listRequests(db: Executor, actor: Actor, query: ApprovalListQuery) {
  const config = await getConfig(db);
  if (isInbox(query.view) && !(await isChecker(actor, db, config))) {
    throw new AppError('FORBIDDEN', `Missing permission ${config.checkerPermission}`);
  }
  return listPage(db, listSpec(actor, config), query, toRequest);
}

/** The maker, the checker who decided it, and every checker may see a request. */
export async function getRequest(db: Executor, actor: Actor, id: number) {
  const row = await requestRow(db, id);
  if (row.makerId !== actor.userId && row.checkerId !== actor.userId && !(await isChecker(actor, db))) {
    throw new AppError('FORBIDDEN', 'Only the maker and checkers may see this request');
  }
  return toRequest(row);
}

export async function pendingCounts(db: Executor, actor: Actor) {
  const config = await getConfig(db);
  const checker = await isChecker(actor, db, config);
  const r = approvalRequests;
  const inbox = checker ? viewCondition('inbox', actor, config) : sql`false`;
  const [row] = await db
    .select({
      mine: sql<number>`count(*) filter (where ${r.makerId} = ${actor.userId})::int`,
      inbox: sql<number>`count(*) filter (where ${inbox})::int`,
    })
    .from(r)
    .where(and(eq(r.status, 'PENDING'), checker ? undefined : eq(r.makerId, actor.userId)));
  return { mine: row?.mine ?? 0, inbox: row?.inbox ?? 0 };
}

async function requestRow(db: Executor, id: number, forUpdate = false) {
  return findOrFail(db, approvalRequests, approvalRequests.id, id, 'Request', forUpdate);
}

/** Locks a pending request for a decision. */
async function pendingRequest(ctx: CommandContext, id: number) {
  const row = await requestRow(ctx.tx, id, true);
  if (row.status !== 'PENDING') {
    throw new AppError('APPROVAL_NOT_PENDING', `Request #${id} is ${row.status.toLowerCase()}`);
  }
  return row;
}

/** A checker decides; the maker only when self-approval is allowed, and never on a safeguard. */
async function checkable(ctx: CommandContext, id: number) {
  const row = await pendingRequest(ctx, id);
  if (
    row.makerId === ctx.actor.userId &&
    (!(await getConfig(ctx.tx)).allowSelfApproval || (await isSafeguard(ctx.tx, row.serviceId, row.input)))
  ) {
    throw new AppError('SELF_APPROVAL_FORBIDDEN');
  }
  return row;
}

type Decision = Partial<typeof approvalRequests.$inferInsert> & { status: ApprovalStatus };

async function decide(
  ctx: CommandContext,
  row: RequestRow,
  decision: Decision,
  failure?: AppError,
): Promise<CommandOutcome<ApprovalRequest>> {
  const [updated] = (await ctx.tx
    .update(approvalRequests)
    .set({
      checkerId: ctx.actor.userId,
      checkerUsername: ctx.actor.username,
      decidedAt: sql`now()`,
      ...decision,
    })
    .where(eq(approvalRequests.id, row.id))
    .returning()) as [RequestRow];
  return {
    result: toRequest(updated),
    targetType: 'approvalRequest',
    targetId: row.id,
    before: { status: row.status },
    after: {
      status: updated.status,
      reason: updated.reason ?? undefined,
      failureCode: updated.failureCode ?? undefined,
    },
    failure,
  };
}

/** Images compared by value, whatever the key order (jsonb sorts keys, handlers may not). */
const canonical = (v: unknown): string =>
  JSON.stringify(v ?? null, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  );
const normalize = (v: unknown) => JSON.parse(JSON.stringify(v ?? null));

/** A refusal of the change itself, kept on the request; anything else is a server error. */
function asRefusal(err: unknown): AppError | undefined {
  if (err instanceof AppError) {
    if (err.code === 'NOT_FOUND') return new AppError('APPROVAL_STALE', 'The record no longer exists');
    return err.status < 500 ? err : undefined;
  }
  const problem = toProblem(err, '');
  return problem.status < 500 ? new AppError(problem.code, problem.detail) : undefined;
}

/**
 * The change is the maker's: at approval the maker must still be an active user, in an active
 * role that grants the request's command, enabled. A maker disabled or stripped of the permission
 * since the request cannot have it applied on their behalf (the request FAILS, FORBIDDEN).
 */
async function assertMakerMayStill(db: Executor, row: RequestRow) {
  const [maker] = await db
    .select({
      userStatus: users.status,
      roleStatus: roles.status,
      holds: sql<boolean>`exists (select 1 from ${rolePermissions} join ${permissions}
        on ${permissions.code} = ${rolePermissions.permissionCode} and ${permissions.status} = 'ACTIVE'
        where ${rolePermissions.roleId} = ${roles.id} and ${rolePermissions.permissionCode} = ${row.serviceId})`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, row.makerId));
  if (maker?.userStatus !== 'ACTIVE' || maker.roleStatus !== 'ACTIVE') {
    throw new AppError('FORBIDDEN', `The maker ${row.makerUsername} is no longer active`);
  }
  if (!maker.holds) {
    throw new AppError('FORBIDDEN', `The maker ${row.makerUsername} no longer holds ${row.serviceId}`);
  }
}

export const decisionHandlers = [
  defineHandler(
    approvalCommands.approve,
    async (ctx, { id }) => {
      await requireStepUp(ctx.tx, ctx.actor, 'APPROVAL');
      const row = await checkable(ctx, id);
      try {
        await assertMakerMayStill(ctx.tx, row);
        const outcome = await ctx.applyApproved(
          {
            id,
            serviceId: row.serviceId,
            input: row.input,
            maker: { userId: row.makerId, username: row.makerUsername },
          },
          (applied) => {
            if (canonical(normalize(applied.before)) !== canonical(row.before)) {
              throw new AppError('APPROVAL_STALE', 'The record changed after the request was made');
            }
          },
        );
        return decide(ctx, row, {
          status: 'APPROVED',
          targetType: outcome.targetType,
          targetId: String(outcome.targetId),
          after: normalize(outcome.after),
        });
      } catch (err) {
        const refusal = asRefusal(err);
        if (!refusal) throw err;
        return decide(
          ctx,
          row,
          { status: 'FAILED', failureCode: refusal.code, failureDetail: refusal.message },
          refusal,
        );
      }
    },
    { approvable: false, authorize: isChecker },
  ),
  defineHandler(
    approvalCommands.reject,
    async (ctx, { id, reason }) => {
      await requireStepUp(ctx.tx, ctx.actor, 'APPROVAL');
      return decide(ctx, await checkable(ctx, id), { status: 'REJECTED', reason });
    },
    { approvable: false, authorize: isChecker },
  ),
  defineHandler(
    approvalCommands.withdraw,
    async (ctx, { id, reason }) => {
      const row = await pendingRequest(ctx, id);
      if (row.makerId !== ctx.actor.userId)
        throw new AppError('FORBIDDEN', 'Only the maker may withdraw a request');
      return decide(ctx, row, {
        status: 'WITHDRAWN',
        reason: reason ?? null,
        checkerId: null,
        checkerUsername: null,
      });
    },
    // Every maker may withdraw their own request; the handler checks it is theirs.
    { approvable: false, authorize: async () => true },
  ),
];

/** Each request is decided by its own command (own transaction, own audit entry). */
export async function decideMany(
  commands: CommandBus,
  db: Executor,
  actor: Actor,
  input: ApprovalBulkInput,
): Promise<ApprovalBulkItem[]> {
  // The whole batch is refused at once when a step-up is due: the client asks for a code and
  // sends it again (each decision checks it as well).
  await requireStepUp(db, actor, 'APPROVAL');
  const ids = [...new Set(input.ids)];
  const outcomes: Omit<ApprovalBulkItem, 'status'>[] = [];
  for (const id of ids) {
    try {
      if (input.action === 'approve') await commands.execute(actor, approvalCommands.approve.name, { id });
      else await commands.execute(actor, approvalCommands.reject.name, { id, reason: input.reason });
      outcomes.push({ id, ok: true });
    } catch (err) {
      const problem = toProblem(err, actor.requestId);
      outcomes.push({ id, ok: false, code: problem.code, detail: problem.detail });
    }
  }
  const statuses = new Map(
    (
      await db
        .select({ id: approvalRequests.id, status: approvalRequests.status })
        .from(approvalRequests)
        .where(inArray(approvalRequests.id, ids))
    ).map((r) => [r.id, r.status]),
  );
  return outcomes.map((o) => ({ ...o, ...(statuses.has(o.id) ? { status: statuses.get(o.id) } : {}) }));
}
