import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { idInput, text, timestamps } from '../common.ts';
import { recordStatus } from '../identity/users.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { userType } from './passwordSettings.ts';

/**
 * Strong customer authentication: operations that need a second factor. SIGN_IN asks for it at
 * sign-in; APPROVAL and SECURITY_CHANGE ask for a fresh one (step-up) before the operation.
 */
export const scaOperations = ['SIGN_IN', 'APPROVAL', 'SECURITY_CHANGE'] as const;
export type ScaOperation = (typeof scaOperations)[number];
export const scaFactors = ['TOTP'] as const;

export const scaRuleFields = z.object({
  operation: z.enum(scaOperations),
  userType,
  factor: z.enum(scaFactors),
  description: text(500).default(''),
  status: recordStatus,
});
export type ScaRuleInput = z.input<typeof scaRuleFields>;
export const scaRuleUpdateInput = scaRuleFields.extend(idInput.shape);

export const scaRuleSchema = scaRuleFields.extend({
  id: z.number().int(),
  description: z.string(),
  descriptionAr: z
    .string()
    .describe('Arabic, from the system texts while the description is the built-in one'),
  ...timestamps,
});
export type ScaRule = z.infer<typeof scaRuleSchema>;

export const scaRuleSortFields = ['operation', 'userType', 'createdAt'] as const;
export const scaRuleListQuery = listQuerySchema(scaRuleSortFields, {
  operation: z.enum(scaOperations).optional(),
  userType: userType.optional(),
  status: recordStatus.optional(),
});
export type ScaRuleListQuery = z.output<typeof scaRuleListQuery>;
export const scaRulePage = pageSchema(scaRuleSchema);

/** How long a step-up (a second factor given during a session) covers protected operations. */
export const STEP_UP_SECONDS = 300;

export const scaRuleCommands = {
  create: command('scaRule.create', scaRuleFields, 'Require a second factor for an operation'),
  update: command('scaRule.update', scaRuleUpdateInput, 'Change a second-factor requirement'),
  delete: command('scaRule.delete', idInput, 'Delete a second-factor requirement'),
};
export const scaRuleRead: ReadPermission = {
  code: 'scaRule.read',
  summary: 'View second-factor requirements',
};

export const scaRuleResource = defineResource({
  name: 'sca-rules',
  area: 'security',
  tag: 'Security: second factor',
  item: scaRuleSchema,
  page: scaRulePage,
  query: scaRuleListQuery,
  sortFields: scaRuleSortFields,
  read: scaRuleRead,
  commands: scaRuleCommands,
  screens: {
    list: { path: 'security/SCA', label: 'sca' },
    create: { path: 'security/SCA/Add', label: 'addSca' },
    edit: { path: 'security/SCA/Edit/:id', label: 'editSca' },
    view: { path: 'security/SCA/View/:id', label: 'viewSca' },
  },
  menu: { group: 'security' },
});
