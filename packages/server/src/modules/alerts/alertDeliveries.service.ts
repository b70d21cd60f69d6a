import {
  type AlertDelivery,
  alertDeliveryCommands,
  type alertDeliveryListQuery,
  type alertDeliveryResource,
} from '@loyalty/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { readAll } from '../../db/client.ts';
import { alertDeliveries, alerts } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { requestJobRun } from '../../platform/jobs.ts';
import { listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { customerLabels } from '../customers/index.ts';
import { ALERTS_JOB } from './delivery.ts';

type Row = typeof alertDeliveries.$inferSelect;

const listSpec: ResourceListSpec<typeof alertDeliveries, typeof alertDeliveryResource> = {
  table: alertDeliveries,
  sortable: { createdAt: alertDeliveries.createdAt },
  defaultSort: { field: 'createdAt', direction: 'desc' },
  tieBreaker: alertDeliveries.id,
  filters: {
    alertId: (v: number) => eq(alertDeliveries.alertId, v),
    customerId: (v: number) => eq(alertDeliveries.customerId, v),
    status: (v: Row['status']) => eq(alertDeliveries.status, v),
    channel: (v: Row['channel']) => eq(alertDeliveries.channel, v),
  },
};

/** Deliveries with their alert's and customer's names: two queries for a page. */
async function toDeliveries(db: Executor, rows: Row[]): Promise<AlertDelivery[]> {
  if (!rows.length) return [];
  const [names, customerOf] = await readAll(db, [
    () =>
      db
        .select({ id: alerts.id, nameEn: alerts.nameEn, nameAr: alerts.nameAr })
        .from(alerts)
        .where(inArray(alerts.id, [...new Set(rows.map((r) => r.alertId))])),
    () =>
      customerLabels(
        db,
        rows.map((r) => r.customerId),
      ),
  ]);
  const alertById = new Map(names.map((a) => [a.id, a]));
  return rows.map((d) => ({
    id: d.id,
    alertId: d.alertId,
    alertNameEn: alertById.get(d.alertId)?.nameEn ?? '',
    alertNameAr: alertById.get(d.alertId)?.nameAr ?? '',
    event: d.event as AlertDelivery['event'],
    customerId: d.customerId,
    ...customerOf(d.customerId),
    channel: d.channel,
    language: d.language,
    recipient: d.recipient,
    subject: d.subject,
    body: d.body,
    status: d.status,
    skipReason: d.skipReason,
    attempts: d.attempts,
    lastError: d.lastError,
    nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
    sentAt: d.sentAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
  }));
}

export async function listAlertDeliveries(db: Executor, query: z.output<typeof alertDeliveryListQuery>) {
  const page = await listPage(db, listSpec, query, (row) => row);
  return { ...page, items: await toDeliveries(db, page.items) };
}

export const alertDeliveryHandlers = [
  defineHandler(alertDeliveryCommands.retry, async ({ tx }, { id }) => {
    const row = await findOrFail(tx, alertDeliveries, alertDeliveries.id, id, 'Alert delivery', true);
    const [before] = await toDeliveries(tx, [row]);
    if (row.status !== 'DEAD') {
      throw new AppError('ALERT_DELIVERY_NOT_DEAD', 'Only a dead-lettered delivery can be sent again');
    }
    const [updated] = (await tx
      .update(alertDeliveries)
      .set({ status: 'PENDING', attempts: 0, nextAttemptAt: sql`now()`, leaseUntil: null })
      .where(eq(alertDeliveries.id, id))
      .returning()) as [Row];
    await requestJobRun(tx, ALERTS_JOB);
    const [after] = (await toDeliveries(tx, [updated])) as [AlertDelivery];
    return { result: after, targetType: 'alertDelivery', targetId: id, before, after };
  }),
];
