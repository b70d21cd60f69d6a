import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { idInput, text, timestamps } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { recordStatus } from './users.ts';

/**
 * A customer permission is a feature of the customer app: its status switches it for every
 * channel, and MasterDataManagement/Features switches it per channel (`configuration/features.ts`,
 * whose `featureCodes` are the built-in ones the integration API enforces; seeded, not deletable).
 */

export const customerPermissionFields = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{1,49}$/, 'customerPermissionCodeFormat'),
  name: text(150).min(1),
  description: text(500).default(''),
  status: recordStatus,
});
export type CustomerPermissionInput = z.input<typeof customerPermissionFields>;
export const customerPermissionUpdateInput = customerPermissionFields.extend(idInput.shape);

export const customerPermissionSchema = customerPermissionFields.extend({
  id: z.number().int(),
  description: z.string(),
  nameAr: z.string().describe('Arabic: a built-in permission’s from the system texts; empty otherwise'),
  descriptionAr: z.string(),
  system: z.boolean().describe('Built in: enforced by the integration API, cannot be deleted or renamed'),
  ...timestamps,
});
export type CustomerPermission = z.infer<typeof customerPermissionSchema>;

export const customerPermissionSortFields = ['code', 'name', 'createdAt'] as const;
export const customerPermissionListQuery = listQuerySchema(customerPermissionSortFields, {
  status: recordStatus.optional(),
});
export type CustomerPermissionListQuery = z.output<typeof customerPermissionListQuery>;
export const customerPermissionPage = pageSchema(customerPermissionSchema);

export const customerPermissionCommands = {
  create: command('customerPermission.create', customerPermissionFields, 'Create a customer-app permission'),
  update: command(
    'customerPermission.update',
    customerPermissionUpdateInput,
    'Update or enable/disable a customer-app permission',
  ),
  delete: command('customerPermission.delete', idInput, 'Delete a customer-app permission'),
};
export const customerPermissionRead: ReadPermission = {
  code: 'customerPermission.read',
  summary: 'View customer-app permissions',
};

export const customerPermissionResource = defineResource({
  name: 'customer-permissions',
  area: 'identity',
  tag: 'Identity: customer permissions',
  item: customerPermissionSchema,
  page: customerPermissionPage,
  query: customerPermissionListQuery,
  sortFields: customerPermissionSortFields,
  read: customerPermissionRead,
  commands: customerPermissionCommands,
  screens: {
    list: { path: 'customer/permissions', label: 'customerPermissions' },
    create: { path: 'customer/create-permission', label: 'createCustomerPermission' },
    edit: { path: 'customer/edit-permission/:id', label: 'editCustomerPermission' },
  },
  menu: { group: 'employeesCustomers' },
});
