import {
  WEBHOOK_PING,
  type WebhookEndpoint,
  type WebhookReplay,
  webhookEndpointCommands,
  type webhookEndpointListQuery,
  type webhookEndpointResource,
} from '@loyalty/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents, webhookReplays } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { requestJobRun } from '../../platform/jobs.ts';
import { listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail, lockOrFail } from '../../platform/records.ts';
import { WEBHOOKS_JOB } from './delivery.ts';
import { newSecret } from './signing.ts';
import { iso } from './webhookDeliveries.service.ts';

type Row = typeof webhookEndpoints.$inferSelect;

const listSpec: ResourceListSpec<typeof webhookEndpoints, typeof webhookEndpointResource> = {
  table: webhookEndpoints,
  sortable: { createdAt: webhookEndpoints.createdAt, url: webhookEndpoints.url },
  defaultSort: { field: 'createdAt', direction: 'desc' },
  tieBreaker: webhookEndpoints.id,
  search: [webhookEndpoints.url, webhookEndpoints.description],
  filters: { status: (v: Row['status']) => eq(webhookEndpoints.status, v) },
};

/** The endpoint as the API answers it: never its secrets. */
function toEndpoint(row: Row): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEndpoint['events'],
    status: row.status,
    maxPerSecond: row.maxPerSecond,
    disabledReason: row.disabledReason,
    failingSince: iso(row.failingSince),
    previousSecretExpiresAt: iso(row.previousSecretExpiresAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const listWebhookEndpoints = (db: Executor, query: z.output<typeof webhookEndpointListQuery>) =>
  listPage(db, listSpec, query, toEndpoint);

const what = 'Webhook endpoint';
export const getWebhookEndpoint = async (db: Executor, id: number) =>
  toEndpoint(await findOrFail(db, webhookEndpoints, webhookEndpoints.id, id, what));

function toReplay(r: typeof webhookReplays.$inferSelect): WebhookReplay {
  return {
    id: r.id,
    endpointId: r.endpointId,
    from: r.fromAt.toISOString(),
    to: r.toAt.toISOString(),
    status: r.status,
    total: r.total,
    done: r.done,
    createdAt: r.createdAt.toISOString(),
    finishedAt: iso(r.finishedAt),
  };
}

/** An endpoint's latest replays, with their progress. */
export async function listWebhookReplays(db: Executor, endpointId: number) {
  await getWebhookEndpoint(db, endpointId);
  const rows = await db
    .select()
    .from(webhookReplays)
    .where(eq(webhookReplays.endpointId, endpointId))
    .orderBy(desc(webhookReplays.id))
    .limit(20);
  return rows.map(toReplay);
}

export const webhookEndpointHandlers = [
  defineHandler(
    webhookEndpointCommands.create,
    async ({ tx }, input) => {
      const secret = newSecret();
      const [row] = (await tx
        .insert(webhookEndpoints)
        .values({ ...input, secret })
        .returning()) as [Row];
      const after = toEndpoint(row);
      // The secret is answered once, here; the audit's image and every read leave it out.
      return { result: { ...after, secret }, targetType: 'webhookEndpoint', targetId: row.id, after };
    },
    { recordKey: (input) => input.url.toLowerCase() },
  ),
  defineHandler(webhookEndpointCommands.update, async ({ tx }, { id, ...input }) => {
    const before = toEndpoint(await lockOrFail(tx, webhookEndpoints, webhookEndpoints.id, id, what));
    const reactivated = input.status === 'ACTIVE' && before.status !== 'ACTIVE';
    const [row] = (await tx
      .update(webhookEndpoints)
      .set({
        ...input,
        ...(input.status !== 'DISABLED' ? { disabledReason: null } : {}),
        ...(reactivated ? { failingSince: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning()) as [Row];
    if (reactivated) await requestJobRun(tx, WEBHOOKS_JOB);
    const after = toEndpoint(row);
    return { result: after, targetType: 'webhookEndpoint', targetId: id, before, after };
  }),
  defineHandler(webhookEndpointCommands.delete, async ({ tx }, { id }) => {
    const before = toEndpoint(await lockOrFail(tx, webhookEndpoints, webhookEndpoints.id, id, what));
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    return { result: undefined, targetType: 'webhookEndpoint', targetId: id, before };
  }),
  defineHandler(webhookEndpointCommands.rotate, async ({ tx }, { id, overlapHours }) => {
    const row = await lockOrFail(tx, webhookEndpoints, webhookEndpoints.id, id, what);
    const secret = newSecret();
    const [updated] = (await tx
      .update(webhookEndpoints)
      .set({
        secret,
        previousSecret: overlapHours > 0 ? row.secret : null,
        previousSecretExpiresAt:
          overlapHours > 0 ? sql`now() + make_interval(hours => ${overlapHours})` : null,
        updatedAt: sql`now()`,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning()) as [Row];
    const after = toEndpoint(updated);
    return {
      result: { secret, previousSecretExpiresAt: after.previousSecretExpiresAt },
      targetType: 'webhookEndpoint',
      targetId: id,
      before: toEndpoint(row),
      after,
    };
  }),
  defineHandler(webhookEndpointCommands.ping, async ({ tx }, { id }) => {
    await findOrFail(tx, webhookEndpoints, webhookEndpoints.id, id, what);
    const [event] = (await tx
      .insert(webhookEvents)
      .values({
        type: WEBHOOK_PING,
        payload: { endpointId: id, occurredAt: new Date().toISOString() },
        processedAt: sql`now()`,
      })
      .returning()) as [typeof webhookEvents.$inferSelect];
    const [delivery] = (await tx
      .insert(webhookDeliveries)
      .values({ endpointId: id, eventId: event.id, eventType: WEBHOOK_PING })
      .returning({ id: webhookDeliveries.id })) as [{ id: number }];
    await requestJobRun(tx, WEBHOOKS_JOB);
    return {
      result: { deliveryId: delivery.id },
      targetType: 'webhookEndpoint',
      targetId: id,
      after: { deliveryId: delivery.id },
    };
  }),
  defineHandler(webhookEndpointCommands.replay, async ({ tx }, { id, from, to }) => {
    await findOrFail(tx, webhookEndpoints, webhookEndpoints.id, id, what);
    const [row] = (await tx
      .insert(webhookReplays)
      .values({ endpointId: id, fromAt: new Date(from), toAt: new Date(to) })
      .returning()) as [typeof webhookReplays.$inferSelect];
    await requestJobRun(tx, WEBHOOKS_JOB);
    const after = toReplay(row);
    return { result: after, targetType: 'webhookEndpoint', targetId: id, after };
  }),
];
