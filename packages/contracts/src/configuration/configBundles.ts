import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { dbId, idInput, idSchema, queryBoolean, requiredText, text, timestamps } from '../common.ts';
import { recordStatus } from '../identity/users.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

/**
 * SystemConfigurations: bundles of typed configuration items. The system reads its tunables from
 * the seeded system bundles (docs/decisions/configuration.md); every change of an item keeps a
 * version, and a previous version can be restored. A secret item is write-only: its value is
 * sealed at rest and never answered (`value: null`, `hasValue`).
 */
export const configItemTypes = [
  'STRING',
  'INTEGER',
  'DECIMAL',
  'BOOLEAN',
  'DURATION',
  'ENUM',
  'JSON',
] as const;
export type ConfigItemType = (typeof configItemTypes)[number];

/** Keys are dotted lower-camel words: `loyalty.expiryMonths`. */
export const configKeyPattern = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)*$/;
/** A duration as ISO 8601 days and time: `P30D`, `PT15M`, `P1DT12H`. */
const durationPattern = /^P(?:(\d{1,6})D)?(?:T(?:(\d{1,6})H)?(?:(\d{1,6})M)?(?:(\d{1,6})S)?)?$/;

/** Seconds of an ISO 8601 duration (days and time only), or undefined when it is not one. */
export function durationSeconds(value: string): number | undefined {
  const m = durationPattern.exec(value);
  if (!m || value === 'P' || value.endsWith('T')) return undefined;
  const [, d, h, min, s] = m.map((x) => Number(x ?? 0));
  return (d ?? 0) * 86_400 + (h ?? 0) * 3600 + (min ?? 0) * 60 + (s ?? 0);
}

/** What a value must meet: numbers (and a duration's seconds, a string's length) within min…max, a pattern, the allowed values of an enum. */
export const configValidationSchema = z
  .object({
    min: z.number().min(-1e12).max(1e12).optional(),
    max: z.number().min(-1e12).max(1e12).optional(),
    pattern: text(200).optional(),
    allowed: z.array(requiredText('fillAllFields', 100)).max(50).optional(),
  })
  .refine((v) => v.min === undefined || v.max === undefined || v.min <= v.max, {
    path: ['max'],
    message: 'configMaxBelowMin',
  })
  .refine(
    (v) => {
      if (!v.pattern) return true;
      try {
        new RegExp(v.pattern);
        return true;
      } catch {
        return false;
      }
    },
    { path: ['pattern'], message: 'configPatternInvalid' },
  );
export type ConfigValidation = z.infer<typeof configValidationSchema>;

/** Any JSON value the database can store (no NUL, no lone surrogate; at most 20,000 characters as JSON). */
// Not z.json(): a recursive schema becomes a $ref the OpenAPI document does not hold.
export const configValueSchema = z
  .union([
    z.string().max(20_000),
    z.number(),
    z.boolean(),
    z.array(z.unknown()).max(1000),
    z.record(z.string().max(200), z.unknown()),
  ])
  .refine(
    (v) => {
      const s = JSON.stringify(v);
      return s.length <= 20_000 && !/\\u0000|[\uD800-\uDFFF]/u.test(s);
    },
    { message: 'configValueTooLarge' },
  );
export type ConfigValue = z.infer<typeof configValueSchema>;

/** Why a value does not suit an item: the stable error code and the message key. */
export interface ConfigValueProblem {
  code: 'CONFIG_VALUE_TYPE' | 'CONFIG_VALUE_OUT_OF_RANGE' | 'CONFIG_VALUE_NOT_ALLOWED';
  message: string;
}

const typeProblem = (type: ConfigItemType): ConfigValueProblem => ({
  code: 'CONFIG_VALUE_TYPE',
  message: `configValueType.${type}`,
});
const range = (n: number, v: ConfigValidation): ConfigValueProblem | undefined =>
  (v.min !== undefined && n < v.min) || (v.max !== undefined && n > v.max)
    ? { code: 'CONFIG_VALUE_OUT_OF_RANGE', message: 'configValueOutOfRange' }
    : undefined;

/**
 * Checks a value against an item's type and validation — the one check, used by the server
 * before anything is saved and by the form as the user types.
 */
export function checkConfigValue(
  item: { type: ConfigItemType; validation: ConfigValidation },
  value: unknown,
): ConfigValueProblem | undefined {
  const v = item.validation;
  switch (item.type) {
    case 'STRING': {
      if (typeof value !== 'string') return typeProblem(item.type);
      if (v.pattern && !new RegExp(`^(?:${v.pattern})$`, 'u').test(value))
        return { code: 'CONFIG_VALUE_OUT_OF_RANGE', message: 'configValuePattern' };
      return range(value.length, v);
    }
    case 'INTEGER':
      return typeof value === 'number' && Number.isSafeInteger(value)
        ? range(value, v)
        : typeProblem(item.type);
    case 'DECIMAL':
      return typeof value === 'number' && Number.isFinite(value) ? range(value, v) : typeProblem(item.type);
    case 'BOOLEAN':
      return typeof value === 'boolean' ? undefined : typeProblem(item.type);
    case 'DURATION': {
      const seconds = typeof value === 'string' ? durationSeconds(value) : undefined;
      return seconds === undefined ? typeProblem(item.type) : range(seconds, v);
    }
    case 'ENUM':
      if (typeof value !== 'string') return typeProblem(item.type);
      return v.allowed?.includes(value)
        ? undefined
        : { code: 'CONFIG_VALUE_NOT_ALLOWED', message: 'configValueNotAllowed' };
    case 'JSON':
      return value !== null && typeof value === 'object' ? undefined : typeProblem(item.type);
  }
}

// ————— bundles —————

export const configBundleFields = z.object({
  code: z
    .string({ error: 'fillAllFields' })
    .trim()
    .regex(/^[a-z][a-zA-Z0-9]{0,39}$/, { error: 'configCodeInvalid' }),
  nameEn: requiredText('fillAllFields', 100),
  nameAr: requiredText('fillAllFields', 100),
  descriptionEn: text(1000).default(''),
  descriptionAr: text(1000).default(''),
  status: recordStatus,
});
export type ConfigBundleInput = z.input<typeof configBundleFields>;
export const configBundleUpdateInput = configBundleFields.omit({ code: true }).extend(idInput.shape);

export const configBundleSchema = configBundleFields.extend({
  id: z.number().int(),
  /** Seeded by the system: its items are the system's tunables; it cannot be deleted. */
  system: z.boolean(),
  itemCount: z.number().int(),
  ...timestamps,
});
export type ConfigBundle = z.infer<typeof configBundleSchema>;

export const configBundleSortFields = ['nameEn', 'code', 'updatedAt'] as const;
export const configBundleListQuery = listQuerySchema(configBundleSortFields, {
  status: recordStatus.optional(),
  system: queryBoolean.optional(),
});
export type ConfigBundleListQuery = z.output<typeof configBundleListQuery>;
export const configBundlePage = pageSchema(configBundleSchema);

export const configBundleCommands = {
  create: command('configBundle.create', configBundleFields, 'Create a configuration bundle'),
  update: command('configBundle.update', configBundleUpdateInput, 'Change a configuration bundle'),
  delete: command('configBundle.delete', idInput, 'Delete a configuration bundle that is not a system one'),
};
export const configBundleRead: ReadPermission = {
  code: 'configBundle.read',
  summary: 'View configuration bundles, their items and their history',
};

export const configBundleResource = defineResource({
  name: 'config-bundles',
  area: 'configuration',
  tag: 'Configuration: system bundles',
  item: configBundleSchema,
  page: configBundlePage,
  query: configBundleListQuery,
  sortFields: configBundleSortFields,
  read: configBundleRead,
  commands: configBundleCommands,
  screens: {
    list: { path: 'SystemConfigurations', label: 'systemConfigurations' },
    create: { path: 'SystemConfigurations/CreateBundle', label: 'createBundle' },
    edit: { path: 'SystemConfigurations/EditBundle/:id', label: 'editBundle' },
    view: { path: 'SystemConfigurations/Bundle/:id', label: 'viewBundle' },
  },
  menu: { group: 'configuration' },
});

// ————— items —————

const itemText = {
  descriptionEn: text(1000).default(''),
  descriptionAr: text(1000).default(''),
  validation: configValidationSchema.default({}),
};

export const configItemFields = z.object({
  bundleId: dbId,
  key: z
    .string({ error: 'fillAllFields' })
    .trim()
    .max(100)
    .regex(configKeyPattern, { error: 'configKeyInvalid' }),
  type: z.enum(configItemTypes, { error: 'fillAllFields' }),
  /** For a secret, the route seals it before the command sees it, so no log or audit holds it. */
  value: configValueSchema,
  secret: z.boolean().default(false),
  ...itemText,
});
export type ConfigItemInput = z.input<typeof configItemFields>;
/** Key, type and secret flag are fixed once created; a secret's value may be left out to keep it. */
export const configItemUpdateInput = z.object({
  id: idSchema,
  value: configValueSchema.optional(),
  ...itemText,
});
export type ConfigItemUpdateInput = z.input<typeof configItemUpdateInput>;
export const configItemRestoreInput = z.object({
  id: idSchema,
  version: z.number().int().min(1).max(1_000_000),
});

export const configItemSchema = z.object({
  id: z.number().int(),
  bundleId: z.number().int(),
  bundleCode: z.string(),
  key: z.string(),
  type: z.enum(configItemTypes),
  /** Null for a secret (never answered). */
  value: configValueSchema.nullable(),
  secret: z.boolean(),
  hasValue: z.boolean(),
  descriptionEn: z.string(),
  descriptionAr: z.string(),
  validation: configValidationSchema,
  /** A system tunable: read by the system, cannot be deleted, its validation is fixed. */
  system: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type ConfigItem = z.infer<typeof configItemSchema>;

export const configItemVersionSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  key: z.string(),
  version: z.number().int(),
  /** Null for a secret. */
  value: configValueSchema.nullable(),
  secret: z.boolean(),
  changedBy: z.string().nullable(),
  /** What made it: `configItem.update`, `configItem.restore`, or the screen that owns the setting. */
  source: z.string(),
  changedAt: z.string(),
});
export type ConfigItemVersion = z.infer<typeof configItemVersionSchema>;

export const configItemCommands = {
  create: command('configItem.create', configItemFields, 'Add an item to a configuration bundle'),
  update: command(
    'configItem.update',
    configItemUpdateInput,
    'Change a configuration item (keeps a version)',
  ),
  restore: command('configItem.restore', configItemRestoreInput, 'Restore a previous version of an item'),
  delete: command('configItem.delete', idInput, 'Delete a configuration item that is not a system tunable'),
};

export const configBundlesCatalogue = {
  commands: [...Object.values(configBundleCommands), ...Object.values(configItemCommands)],
  reads: [configBundleRead],
};

/** The screens of a bundle's items (the bundle's own are in its descriptor). */
export const configItemScreens = {
  configure: 'SystemConfigurations/ConfigureBundle/:id',
  edit: 'SystemConfigurations/ConfigureBundle/EditConfiguration/:id',
};
