import { z } from 'zod';
import { arabicText, missingTranslationFilter } from '../bilingual.ts';
import { command, type ReadPermission } from '../commands.ts';
import { idInput, text, timestamps } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { recordStatus } from './users.ts';

export const roleFields = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Z][A-Z0-9_]{1,49}$/, 'roleCodeFormat'),
  name: text(100).min(1),
  nameAr: arabicText(100),
  description: text(500).default(''),
  descriptionAr: arabicText(500),
  status: recordStatus,
  permissions: z.array(text(100).min(1)).max(1000),
});
export type RoleInput = z.input<typeof roleFields>;
export const roleUpdateInput = roleFields.extend(idInput.shape);

export const roleSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameAr: z.string(),
  description: z.string(),
  descriptionAr: z.string(),
  status: recordStatus,
  permissions: z.array(z.string()),
  userCount: z.number().int(),
  system: z.boolean().describe('The built-in SUPER_ADMIN role: holds every permission, not editable'),
  ...timestamps,
});
export type Role = z.infer<typeof roleSchema>;

export const roleSortFields = ['code', 'name', 'createdAt'] as const;
export const roleListQuery = listQuerySchema(roleSortFields, {
  status: recordStatus.optional(),
  missingTranslation: missingTranslationFilter,
});
export type RoleListQuery = z.output<typeof roleListQuery>;
export const rolePage = pageSchema(roleSchema);

export const roleCommands = {
  create: command('role.create', roleFields, 'Create a role with a permission set'),
  update: command('role.update', roleUpdateInput, 'Update a role and its permission set'),
  delete: command('role.delete', idInput, 'Delete a role no user holds'),
};
export const roleRead: ReadPermission = { code: 'role.read', summary: 'View roles' };

export const roleResource = defineResource({
  name: 'roles',
  area: 'identity',
  tag: 'Identity: roles',
  item: roleSchema,
  page: rolePage,
  query: roleListQuery,
  sortFields: roleSortFields,
  read: roleRead,
  commands: roleCommands,
  screens: {
    list: { path: 'employee/roles', label: 'roles' },
    create: { path: 'employee/create-role', label: 'createRole', permission: 'read' },
  },
  menu: { group: 'employeesCustomers' },
});
