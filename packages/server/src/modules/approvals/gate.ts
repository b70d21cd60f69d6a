import { and, eq, sql } from 'drizzle-orm';
import { approvalRequests, approvalServices, makerCheckerConfig } from '../../db/schema/index.ts';
import { type ApprovalGate, preview } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { inputJson, isSafeguardChange, secondCheckerExists } from './safeguards.ts';

/**
 * The maker-checker gate. A command whose service is under approval (and the global switch on)
 * is previewed — its handler runs against current data in a savepoint that is rolled back — so
 * the maker hears of refusals at once and the request keeps the record as it was (before) and
 * as the change would make it (after). The request is stored PENDING; nothing else changes.
 * Changes to the safeguards themselves (by command, and for tunables by the item the input names)
 * are held whenever a second person could check them (safeguards.ts), switches or not.
 */
export const makerCheckerGate: ApprovalGate = {
  async intercept(ctx, handler, input) {
    const { tx, actor } = ctx;
    const serviceId = handler.def.name;
    const [service] = await tx
      .select({
        gated: sql<boolean>`(${makerCheckerConfig.enabled} and ${approvalServices.approvalRequired})
          or (${isSafeguardChange(serviceId, inputJson(input))} and ${secondCheckerExists(actor.userId)})`,
      })
      .from(approvalServices)
      .innerJoin(makerCheckerConfig, eq(makerCheckerConfig.id, 1))
      .where(eq(approvalServices.serviceId, serviceId));
    if (!service?.gated) return undefined;

    const change = await preview(ctx, handler, input);
    const exists = change.before !== undefined && change.before !== null;
    const recordKey =
      handler.options.recordKey?.(input) ?? (exists ? `${change.targetType}:${change.targetId}` : null);
    const [request] = await tx
      .insert(approvalRequests)
      .values({
        serviceId,
        recordKey,
        targetType: change.targetType,
        targetId: exists ? String(change.targetId) : null,
        input,
        before: change.before ?? null,
        after: change.after ?? null,
        makerId: actor.userId,
        makerUsername: actor.username,
        makerIp: actor.ip,
        makerVisitorId: actor.visitorId,
        makerRequestId: actor.requestId,
      })
      .onConflictDoNothing()
      .returning({ id: approvalRequests.id });
    if (!request) {
      const [other] = await tx
        .select({ id: approvalRequests.id, maker: approvalRequests.makerUsername })
        .from(approvalRequests)
        .where(
          and(
            eq(approvalRequests.serviceId, serviceId),
            eq(approvalRequests.recordKey, recordKey as string),
            eq(approvalRequests.status, 'PENDING'),
          ),
        );
      throw new AppError(
        'APPROVAL_ALREADY_PENDING',
        other ? `Request #${other.id} by ${other.maker} is already waiting for approval` : undefined,
      );
    }
    return {
      requestId: request.id,
      targetType: change.targetType,
      targetId: exists ? change.targetId : undefined,
      before: change.before,
      after: change.after,
    };
  },
};
