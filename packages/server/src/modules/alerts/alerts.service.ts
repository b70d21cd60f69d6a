import {
  type Alert,
  type AlertListQuery,
  type AlertStats,
  alertCommands,
  type alertFields,
  type alertResource,
  scheduledAlertEvents,
} from '@loyalty/contracts';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { alertDeliveries, alertGroups, alerts, tiers } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';

type Row = typeof alerts.$inferSelect;
type Fields = z.output<typeof alertFields>;

const listSpec: ResourceListSpec<typeof alerts, typeof alertResource> = {
  table: alerts,
  sortable: { nameEn: alerts.nameEn, event: alerts.event, createdAt: alerts.createdAt },
  defaultSort: { field: 'nameEn', direction: 'asc' },
  tieBreaker: alerts.id,
  search: [alerts.nameEn, alerts.nameAr, alerts.description, alerts.descriptionAr],
  filters: {
    groupId: (v: number) => eq(alerts.groupId, v),
    event: (v: string) => eq(alerts.event, v),
    status: (v: Row['status']) => eq(alerts.status, v),
  },
};

/** Alerts as the API shows them, with their group (one query for a page). */
async function toAlerts(db: Executor, rows: Row[]): Promise<Alert[]> {
  if (!rows.length) return [];
  const groups = new Map(
    (
      await db
        .select({
          id: alertGroups.id,
          nameEn: alertGroups.nameEn,
          nameAr: alertGroups.nameAr,
          categoryId: alertGroups.categoryId,
        })
        .from(alertGroups)
        .where(inArray(alertGroups.id, [...new Set(rows.map((r) => r.groupId))]))
    ).map((g) => [g.id, g]),
  );
  return rows.map((r) => ({
    id: r.id,
    groupId: r.groupId,
    groupNameEn: groups.get(r.groupId)?.nameEn ?? '',
    groupNameAr: groups.get(r.groupId)?.nameAr ?? '',
    categoryId: groups.get(r.groupId)?.categoryId ?? 0,
    nameEn: r.nameEn,
    nameAr: r.nameAr,
    description: r.description,
    descriptionAr: r.descriptionAr,
    event: r.event as Alert['event'],
    kind: r.kind,
    channels: r.channels as Alert['channels'],
    templates: r.templates as Alert['templates'],
    audience: r.audience as Alert['audience'],
    quietHours: r.quietStart && r.quietEnd ? { start: r.quietStart, end: r.quietEnd } : null,
    leadDays: r.leadDays,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function listAlerts(db: Executor, query: AlertListQuery) {
  const page = await listPage(db, listSpec, query, (row) => row);
  return { ...page, items: await toAlerts(db, page.items) };
}

const findAlert = (db: Executor, id: number, forUpdate = false) =>
  findOrFail(db, alerts, alerts.id, id, 'Alert', forUpdate);
const toAlert = async (db: Executor, row: Row) => (await toAlerts(db, [row]))[0] as Alert;

export const getAlert = async (db: Executor, id: number) => toAlert(db, await findAlert(db, id));

/** Deliveries of an alert over the last `days` days, by outcome (alert_deliveries_alert_idx). */
export async function alertStats(db: Executor, id: number, days = 30): Promise<AlertStats> {
  await findAlert(db, id);
  const rows = await db
    .select({ status: alertDeliveries.status, n: count() })
    .from(alertDeliveries)
    .where(
      and(
        eq(alertDeliveries.alertId, id),
        gte(alertDeliveries.createdAt, sql`now() - make_interval(days => ${days})`),
      ),
    )
    .groupBy(alertDeliveries.status);
  const n = (...s: string[]) => rows.filter((r) => s.includes(r.status)).reduce((a, r) => a + r.n, 0);
  return {
    days,
    sent: n('PENDING', 'SENDING', 'SENT', 'DEAD', 'SKIPPED'),
    delivered: n('SENT'),
    failed: n('DEAD'),
    pending: n('PENDING', 'SENDING'),
    skipped: n('SKIPPED'),
  };
}

/** The group and the audience's tiers must exist; only the chosen channels' templates are kept. */
async function toValues(db: Executor, input: Fields) {
  await findOrFail(db, alertGroups, alertGroups.id, input.groupId, 'Alert group').catch(() => {
    throw new AppError('VALIDATION_FAILED', 'Unknown alert group', [
      { path: 'groupId', message: 'unknownGroup' },
    ]);
  });
  const tierIds = [...new Set(input.audience.tierIds)];
  if (tierIds.length) {
    const found = await db.select({ id: tiers.id }).from(tiers).where(inArray(tiers.id, tierIds));
    if (found.length !== tierIds.length) {
      throw new AppError('VALIDATION_FAILED', 'Unknown tier', [
        { path: 'audience.tierIds', message: 'unknownTier' },
      ]);
    }
  }
  return {
    groupId: input.groupId,
    nameEn: input.nameEn,
    nameAr: input.nameAr,
    description: input.description,
    descriptionAr: input.descriptionAr,
    event: input.event,
    kind: input.kind,
    channels: input.channels,
    templates: Object.fromEntries(input.channels.map((c) => [c, input.templates[c]])),
    audience: { tierIds, segments: [...new Set(input.audience.segments)] },
    quietStart: input.quietHours?.start ?? null,
    quietEnd: input.quietHours?.end ?? null,
    leadDays: scheduledAlertEvents.includes(input.event) ? input.leadDays : null,
    status: input.status,
  };
}

export const alertHandlers = [
  defineHandler(
    alertCommands.create,
    async ({ tx }, input) => {
      const [row] = (await tx
        .insert(alerts)
        .values(await toValues(tx, input))
        .returning()) as [Row];
      const after = await toAlert(tx, row);
      return { result: after, targetType: 'alert', targetId: row.id, after };
    },
    { recordKey: (input) => `${input.groupId}:${input.nameEn.toLowerCase()}` },
  ),
  defineHandler(alertCommands.update, async ({ tx }, { id, ...input }) => {
    const before = await toAlert(tx, await findAlert(tx, id, true));
    const [row] = (await tx
      .update(alerts)
      .set({ ...(await toValues(tx, input)), updatedAt: sql`now()` })
      .where(eq(alerts.id, id))
      .returning()) as [Row];
    const after = await toAlert(tx, row);
    return { result: after, targetType: 'alert', targetId: id, before, after };
  }),
  defineHandler(alertCommands.delete, async ({ tx }, { id }) => {
    const before = await toAlert(tx, await findAlert(tx, id, true));
    const [sent] = await tx
      .select({ n: count() })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.alertId, id));
    if ((sent?.n ?? 0) > 0) {
      throw new AppError(
        'ALERT_HAS_DELIVERIES',
        `The alert has ${sent?.n} deliveries, kept as its history: disable it instead`,
      );
    }
    await tx.delete(alerts).where(eq(alerts.id, id));
    return { result: undefined, targetType: 'alert', targetId: id, before };
  }),
];
