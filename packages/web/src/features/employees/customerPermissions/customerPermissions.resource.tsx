import {
  type CustomerPermission,
  type CustomerPermissionInput,
  customerPermissionFields,
  customerPermissionResource,
} from '@loyalty/contracts';
import { descriptionColumn, nameColumn } from '../../../components/localized.tsx';
import { resourceUi } from '../../../components/resource.ts';
import { activeStatusChoices, StatusTag } from '../../../components/StatusTag.tsx';

/** Customer-app features; the integration API refuses disabled ones. */
export const customerPermissionUi = resourceUi<CustomerPermission, CustomerPermissionInput>(
  customerPermissionResource,
  {
    schema: customerPermissionFields,
    fields: [
      { name: 'code', label: 'employees.customerPermissions.fields.code', input: 'text' },
      { name: 'name', label: 'employees.customerPermissions.fields.name', input: 'text' },
      { name: 'description', label: 'employees.customerPermissions.fields.description', input: 'textarea' },
      {
        name: 'status',
        label: 'employees.customerPermissions.fields.status',
        input: 'select',
        options: activeStatusChoices,
      },
    ],
    columns: [
      { key: 'code', label: 'employees.customerPermissions.fields.code' },
      nameColumn('employees.customerPermissions.fields.name'),
      descriptionColumn('employees.customerPermissions.fields.description'),
      {
        key: 'status',
        label: 'employees.customerPermissions.fields.status',
        render: (p) => <StatusTag status={p.status} />,
      },
    ],
    filters: [
      { name: 'status', label: 'employees.customerPermissions.fields.status', options: activeStatusChoices },
    ],
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
  },
);
