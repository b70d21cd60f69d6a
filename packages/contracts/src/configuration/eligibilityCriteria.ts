import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { idInput, requiredText, timestamps } from '../common.ts';
import { customerNumberSchema } from '../customers/customers.ts';
import { recordStatus } from '../identity/users.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

/**
 * Eligibility criteria (BusinessConfigurations/EligibilityCriteria): what a customer must meet to
 * enrol (the integration API's upsert creating them), earn (every earning) or redeem (every
 * redemption). A customer failing an ACTIVE criterion of the scope is refused 409 NOT_ELIGIBLE,
 * naming the criterion; criteria are checked by priority (lowest first). Evaluated by one
 * database function (migration 0032), which the "check a customer" panel uses too.
 */
export const eligibilityScopes = ['ENROL', 'EARN', 'REDEEM'] as const;
export type EligibilityScope = (typeof eligibilityScopes)[number];
export const numericCriterionFields = ['daysSinceJoining', 'age', 'kycLevel'] as const;
export const listCriterionFields = ['segment', 'status', 'nationality', 'residency', 'product'] as const;
export const criterionFields = [...listCriterionFields, ...numericCriterionFields] as const;
export type CriterionField = (typeof criterionFields)[number];
export const numericOperators = ['gte', 'lte', 'eq', 'neq'] as const;
export const listOperators = ['in', 'notIn'] as const;
export const criterionOperators = [...listOperators, ...numericOperators] as const;
export type CriterionOperator = (typeof criterionOperators)[number];

const isNumeric = (f: string) => (numericCriterionFields as readonly string[]).includes(f);

const criterionObject = z.object({
  nameEn: requiredText('fillAllFields', 150),
  nameAr: requiredText('fillAllFields', 150),
  scope: z.enum(eligibilityScopes, { error: 'fillAllFields' }),
  field: z.enum(criterionFields, { error: 'fillAllFields' }),
  operator: z.enum(criterionOperators, { error: 'fillAllFields' }),
  /** Numeric fields: one whole number; list fields: the values (codes, ISO country codes…). */
  value: z.union([
    z.number().int().min(0).max(100_000),
    z
      .array(
        z
          .string()
          .trim()
          .regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'letters, digits and _'),
      )
      .min(1)
      .max(50),
  ]),
  status: recordStatus,
  priority: z.number().int().min(0).max(10_000).default(100),
});

/** The operator and value must suit the field: a number for numeric fields, a list for the others. */
const suits = (v: z.output<typeof criterionObject>, ctx: z.RefinementCtx) => {
  const numeric = isNumeric(v.field);
  if (numeric !== (numericOperators as readonly string[]).includes(v.operator))
    ctx.addIssue({ code: 'custom', path: ['operator'], message: 'criterionOperatorMismatch' });
  if (numeric !== (typeof v.value === 'number'))
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'criterionValueMismatch' });
};
export const eligibilityCriterionFields = criterionObject.superRefine(suits);
export type EligibilityCriterionInput = z.input<typeof eligibilityCriterionFields>;
export const eligibilityCriterionUpdateInput = criterionObject.extend(idInput.shape).superRefine(suits);

export const eligibilityCriterionSchema = z.object({
  id: z.number().int(),
  nameEn: z.string(),
  nameAr: z.string(),
  scope: z.enum(eligibilityScopes),
  field: z.enum(criterionFields),
  operator: z.enum(criterionOperators),
  value: z.union([z.number(), z.array(z.string())]),
  status: recordStatus,
  priority: z.number().int(),
  ...timestamps,
});
export type EligibilityCriterion = z.infer<typeof eligibilityCriterionSchema>;

export const eligibilityCriterionSortFields = ['priority', 'nameEn', 'updatedAt'] as const;
export const eligibilityCriterionListQuery = listQuerySchema(eligibilityCriterionSortFields, {
  scope: z.enum(eligibilityScopes).optional(),
  status: recordStatus.optional(),
});
export type EligibilityCriterionListQuery = z.output<typeof eligibilityCriterionListQuery>;
export const eligibilityCriterionPage = pageSchema(eligibilityCriterionSchema);

export const eligibilityCriterionCommands = {
  create: command('eligibilityCriterion.create', eligibilityCriterionFields, 'Add an eligibility criterion'),
  update: command(
    'eligibilityCriterion.update',
    eligibilityCriterionUpdateInput,
    'Change an eligibility criterion',
  ),
  delete: command('eligibilityCriterion.delete', idInput, 'Delete an eligibility criterion'),
};
export const eligibilityCriterionRead: ReadPermission = {
  code: 'eligibilityCriterion.read',
  summary: 'View eligibility criteria and check a customer against them',
};

export const eligibilityCriterionResource = defineResource({
  name: 'eligibility-criteria',
  area: 'configuration',
  tag: 'Configuration: eligibility criteria',
  item: eligibilityCriterionSchema,
  page: eligibilityCriterionPage,
  query: eligibilityCriterionListQuery,
  sortFields: eligibilityCriterionSortFields,
  read: eligibilityCriterionRead,
  commands: eligibilityCriterionCommands,
  screens: {
    list: { path: 'BusinessConfigurations/EligibilityCriteria', label: 'eligibilityCriteria' },
    create: {
      path: 'BusinessConfigurations/EligibilityCriteria/Create',
      label: 'createEligibilityCriterion',
    },
    edit: { path: 'BusinessConfigurations/EligibilityCriteria/Edit/:id', label: 'editEligibilityCriterion' },
  },
  menu: { group: 'configuration' },
});

/** `GET /api/admin/eligibility-criteria/check?customerNumber=`: each active criterion, passed or not. */
export const eligibilityCheckQuery = z.object({ customerNumber: customerNumberSchema });
export const eligibilityCheckSchema = z.object({
  customerNumber: z.string(),
  fullName: z.string(),
  /** What the criteria decide with. */
  facts: z.object({
    segment: z.string(),
    status: z.string(),
    daysSinceJoining: z.number().int(),
    age: z.number().int().nullable(),
    nationality: z.string().nullable(),
    residency: z.string().nullable(),
    kycLevel: z.number().int().nullable(),
    products: z.array(z.string()),
  }),
  results: z.array(eligibilityCriterionSchema.extend({ passes: z.boolean() })),
  /** Per scope: true when every active criterion of it passes. */
  eligible: z.object({ ENROL: z.boolean(), EARN: z.boolean(), REDEEM: z.boolean() }),
});
export type EligibilityCheck = z.infer<typeof eligibilityCheckSchema>;
