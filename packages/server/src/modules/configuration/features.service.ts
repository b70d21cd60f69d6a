import {
  type Channel,
  type ChannelFeatures,
  channels,
  customerPermissionTexts,
  type Feature,
  type FeatureListQuery,
  featureCommands,
  type featureResource,
} from '@loyalty/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customerPermissions, featureChannels } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { snapshot } from '../../platform/snapshot.ts';

type Row = typeof customerPermissions.$inferSelect;

/** A feature's state as the integration API decides with it. */
interface FeatureState {
  name: string;
  active: boolean;
  off: ReadonlySet<Channel>;
}

async function load(db: Executor): Promise<Map<string, FeatureState>> {
  const rows = await db
    .select({
      code: customerPermissions.code,
      name: customerPermissions.name,
      status: customerPermissions.status,
      off: sql<
        Channel[]
      >`coalesce(array_agg(${featureChannels.channel}) filter (where not ${featureChannels.enabled}), '{}')`,
    })
    .from(customerPermissions)
    .leftJoin(featureChannels, eq(featureChannels.featureId, customerPermissions.id))
    .groupBy(customerPermissions.id);
  return new Map(
    rows.map((r) => [r.code, { name: r.name, active: r.status === 'ACTIVE', off: new Set(r.off) }]),
  );
}

/** Every feature's switches, in memory: `assertFeature` costs no query on a call of the integration API. */
const features = snapshot(['configuration'], load);

/** Called by every write to features and customer permissions (one concept: see decisions). */
export const invalidateFeatures = (db: Executor) => features.invalidate(db);

const isOn = (state: FeatureState | undefined, channel: Channel) =>
  state?.active === true && !state.off.has(channel);

/**
 * For the integration API: refuses (403 FEATURE_DISABLED) a call whose customer-app feature is
 * unknown, switched off, or switched off for the calling key's channel.
 */
export async function assertFeature(db: Executor, code: string, channel: Channel) {
  const state = (await features.get(db)).get(code);
  if (!isOn(state, channel)) {
    throw new AppError(
      'FEATURE_DISABLED',
      `The feature "${code}" is switched off for the ${channel} channel`,
    );
  }
}

/** `GET /api/integration/v1/features`: what the app may show on the key's channel. */
export async function channelFeatureList(db: Executor, channel: Channel): Promise<ChannelFeatures> {
  const all = await features.get(db);
  return {
    channel,
    features: [...all]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, state]) => ({ code, name: state.name, enabled: isOn(state, channel) })),
  };
}

const listSpec: ResourceListSpec<typeof customerPermissions, typeof featureResource> = {
  table: customerPermissions,
  sortable: {
    code: customerPermissions.code,
    name: customerPermissions.name,
    updatedAt: customerPermissions.updatedAt,
  },
  defaultSort: { field: 'code', direction: 'asc' },
  tieBreaker: customerPermissions.id,
  search: [customerPermissions.code, customerPermissions.name, customerPermissions.description],
  filters: { status: (v: Row['status']) => eq(customerPermissions.status, v) },
};

/** The channels switched off, for each of these features: one query for a page. */
async function offChannels(db: Executor, ids: number[]): Promise<Map<number, Set<Channel>>> {
  const off = new Map<number, Set<Channel>>();
  if (ids.length === 0) return off;
  const rows = await db
    .select({ featureId: featureChannels.featureId, channel: featureChannels.channel })
    .from(featureChannels)
    .where(and(inArray(featureChannels.featureId, ids), eq(featureChannels.enabled, false)));
  for (const r of rows) off.set(r.featureId, (off.get(r.featureId) ?? new Set()).add(r.channel));
  return off;
}

const toFeature = (row: Row, off: ReadonlySet<Channel> = new Set()): Feature => ({
  id: row.id,
  code: row.code,
  ...customerPermissionTexts(row),
  status: row.status,
  system: row.system,
  channels: channels.filter((c) => !off.has(c)),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listFeatures(db: Executor, query: FeatureListQuery) {
  const page = await listPage(db, listSpec, query, (row) => row);
  const off = await offChannels(
    db,
    page.items.map((r) => r.id),
  );
  return { ...page, items: page.items.map((r) => toFeature(r, off.get(r.id))) };
}

async function featureOf(db: Executor, id: number, forUpdate = false): Promise<Feature> {
  const row = await findOrFail(db, customerPermissions, customerPermissions.id, id, 'Feature', forUpdate);
  return toFeature(row, (await offChannels(db, [id])).get(id));
}

export const getFeature = (db: Executor, id: number) => featureOf(db, id);

export const featureHandlers = [
  defineHandler(featureCommands.update, async ({ tx }, { id, status, channels: on }) => {
    const before = await featureOf(tx, id, true);
    const enabled = new Set(on);
    await tx
      .update(customerPermissions)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(customerPermissions.id, id));
    await tx
      .insert(featureChannels)
      .values(channels.map((channel) => ({ featureId: id, channel, enabled: enabled.has(channel) })))
      .onConflictDoUpdate({
        target: [featureChannels.featureId, featureChannels.channel],
        set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
      });
    await invalidateFeatures(tx);
    const after = await featureOf(tx, id);
    return { result: after, targetType: 'feature', targetId: id, before, after };
  }),
];
