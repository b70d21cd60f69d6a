import {
  type WebhookDelivery,
  webhookDeliveryCommands,
  type webhookDeliveryListQuery,
  type webhookDeliveryResource,
} from '@loyalty/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { webhookAttempts, webhookDeliveries } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { requestJobRun } from '../../platform/jobs.ts';
import { listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail, lockOrFail } from '../../platform/records.ts';
import { WEBHOOKS_JOB } from './delivery.ts';
import { messageId } from './signing.ts';

type Row = typeof webhookDeliveries.$inferSelect;

const listSpec: ResourceListSpec<typeof webhookDeliveries, typeof webhookDeliveryResource> = {
  table: webhookDeliveries,
  sortable: { createdAt: webhookDeliveries.createdAt },
  defaultSort: { field: 'createdAt', direction: 'desc' },
  tieBreaker: webhookDeliveries.id,
  filters: {
    endpointId: (v: number) => eq(webhookDeliveries.endpointId, v),
    event: (v: string) => eq(webhookDeliveries.eventType, v),
    status: (v: Row['status']) => eq(webhookDeliveries.status, v),
  },
};

/** An optional instant as the API answers it. */
export const iso = (d: Date | null) => d?.toISOString() ?? null;

function toDelivery(d: Row, log: WebhookDelivery['log'] = []): WebhookDelivery {
  return {
    id: d.id,
    endpointId: d.endpointId,
    eventId: messageId(d.eventId),
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === 'PENDING' ? iso(d.nextAttemptAt) : null,
    lastAttemptAt: iso(d.lastAttemptAt),
    responseCode: d.responseCode,
    durationMs: d.durationMs,
    lastError: d.lastError,
    deliveredAt: iso(d.deliveredAt),
    createdAt: d.createdAt.toISOString(),
    log,
  };
}

export const listWebhookDeliveries = (db: Executor, query: z.output<typeof webhookDeliveryListQuery>) =>
  listPage(db, listSpec, query, (row) => toDelivery(row));

/** A delivery with every attempt, newest first. */
export async function getWebhookDelivery(db: Executor, id: number): Promise<WebhookDelivery> {
  const row = await findOrFail(db, webhookDeliveries, webhookDeliveries.id, id, 'Webhook delivery');
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, id))
    .orderBy(desc(webhookAttempts.id));
  return toDelivery(
    row,
    attempts.map((a) => ({
      attempt: a.attempt,
      attemptedAt: a.attemptedAt.toISOString(),
      responseCode: a.responseCode,
      durationMs: a.durationMs,
      responseExcerpt: a.responseExcerpt,
      error: a.error,
    })),
  );
}

export const webhookDeliveryHandlers = [
  defineHandler(webhookDeliveryCommands.retry, async ({ tx }, { id }) => {
    const before = toDelivery(
      await lockOrFail(tx, webhookDeliveries, webhookDeliveries.id, id, 'Webhook delivery'),
    );
    const [row] = (await tx
      .update(webhookDeliveries)
      .set({ status: 'PENDING', nextAttemptAt: sql`now()`, windowStart: sql`now()`, leaseUntil: null })
      .where(eq(webhookDeliveries.id, id))
      .returning()) as [Row];
    await requestJobRun(tx, WEBHOOKS_JOB);
    const after = toDelivery(row);
    return { result: after, targetType: 'webhookDelivery', targetId: id, before, after };
  }),
];
