import {
  type CustomerPermission,
  type CustomerPermissionInput,
  customerPermissionCommands,
  customerPermissionFields,
  customerPermissionSortFields,
} from '@loyalty/contracts';
import { resourceApi } from '../../../api/resource.ts';
import { defineResource } from '../../../components/resource.ts';
import { StatusTag, statusChoices } from '../shared.tsx';

/** Customer-app features; the integration API refuses disabled ones. */
export const customerPermissionsResource = defineResource<CustomerPermission, CustomerPermissionInput>({
  key: 'customer-permissions',
  api: resourceApi<CustomerPermission, CustomerPermissionInput>('/api/admin/customer-permissions'),
  schema: customerPermissionFields,
  fields: [
    { name: 'code', label: 'employees.customerPermissions.fields.code', input: 'text' },
    { name: 'name', label: 'employees.customerPermissions.fields.name', input: 'text' },
    { name: 'description', label: 'employees.customerPermissions.fields.description', input: 'textarea' },
    {
      name: 'status',
      label: 'employees.customerPermissions.fields.status',
      input: 'select',
      options: statusChoices,
    },
  ],
  columns: [
    { key: 'code', label: 'employees.customerPermissions.fields.code' },
    { key: 'name', label: 'employees.customerPermissions.fields.name' },
    { key: 'description', label: 'employees.customerPermissions.fields.description' },
    {
      key: 'status',
      label: 'employees.customerPermissions.fields.status',
      render: (p) => <StatusTag status={p.status} />,
    },
  ],
  sortFields: customerPermissionSortFields,
  filters: [{ name: 'status', label: 'employees.customerPermissions.fields.status', options: statusChoices }],
  permissions: {
    create: customerPermissionCommands.create.name,
    update: customerPermissionCommands.update.name,
    delete: customerPermissionCommands.delete.name,
  },
  paths: {
    list: '/dashboard/customer/permissions',
    create: '/dashboard/customer/create-permission',
    edit: (id) => `/dashboard/customer/edit-permission/${id}`,
  },
  messages: {
    created: 'employees.customerPermissions.created',
    updated: 'employees.customerPermissions.updated',
    createFailed: 'employees.customerPermissions.createFailed',
    updateFailed: 'employees.customerPermissions.updateFailed',
    fetchFailed: 'employees.customerPermissions.fetchFailed',
    deleteFailed: 'employees.customerPermissions.deleteFailed',
    deleteConfirm: 'employees.customerPermissions.deleteConfirm',
    loading: 'employees.customerPermissions.loading',
    search: 'employees.customerPermissions.search',
  },
});
