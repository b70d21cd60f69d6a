import { z } from 'zod';
import { missingTranslationFilter } from '../bilingual.ts';
import { command, type ReadPermission } from '../commands.ts';
import { INT32_MAX, idInput, idSchema, queryBoolean, requiredText, text, timestamps } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

/**
 * Maker-checker services and their types. Every command of the server is a service
 * (serviceId = command name); services are grouped into service types (one per area at first).
 * Names and descriptions are kept in English and Arabic and staff may edit them.
 */
const bilingual = {
  nameEn: requiredText('fillAllFields', 100),
  nameAr: requiredText('fillAllFields', 100),
  descriptionEn: text(500).default(''),
  descriptionAr: text(500).default(''),
};

export const serviceTypeBilingual = z.object(bilingual);

export const serviceTypeFields = z.object({
  code: z
    .string({ error: 'fillAllFields' })
    .trim()
    .min(1, { error: 'fillAllFields' })
    .max(50)
    .regex(/^[a-z][a-zA-Z0-9_-]*$/, 'Letters, digits, - and _; starts with a lower-case letter'),
  ...bilingual,
});
export type ServiceTypeInput = z.input<typeof serviceTypeFields>;

export const serviceTypeSchema = serviceTypeFields.extend({
  id: z.number().int(),
  serviceCount: z.number().int(),
  pendingCount: z.number().int().describe('Pending requests on services of this type'),
  ...timestamps,
});
export type ServiceType = z.infer<typeof serviceTypeSchema>;

export const serviceTypeSortFields = ['code', 'nameEn', 'createdAt'] as const;
export const serviceTypeListQuery = listQuerySchema(serviceTypeSortFields, {
  missingTranslation: missingTranslationFilter,
});
export type ServiceTypeListQuery = z.output<typeof serviceTypeListQuery>;
export const serviceTypePage = pageSchema(serviceTypeSchema);

export const serviceFields = z.object({
  serviceTypeId: z.number({ error: 'fillAllFields' }).int().positive().max(INT32_MAX),
  ...bilingual,
  approvalRequired: z.boolean().describe('Writes on this service wait for a checker'),
});

export const serviceSchema = serviceFields.extend({
  serviceId: z.string().describe('The command name, e.g. tier.create'),
  active: z.boolean().describe('False when the server no longer has this command'),
  ...timestamps,
});
export type Service = z.infer<typeof serviceSchema>;

export const serviceSortFields = ['serviceId', 'nameEn', 'approvalRequired'] as const;
export const serviceListQuery = listQuerySchema(serviceSortFields, {
  serviceTypeId: idSchema.optional(),
  approvalRequired: queryBoolean.optional(),
  active: queryBoolean.optional(),
  missingTranslation: missingTranslationFilter,
});
export type ServiceListQuery = z.output<typeof serviceListQuery>;
export const servicePage = pageSchema(serviceSchema);

export const serviceIdParams = z.object({ serviceId: text(100).min(1) });
export const serviceUpdateInput = serviceFields.extend(serviceIdParams.shape);

/** Global maker-checker settings (one row). */
export const makerCheckerFields = z.object({
  enabled: z.boolean().describe('Global switch: off lets every write through at once'),
  allowSelfApproval: z.boolean().describe('Whether a maker may check their own request'),
  checkerPermission: requiredText('fillAllFields', 100).describe(
    'The permission that makes a staff member a checker',
  ),
});

export const makerCheckerInput = makerCheckerFields.extend({
  /** Per-service switches changed in the same save (optional). */
  services: z
    .array(z.object({ serviceId: text(100).min(1), approvalRequired: z.boolean() }))
    .max(1000)
    .optional(),
});
export type MakerCheckerInput = z.input<typeof makerCheckerInput>;

export const makerCheckerSchema = makerCheckerFields.extend({
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type MakerCheckerConfig = z.infer<typeof makerCheckerSchema>;

/** Everything the client's `makerChecker` slice holds, in one answer. */
export const makerCheckerCatalogSchema = z.object({
  config: makerCheckerSchema,
  serviceTypes: z.array(serviceTypeSchema),
  services: z.array(serviceSchema),
});
export type MakerCheckerCatalog = z.infer<typeof makerCheckerCatalogSchema>;

export const serviceCommands = {
  createType: command('serviceType.create', serviceTypeFields, 'Create a maker-checker service type'),
  // The code is the type's key (areas map to it at start-up): it is set once and not edited.
  updateType: command(
    'serviceType.update',
    serviceTypeBilingual.extend(idInput.shape),
    'Edit a maker-checker service type',
  ),
  update: command('service.update', serviceUpdateInput, 'Edit a maker-checker service'),
  configure: command('makerChecker.configure', makerCheckerInput, 'Configure maker-checker'),
};

/**
 * The settings and service screens need this; the catalogue the client's makerChecker slice loads
 * (`GET /maker-checker/catalog`) is open to every signed-in user, since every form shows whether
 * its save will wait for approval.
 */
export const makerCheckerRead: ReadPermission = {
  code: 'makerChecker.read',
  summary: 'View maker-checker settings, service types and services',
};

export const DEFAULT_CHECKER_PERMISSION = 'approval.check';
export const approvalCheck: ReadPermission = {
  code: DEFAULT_CHECKER_PERMISSION,
  summary: 'Check requests of other staff: see the approvals inbox, approve and reject',
};

export const serviceTypeResource = defineResource({
  name: 'service-types',
  area: 'approvals',
  tag: 'Maker-checker: configuration',
  item: serviceTypeSchema,
  page: serviceTypePage,
  query: serviceTypeListQuery,
  sortFields: serviceTypeSortFields,
  read: makerCheckerRead,
  commands: { create: serviceCommands.createType, update: serviceCommands.updateType },
  screens: {
    list: { path: 'ServiceTypes', label: 'serviceTypes' },
    create: { path: 'ServiceTypes/Create', label: 'createServiceType' },
    edit: { path: 'ServiceTypes/Edit/:id', label: 'editServiceType' },
  },
  menu: { group: 'approvalsLogs' },
});

export const serviceResource = defineResource({
  name: 'services',
  area: 'approvals',
  tag: 'Maker-checker: configuration',
  item: serviceSchema,
  page: servicePage,
  query: serviceListQuery,
  sortFields: serviceSortFields,
  read: makerCheckerRead,
  commands: { update: serviceCommands.update },
  screens: {
    list: { path: 'ServiceTypes/Services', label: 'services' },
  },
  menu: { group: 'approvalsLogs' },
});
