import {
  type Channel,
  type ServiceCode,
  type ServiceDefinition,
  type ServiceDefinitionListQuery,
  serviceDefinitionCommands,
  type serviceDefinitionResource,
} from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import { type Executor, rowsOf, type Tx } from '../../db/client.ts';
import { serviceDefinitions, serviceUsage } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { snapshot } from '../../platform/snapshot.ts';

/** A service's limits per customer per day: calls and points, null for none. */
export interface DailyLimit {
  count: number | null;
  points: number | null;
}

type Row = typeof serviceDefinitions.$inferSelect;
const toDefinition = (row: Row): ServiceDefinition => isoDates(row);

/** A service's definition as the integration API decides with it. */
interface Rule {
  active: boolean;
  channels: ReadonlySet<Channel>;
  limit: DailyLimit | undefined;
}

const rules = snapshot(['configuration'], async (db: Executor): Promise<Map<ServiceCode, Rule>> => {
  const rows = await db.select().from(serviceDefinitions);
  return new Map(
    rows.map((r) => [
      r.service,
      {
        active: r.status === 'ACTIVE',
        channels: new Set(r.channels),
        limit:
          r.dailyCountLimit === null && r.dailyPointsLimit === null
            ? undefined
            : { count: r.dailyCountLimit, points: r.dailyPointsLimit },
      },
    ]),
  );
});

/**
 * For the integration API (no query: the definitions are in memory): refuses (403
 * SERVICE_NOT_ALLOWED) a service whose definition is DISABLED or does not name the key's channel.
 * A service without a definition is open.
 */
export async function assertServiceAllowed(db: Executor, service: ServiceCode, channel: Channel) {
  const rule = (await rules.get(db)).get(service);
  if (rule && (!rule.active || !rule.channels.has(channel))) {
    throw new AppError('SERVICE_NOT_ALLOWED', `The ${channel} channel may not use the ${service} service`);
  }
}

/** The service's limits per customer per day, or undefined when it has none. */
export async function serviceLimit(db: Executor, service: ServiceCode): Promise<DailyLimit | undefined> {
  return (await rules.get(db)).get(service)?.limit;
}

/**
 * Counts one use of a limited service by a customer today (UTC), with the points it moves, in the
 * caller's transaction: one atomic statement that counts up only within the limits, so two calls
 * at once cannot both take the last one. Refuses 409 LIMIT_EXCEEDED (the transaction then rolls
 * back what the call did).
 */
export async function countUse(
  tx: Tx,
  service: ServiceCode,
  customerId: number,
  points: number,
  limit: DailyLimit,
) {
  const refuse = () =>
    new AppError(
      'LIMIT_EXCEEDED',
      `The customer has reached today's limit of the ${service} service` +
        (limit.count !== null ? ` (${limit.count} a day)` : '') +
        (limit.points !== null ? ` (${limit.points} points a day)` : ''),
    );
  if (limit.points !== null && points > limit.points) throw refuse();
  const counted = rowsOf<{ count: number }>(
    await tx.execute(sql`
      insert into ${serviceUsage} as u (customer_id, service, day, count, points)
      values (${customerId}, ${service}, (now() at time zone 'UTC')::date, 1, ${points})
      on conflict (customer_id, service, day) do update
        set count = u.count + 1, points = u.points + excluded.points
        where (${limit.count}::integer is null or u.count < ${limit.count}::integer)
          and (${limit.points}::integer is null or u.points + excluded.points <= ${limit.points}::integer)
      returning u.count`),
  );
  if (counted.length === 0) throw refuse();
}

/** Usage rows of days before yesterday are of no further use: the purge job removes them. */
export async function purgeUsage(db: Executor): Promise<number> {
  const deleted = await db
    .delete(serviceUsage)
    .where(sql`${serviceUsage.day} < (now() at time zone 'UTC')::date - 1`)
    .returning({ day: serviceUsage.day });
  return deleted.length;
}

const listSpec: ResourceListSpec<typeof serviceDefinitions, typeof serviceDefinitionResource> = {
  table: serviceDefinitions,
  sortable: {
    service: serviceDefinitions.service,
    nameEn: serviceDefinitions.nameEn,
    updatedAt: serviceDefinitions.updatedAt,
  },
  defaultSort: { field: 'service', direction: 'asc' },
  tieBreaker: serviceDefinitions.id,
  search: [
    serviceDefinitions.service,
    serviceDefinitions.nameEn,
    serviceDefinitions.nameAr,
    serviceDefinitions.description,
    serviceDefinitions.descriptionAr,
  ],
  filters: { status: (v: Row['status']) => eq(serviceDefinitions.status, v) },
};

export const listServiceDefinitions = (db: Executor, query: ServiceDefinitionListQuery) =>
  listPage(db, listSpec, query, toDefinition);

const getRow = (db: Executor, id: number, forUpdate = false) =>
  findOrFail(db, serviceDefinitions, serviceDefinitions.id, id, 'Service definition', forUpdate);

export const getServiceDefinition = async (db: Executor, id: number) => toDefinition(await getRow(db, id));

const unique = <T>(list: T[]) => [...new Set(list)];

export const serviceDefinitionHandlers = [
  defineHandler(
    serviceDefinitionCommands.create,
    async ({ tx }, input) => {
      const [row] = (await tx
        .insert(serviceDefinitions)
        .values({ ...input, channels: unique(input.channels) })
        .returning()) as [Row];
      await rules.invalidate(tx);
      const after = toDefinition(row);
      return { result: after, targetType: 'serviceDefinition', targetId: row.id, after };
    },
    { recordKey: (input) => input.service },
  ),
  defineHandler(serviceDefinitionCommands.update, async ({ tx }, { id, ...input }) => {
    const before = toDefinition(await getRow(tx, id, true));
    const [row] = (await tx
      .update(serviceDefinitions)
      .set({ ...input, channels: unique(input.channels), updatedAt: sql`now()` })
      .where(eq(serviceDefinitions.id, id))
      .returning()) as [Row];
    await rules.invalidate(tx);
    const after = toDefinition(row);
    return { result: after, targetType: 'serviceDefinition', targetId: id, before, after };
  }),
  defineHandler(serviceDefinitionCommands.delete, async ({ tx }, { id }) => {
    const before = toDefinition(await getRow(tx, id, true));
    await tx.delete(serviceDefinitions).where(eq(serviceDefinitions.id, id));
    await rules.invalidate(tx);
    return { result: undefined, targetType: 'serviceDefinition', targetId: id, before };
  }),
];
