import {
  commandLabel,
  type MakerCheckerConfig,
  type Service,
  type ServiceListQuery,
  type ServiceType,
  type ServiceTypeListQuery,
  serviceCommands,
  type serviceResource,
  type serviceTypeResource,
} from '@loyalty/contracts';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { readAll } from '../../db/client.ts';
import {
  approvalRequests,
  approvalServices,
  makerCheckerConfig,
  permissions,
  serviceTypes,
} from '../../db/schema/index.ts';
import type { Actor } from '../../platform/access.ts';
import { arabicUnlessTranslated, missingTranslation } from '../../platform/bilingual.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import type { ServerModule } from '../../platform/module.ts';
import { findOrFail } from '../../platform/records.ts';

type ServiceTypeRow = typeof serviceTypes.$inferSelect;
type ServiceRow = typeof approvalServices.$inferSelect;
type ConfigRow = typeof makerCheckerConfig.$inferSelect;

export const toService = (row: ServiceRow): Service => isoDates(row);
export const toConfig = ({ id: _, ...row }: ConfigRow): MakerCheckerConfig => isoDates(row);

/** Arabic names of the areas the server has or will have; staff may rename them. */
const areaNamesAr: Record<string, string> = {
  approvals: 'الموافقات',
  logs: 'السجلات',
  loyalty: 'الولاء',
  rewards: 'المكافآت',
  customers: 'العملاء',
  identity: 'الموظفون والصلاحيات',
  security: 'الأمان',
  campaigns: 'الحملات',
  challenges: 'التحديات',
  messaging: 'الرسائل',
  alerts: 'التنبيهات',
  configuration: 'الإعدادات',
  content: 'محتوى التطبيق',
  reports: 'التقارير',
  analytics: 'التحليلات',
  integration: 'التكامل',
  webhooks: 'الويب هوك',
  replays: 'إعادة احتساب السجل',
  imports: 'الاستيراد',
  households: 'الأسر',
  referrals: 'الإحالات',
};
const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Every start: each server module is a service type (code = module name) and each of its
 * approvable commands a service. New ones are added, names staff edited are kept, services whose
 * command is gone are marked inactive (kept: requests refer to them).
 */
export async function ensureMakerCheckerServices(db: Db, modules: Pick<ServerModule, 'name' | 'handlers'>[]) {
  await db.transaction(async (tx) => {
    const areas = modules.filter((m) => m.handlers.some((h) => h.options.approvable !== false));
    if (areas.length === 0) return;
    await tx
      .insert(serviceTypes)
      .values(
        areas.map((m) => ({
          code: m.name,
          nameEn: titleCase(m.name),
          nameAr: areaNamesAr[m.name] ?? titleCase(m.name),
        })),
      )
      // An Arabic name still the English one (catalogued before it had Arabic) takes the Arabic;
      // names staff edited are kept.
      .onConflictDoUpdate({
        target: serviceTypes.code,
        set: {
          nameAr: arabicUnlessTranslated(serviceTypes.nameEn, serviceTypes.nameAr),
        },
      });
    const types = await tx
      .select({ id: serviceTypes.id, code: serviceTypes.code })
      .from(serviceTypes)
      .where(
        inArray(
          serviceTypes.code,
          areas.map((m) => m.name),
        ),
      );
    const typeId = new Map(types.map((t) => [t.code, t.id]));
    const services = areas.flatMap((m) =>
      m.handlers
        .filter((h) => h.options.approvable !== false)
        .map((h) => ({
          serviceId: h.def.name,
          serviceTypeId: typeId.get(m.name) as number,
          nameEn: h.def.summary,
          nameAr: commandLabel(h.def.name, 'ar'),
          descriptionEn: h.def.summary,
          descriptionAr: commandLabel(h.def.name, 'ar'),
          // Only when first catalogued: staff's later choice is kept (the conflict updates `active` only).
          approvalRequired: h.options.approvalByDefault === true,
        })),
    );
    await tx
      .insert(approvalServices)
      .values(services)
      .onConflictDoUpdate({
        target: approvalServices.serviceId,
        // Arabic names still the English summary (catalogued before they had Arabic) take the
        // Arabic; names staff edited are kept.
        set: {
          active: true,
          nameAr: arabicUnlessTranslated(approvalServices.nameEn, approvalServices.nameAr),
          descriptionAr: arabicUnlessTranslated(
            approvalServices.descriptionEn,
            approvalServices.descriptionAr,
          ),
        },
      });
    await tx
      .update(approvalServices)
      .set({ active: false })
      .where(
        and(
          eq(approvalServices.active, true),
          notInArray(
            approvalServices.serviceId,
            services.map((s) => s.serviceId),
          ),
        ),
      );
  });
}

export async function getConfig(db: Executor, forUpdate = false): Promise<ConfigRow> {
  const q = db.select().from(makerCheckerConfig).where(eq(makerCheckerConfig.id, 1));
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row) throw new Error('maker-checker settings row missing (migration 0006 adds it)');
  return row;
}

/** A checker holds the configured permission. */
export async function isChecker(actor: Actor, db: Executor, config?: ConfigRow) {
  return actor.permissions.has((config ?? (await getConfig(db))).checkerPermission);
}

/* ---------- service types ---------- */

const typeListSpec: ResourceListSpec<typeof serviceTypes, typeof serviceTypeResource> = {
  table: serviceTypes,
  sortable: { code: serviceTypes.code, nameEn: serviceTypes.nameEn, createdAt: serviceTypes.createdAt },
  defaultSort: { field: 'nameEn', direction: 'asc' },
  tieBreaker: serviceTypes.id,
  search: [serviceTypes.code, serviceTypes.nameEn, serviceTypes.nameAr],
  filters: {
    missingTranslation: missingTranslation(
      [serviceTypes.nameEn, serviceTypes.nameAr],
      [serviceTypes.descriptionEn, serviceTypes.descriptionAr],
    ),
  },
};

/** Services and pending requests per type, for a page of types: one grouped query. */
async function countsOf(db: Executor, typeIds: number[]) {
  if (typeIds.length === 0) return new Map<number, { services: number; pending: number }>();
  const rows = await db
    .select({
      typeId: approvalServices.serviceTypeId,
      services: sql<number>`count(distinct ${approvalServices.serviceId}) filter (where ${approvalServices.active})::int`,
      pending: sql<number>`count(${approvalRequests.id})::int`,
    })
    .from(approvalServices)
    .leftJoin(
      approvalRequests,
      and(eq(approvalRequests.serviceId, approvalServices.serviceId), eq(approvalRequests.status, 'PENDING')),
    )
    .where(inArray(approvalServices.serviceTypeId, typeIds))
    .groupBy(approvalServices.serviceTypeId);
  return new Map(rows.map((r) => [r.typeId, { services: r.services, pending: r.pending }]));
}

const withCounts = (rows: ServiceTypeRow[], counts: Awaited<ReturnType<typeof countsOf>>): ServiceType[] =>
  rows.map((row) => ({
    ...isoDates(row),
    serviceCount: counts.get(row.id)?.services ?? 0,
    pendingCount: counts.get(row.id)?.pending ?? 0,
  }));

export async function listServiceTypes(db: Executor, query: ServiceTypeListQuery) {
  const page = await listPage(db, typeListSpec, query, (row) => row);
  const counts = await countsOf(
    db,
    page.items.map((r) => r.id),
  );
  return { ...page, items: withCounts(page.items, counts) };
}

export async function getServiceTypeRow(db: Executor, id: number, forUpdate = false) {
  return findOrFail(db, serviceTypes, serviceTypes.id, id, 'Service type', forUpdate);
}

export async function getServiceType(db: Executor, id: number): Promise<ServiceType> {
  const row = await getServiceTypeRow(db, id);
  const [item] = withCounts([row], await countsOf(db, [id]));
  return item as ServiceType;
}

/* ---------- services ---------- */

const serviceListSpec: ResourceListSpec<typeof approvalServices, typeof serviceResource> = {
  table: approvalServices,
  sortable: {
    serviceId: approvalServices.serviceId,
    nameEn: approvalServices.nameEn,
    approvalRequired: approvalServices.approvalRequired,
  },
  defaultSort: { field: 'serviceId', direction: 'asc' },
  tieBreaker: approvalServices.serviceId,
  search: [approvalServices.serviceId, approvalServices.nameEn, approvalServices.nameAr],
  filters: {
    serviceTypeId: (id: number) => eq(approvalServices.serviceTypeId, id),
    approvalRequired: (v: boolean) => eq(approvalServices.approvalRequired, v),
    active: (v: boolean) => eq(approvalServices.active, v),
    missingTranslation: missingTranslation(
      [approvalServices.nameEn, approvalServices.nameAr],
      [approvalServices.descriptionEn, approvalServices.descriptionAr],
    ),
  },
};

export const listServices = (db: Executor, query: ServiceListQuery) =>
  listPage(db, serviceListSpec, query, toService);

export async function getServiceRow(db: Executor, serviceId: string, forUpdate = false) {
  return findOrFail(db, approvalServices, approvalServices.serviceId, serviceId, 'Service', forUpdate);
}

/** Everything the client's makerChecker slice holds (bounded by the number of commands). */
export async function catalog(db: Executor) {
  const [config, types, services] = await readAll(db, [
    () => getConfig(db),
    () => db.select().from(serviceTypes).orderBy(serviceTypes.nameEn, serviceTypes.id),
    () =>
      db
        .select()
        .from(approvalServices)
        .where(eq(approvalServices.active, true))
        .orderBy(approvalServices.serviceId),
  ]);
  const counts = await countsOf(
    db,
    types.map((t) => t.id),
  );
  return {
    config: toConfig(config),
    serviceTypes: withCounts(types, counts),
    services: services.map(toService),
  };
}

/* ---------- commands ---------- */

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', undefined, [{ path, message }]);

export const makerCheckerHandlers = [
  defineHandler(
    serviceCommands.createType,
    async ({ tx }, input) => {
      const [row] = (await tx.insert(serviceTypes).values(input).returning()) as [ServiceTypeRow];
      const item = withCounts([row], new Map())[0] as ServiceType;
      return { result: item, targetType: 'serviceType', targetId: row.id, after: isoDates(row) };
    },
    { recordKey: (input) => input.code },
  ),
  defineHandler(serviceCommands.updateType, async ({ tx }, { id, ...input }) => {
    const before = await getServiceTypeRow(tx, id, true);
    const [row] = (await tx
      .update(serviceTypes)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(serviceTypes.id, id))
      .returning()) as [ServiceTypeRow];
    const [item] = withCounts([row], await countsOf(tx, [id]));
    return {
      result: item,
      targetType: 'serviceType',
      targetId: id,
      before: isoDates(before),
      after: isoDates(row),
    };
  }),
  defineHandler(serviceCommands.update, async ({ tx }, { serviceId, ...input }) => {
    const before = await getServiceRow(tx, serviceId, true);
    await getServiceTypeRow(tx, input.serviceTypeId).catch(() => {
      throw invalid('serviceTypeId', 'Unknown service type');
    });
    const [row] = (await tx
      .update(approvalServices)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(approvalServices.serviceId, serviceId))
      .returning()) as [ServiceRow];
    return {
      result: toService(row),
      targetType: 'service',
      targetId: serviceId,
      before: toService(before),
      after: toService(row),
    };
  }),
  defineHandler(serviceCommands.configure, async ({ tx, actor, onBehalfOf }, { services = [], ...input }) => {
    const before = await getConfig(tx, true);
    const [permission] = await tx
      .select({ code: permissions.code })
      .from(permissions)
      .where(eq(permissions.code, input.checkerPermission));
    if (!permission) throw invalid('checkerPermission', 'Unknown permission');
    const ids = services.map((s) => s.serviceId);
    const current = ids.length
      ? await tx
          .select({
            serviceId: approvalServices.serviceId,
            approvalRequired: approvalServices.approvalRequired,
          })
          .from(approvalServices)
          .where(inArray(approvalServices.serviceId, ids))
          .orderBy(approvalServices.serviceId)
          .for('update')
      : [];
    const unknown = ids.find((id) => !current.some((c) => c.serviceId === id));
    if (unknown) throw invalid('services', `Unknown service ${unknown}`);

    const [row] = (await tx
      .update(makerCheckerConfig)
      .set({ ...input, updatedAt: sql`now()`, updatedBy: onBehalfOf?.username ?? actor.username })
      .where(eq(makerCheckerConfig.id, 1))
      .returning()) as [ConfigRow];
    for (const on of [true, false]) {
      const changed = services.filter((s) => s.approvalRequired === on).map((s) => s.serviceId);
      if (changed.length) {
        await tx
          .update(approvalServices)
          .set({ approvalRequired: on, updatedAt: sql`now()` })
          .where(inArray(approvalServices.serviceId, changed));
      }
    }
    const flags = (list: { serviceId: string; approvalRequired: boolean }[]) =>
      Object.fromEntries(list.map((s) => [s.serviceId, s.approvalRequired]));
    return {
      result: toConfig(row),
      targetType: 'makerChecker',
      targetId: 1,
      before: { ...toConfig(before), services: flags(current) },
      after: { ...toConfig(row), services: flags(services) },
    };
  }),
];
