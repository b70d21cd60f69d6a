import { z } from 'zod';
import { arabicText, missingTranslationFilter } from '../bilingual.ts';
import { command, type ReadPermission } from '../commands.ts';
import { idInput, text, timestamps } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { recordStatus } from './users.ts';

/**
 * The permission catalogue of staff. Codes come from the command registry (contracts
 * permissions.ts); administrators name, describe and enable or disable them. A disabled
 * permission is refused to everyone, whatever their role.
 */
export const staffPermissionFields = z.object({
  name: text(150).min(1),
  nameAr: arabicText(150),
  description: text(500).default(''),
  descriptionAr: arabicText(500),
  status: recordStatus,
});
export type StaffPermissionInput = z.input<typeof staffPermissionFields>;
export const staffPermissionUpdateInput = staffPermissionFields.extend(idInput.shape);

export const staffPermissionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  area: z.string(),
  kind: z.enum(['command', 'read']),
  name: z.string(),
  nameAr: z.string(),
  description: z.string(),
  descriptionAr: z.string(),
  status: recordStatus,
  roleCount: z.number().int(),
  ...timestamps,
});
export type StaffPermission = z.infer<typeof staffPermissionSchema>;

export const staffPermissionSortFields = ['code', 'area', 'name'] as const;
export const staffPermissionListQuery = listQuerySchema(staffPermissionSortFields, {
  status: recordStatus.optional(),
  area: text(50).optional(),
  kind: z.enum(['command', 'read']).optional(),
  missingTranslation: missingTranslationFilter,
});
export type StaffPermissionListQuery = z.output<typeof staffPermissionListQuery>;
export const staffPermissionPage = pageSchema(staffPermissionSchema);

/** Permissions that keep the catalogue itself manageable; they cannot be disabled. */
export const lockedPermissionCodes = ['permission.read', 'permission.update'] as const;

export const staffPermissionCommands = {
  update: command(
    'permission.update',
    staffPermissionUpdateInput,
    'Rename, describe, enable or disable a staff permission',
  ),
};
export const staffPermissionRead: ReadPermission = {
  code: 'permission.read',
  summary: 'View the staff permission catalogue',
};

export const staffPermissionResource = defineResource({
  name: 'permissions',
  area: 'identity',
  tag: 'Identity: permissions',
  item: staffPermissionSchema,
  page: staffPermissionPage,
  query: staffPermissionListQuery,
  sortFields: staffPermissionSortFields,
  read: staffPermissionRead,
  commands: staffPermissionCommands,
  screens: {
    list: { path: 'employee/permissions', label: 'employeePermissions' },
    create: { path: 'employee/create-permission', label: 'createEmployeePermission', permission: 'read' },
    edit: { path: 'employee/edit-permission/:id', label: 'editEmployeePermission' },
  },
  menu: { group: 'employeesCustomers' },
});
