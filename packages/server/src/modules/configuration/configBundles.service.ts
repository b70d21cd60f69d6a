import {
  type ConfigBundle,
  type ConfigBundleListQuery,
  type ConfigItem,
  type ConfigItemVersion,
  type ConfigValidation,
  type ConfigValue,
  checkConfigValue,
  configBundleCommands,
  type configBundleResource,
  configItemCommands,
} from '@loyalty/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { configBundles, configItems, configItemVersions, users } from '../../db/schema/index.ts';
import { type CommandContext, defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';
import { isSealed, seal, unseal } from '../../platform/secrets.ts';
import { changedBy } from '../../platform/settings/history.ts';
import { tunableByKey } from '../../platform/settings/registry.ts';
import { invalidateTunables } from '../../platform/settings/values.ts';

type BundleRow = typeof configBundles.$inferSelect;
type ItemRow = typeof configItems.$inferSelect;

// ————— bundles —————

const bundleList: ResourceListSpec<typeof configBundles, typeof configBundleResource> = {
  table: configBundles,
  sortable: { nameEn: configBundles.nameEn, code: configBundles.code, updatedAt: configBundles.updatedAt },
  defaultSort: { field: 'nameEn', direction: 'asc' },
  tieBreaker: configBundles.id,
  search: [configBundles.nameEn, configBundles.nameAr, configBundles.code],
  filters: {
    status: (v: BundleRow['status']) => eq(configBundles.status, v),
    system: (v: boolean) => eq(configBundles.system, v),
  },
};

const itemCount = sql<number>`(select count(*)::int from config_items i where i.bundle_id = ${configBundles.id})`;
const toBundle = (row: BundleRow, count: number): ConfigBundle => ({ ...isoDates(row), itemCount: count });

export async function listConfigBundles(db: Executor, query: ConfigBundleListQuery) {
  const page = await listPage(db, bundleList, query, (r: BundleRow) => r);
  const counts = new Map<number, number>();
  if (page.items.length) {
    const rows = await db
      .select({ id: configItems.bundleId, n: sql<number>`count(*)::int` })
      .from(configItems)
      .where(
        inArray(
          configItems.bundleId,
          page.items.map((b) => b.id),
        ),
      )
      .groupBy(configItems.bundleId);
    for (const r of rows) counts.set(r.id, r.n);
  }
  return { ...page, items: page.items.map((b) => toBundle(b, counts.get(b.id) ?? 0)) };
}

const bundleRow = (db: Executor, id: number, forUpdate = false) =>
  findOrFail(db, configBundles, configBundles.id, id, 'Configuration bundle', forUpdate);

export async function getConfigBundle(db: Executor, id: number): Promise<ConfigBundle> {
  const [row] = await db
    .select({ b: configBundles, n: itemCount })
    .from(configBundles)
    .where(eq(configBundles.id, id));
  if (!row) return toBundle(await bundleRow(db, id), 0);
  return toBundle(row.b, row.n);
}

// ————— items —————

const secretOf = (row: Pick<ItemRow, 'secret' | 'secretValue'>) => row.secret && row.secretValue != null;

/** An item as answered: a secret's value never; a bound item's from the column that holds it. */
async function toItem(db: Executor, row: ItemRow, bundleCode: string): Promise<ConfigItem> {
  const binding = row.binding ? tunableByKey(row.binding)?.binding : undefined;
  return {
    id: row.id,
    bundleId: row.bundleId,
    bundleCode,
    key: row.key,
    type: row.type,
    value: row.secret ? null : binding ? await binding.read(db) : (row.value as ConfigValue),
    secret: row.secret,
    hasValue: row.secret ? secretOf(row) : true,
    descriptionEn: row.descriptionEn,
    descriptionAr: row.descriptionAr,
    validation: row.validation as ConfigValidation,
    system: row.system,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listBundleItems(db: Executor, bundleId: number): Promise<ConfigItem[]> {
  const bundle = await bundleRow(db, bundleId);
  const rows = await db
    .select()
    .from(configItems)
    .where(eq(configItems.bundleId, bundleId))
    .orderBy(configItems.key);
  const items: ConfigItem[] = [];
  // One after the other: `db` may be a transaction (a bound item reads its own column).
  for (const r of rows) items.push(await toItem(db, r, bundle.code));
  return items;
}

const itemRow = (db: Executor, id: number, forUpdate = false) =>
  findOrFail(db, configItems, configItems.id, id, 'Configuration item', forUpdate);

export async function getConfigItem(db: Executor, id: number): Promise<ConfigItem> {
  const row = await itemRow(db, id);
  return toItem(db, row, (await bundleRow(db, row.bundleId)).code);
}

/** What an item holds now, a secret included (for comparisons, never answered). */
async function currentValue(db: Executor, row: ItemRow): Promise<ConfigValue | null> {
  const binding = row.binding ? tunableByKey(row.binding)?.binding : undefined;
  if (row.secret) return row.secretValue as ConfigValue | null;
  return binding ? binding.read(db) : (row.value as ConfigValue);
}

/** Whether item `id` is a secret (the route seals a secret's new value before the command sees it). */
export async function isSecretItem(db: Executor, id: number) {
  const [row] = await db
    .select({ secret: configItems.secret })
    .from(configItems)
    .where(eq(configItems.id, id));
  return row?.secret ?? false;
}

/** A secret as the route hands it to the command: sealed, so no audit entry or stored request holds it. */
export const sealValue = (value: ConfigValue): string => seal(JSON.stringify(value));
const openValue = (value: ConfigValue): ConfigValue =>
  typeof value === 'string' && isSealed(value) ? (JSON.parse(unseal(value)) as ConfigValue) : value;

export async function listBundleVersions(db: Executor, bundleId: number): Promise<ConfigItemVersion[]> {
  await bundleRow(db, bundleId);
  const rows = await db
    .select({
      id: configItemVersions.id,
      itemId: configItemVersions.itemId,
      key: configItems.key,
      version: configItemVersions.version,
      value: configItemVersions.value,
      secret: configItems.secret,
      changedBy: users.username,
      source: configItemVersions.source,
      changedAt: configItemVersions.changedAt,
    })
    .from(configItemVersions)
    .innerJoin(configItems, eq(configItems.id, configItemVersions.itemId))
    .leftJoin(users, eq(users.id, configItemVersions.changedBy))
    .where(eq(configItems.bundleId, bundleId))
    .orderBy(desc(configItemVersions.changedAt), desc(configItemVersions.id))
    .limit(500);
  return rows.map((r) => ({
    ...r,
    value: r.secret ? null : (r.value as ConfigValue),
    changedAt: r.changedAt.toISOString(),
  }));
}

function refuseValue(row: Pick<ItemRow, 'key' | 'type' | 'validation'>, value: ConfigValue) {
  const problem = checkConfigValue({ type: row.type, validation: row.validation as ConfigValidation }, value);
  if (problem) {
    throw new AppError(problem.code, `The value does not suit ${row.key}`, [
      { path: 'value', message: problem.message },
    ]);
  }
}

/** Stores an item's new value where it lives, keeps it as the next version, drops the caches. */
async function setValue(ctx: CommandContext, row: ItemRow, value: ConfigValue, source: string) {
  refuseValue(row, value);
  const binding = row.binding ? tunableByKey(row.binding)?.binding : undefined;
  if (binding) await binding.write(ctx.tx, value);
  const version = row.version + 1;
  const [next] = (await ctx.tx
    .update(configItems)
    .set({
      ...(row.secret ? { secretValue: value } : { value: binding ? null : value }),
      version,
      updatedAt: sql`now()`,
    })
    .where(eq(configItems.id, row.id))
    .returning()) as [ItemRow];
  await ctx.tx.insert(configItemVersions).values({
    itemId: row.id,
    version,
    ...(row.secret ? { secretValue: value } : { value }),
    changedBy: changedBy(ctx),
    source,
  });
  await invalidateTunables(ctx.tx);
  return next;
}

const itemAudit = async (ctx: CommandContext, row: ItemRow) =>
  toItem(ctx.tx, row, (await bundleRow(ctx.tx, row.bundleId)).code);

export const configBundleHandlers = [
  defineHandler(
    configBundleCommands.create,
    async ({ tx }, input) => {
      const [taken] = await tx.select().from(configBundles).where(eq(configBundles.code, input.code));
      if (taken) throw new AppError('CONFLICT', `A bundle with the code ${input.code} exists`);
      const [row] = (await tx.insert(configBundles).values(input).returning()) as [BundleRow];
      const after = toBundle(row, 0);
      return { result: after, targetType: 'configBundle', targetId: row.id, after };
    },
    { recordKey: (input) => input.code },
  ),
  defineHandler(configBundleCommands.update, async ({ tx }, { id, ...input }) => {
    const before = await getConfigBundle(tx, id);
    await bundleRow(tx, id, true);
    if (before.system && input.status !== 'ACTIVE') {
      throw new AppError('SYSTEM_RECORD', 'A system bundle holds the system’s tunables: it stays active');
    }
    await tx
      .update(configBundles)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(configBundles.id, id));
    const after = await getConfigBundle(tx, id);
    return { result: after, targetType: 'configBundle', targetId: id, before, after };
  }),
  defineHandler(configBundleCommands.delete, async ({ tx }, { id }) => {
    const before = await getConfigBundle(tx, id);
    await bundleRow(tx, id, true);
    if (before.system) throw new AppError('SYSTEM_RECORD', 'A system bundle cannot be deleted');
    await tx.delete(configBundles).where(eq(configBundles.id, id));
    await invalidateTunables(tx);
    return { result: undefined, targetType: 'configBundle', targetId: id, before };
  }),

  defineHandler(
    configItemCommands.create,
    async (ctx, input) => {
      const { tx } = ctx;
      const bundle = await bundleRow(tx, input.bundleId, true);
      const [taken] = await tx
        .select({ id: configItems.id })
        .from(configItems)
        .where(eq(configItems.key, input.key));
      if (taken) {
        throw new AppError('CONFIG_KEY_TAKEN', `The key ${input.key} is taken`, [
          { path: 'key', message: 'configKeyTaken' },
        ]);
      }
      if (input.type === 'ENUM' && !input.validation.allowed?.length) {
        throw new AppError('VALIDATION_FAILED', 'An enum needs its allowed values', [
          { path: 'validation.allowed', message: 'configAllowedRequired' },
        ]);
      }
      const value = input.secret ? openValue(input.value) : input.value;
      refuseValue(input, value);
      const [row] = (await tx
        .insert(configItems)
        .values({
          ...input,
          value: input.secret ? null : value,
          secretValue: input.secret ? value : null,
          version: 1,
        })
        .returning()) as [ItemRow];
      await tx.insert(configItemVersions).values({
        itemId: row.id,
        version: 1,
        ...(input.secret ? { secretValue: value } : { value }),
        changedBy: changedBy(ctx),
        source: configItemCommands.create.name,
      });
      await invalidateTunables(ctx.tx);
      const after = await toItem(tx, row, bundle.code);
      return { result: after, targetType: 'configItem', targetId: row.id, after };
    },
    { recordKey: (input) => input.key },
  ),
  defineHandler(configItemCommands.update, async (ctx, { id, value, ...input }) => {
    let row = await itemRow(ctx.tx, id, true);
    const before = await itemAudit(ctx, row);
    // A system tunable's validation is the system's: only its value and descriptions change.
    const validation = row.system ? row.validation : input.validation;
    if (row.type === 'ENUM' && !(validation as ConfigValidation).allowed?.length) {
      throw new AppError('VALIDATION_FAILED', 'An enum needs its allowed values', [
        { path: 'validation.allowed', message: 'configAllowedRequired' },
      ]);
    }
    [row] = (await ctx.tx
      .update(configItems)
      .set({ descriptionEn: input.descriptionEn, descriptionAr: input.descriptionAr, validation })
      .where(eq(configItems.id, id))
      .returning()) as [ItemRow];
    const next = value === undefined ? undefined : row.secret ? openValue(value) : value;
    // An unchanged value (a description edited) is no new version.
    if (next !== undefined && JSON.stringify(next) !== JSON.stringify(await currentValue(ctx.tx, row))) {
      row = await setValue(ctx, row, next, configItemCommands.update.name);
    } else if (!row.secret) {
      // New validation must still admit the value kept.
      refuseValue(row, (await itemAudit(ctx, row)).value as ConfigValue);
    }
    const after = await itemAudit(ctx, row);
    return { result: after, targetType: 'configItem', targetId: id, before, after };
  }),
  defineHandler(configItemCommands.restore, async (ctx, { id, version }) => {
    const row = await itemRow(ctx.tx, id, true);
    const before = await itemAudit(ctx, row);
    const [old] = await ctx.tx
      .select()
      .from(configItemVersions)
      .where(and(eq(configItemVersions.itemId, id), eq(configItemVersions.version, version)));
    if (!old) throw new AppError('NOT_FOUND', `Version ${version} of ${row.key} not found`);
    const value = (row.secret ? old.secretValue : old.value) as ConfigValue;
    const after = await itemAudit(ctx, await setValue(ctx, row, value, configItemCommands.restore.name));
    return { result: after, targetType: 'configItem', targetId: id, before, after };
  }),
  defineHandler(configItemCommands.delete, async (ctx, { id }) => {
    const row = await itemRow(ctx.tx, id, true);
    if (row.system) throw new AppError('SYSTEM_RECORD', 'A system tunable cannot be deleted');
    const before = await itemAudit(ctx, row);
    await ctx.tx.delete(configItems).where(eq(configItems.id, id));
    await invalidateTunables(ctx.tx);
    return { result: undefined, targetType: 'configItem', targetId: id, before };
  }),
];
