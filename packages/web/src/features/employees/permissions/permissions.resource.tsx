import {
  type StaffPermission,
  type StaffPermissionInput,
  staffPermissionCommands,
  staffPermissionFields,
  staffPermissionResource,
} from '@loyalty/contracts';
import { missingTranslationFilter, nameColumn } from '../../../components/localized.tsx';
import { resourceUi } from '../../../components/resource.ts';
import { activeStatusChoices, StatusTag } from '../../../components/StatusTag.tsx';

/**
 * The staff permission catalogue. Codes come from the system's operations, so there is no
 * create or delete: staff rename, describe and enable or disable them.
 */
export const staffPermissionUi = resourceUi<StaffPermission, StaffPermissionInput>(staffPermissionResource, {
  schema: staffPermissionFields,
  fields: [
    { name: 'name', label: 'employees.permissions.fields.name', input: 'text' },
    { name: 'nameAr', label: 'common.nameAr', input: 'text' },
    { name: 'description', label: 'employees.permissions.fields.description', input: 'textarea' },
    { name: 'descriptionAr', label: 'common.descriptionAr', input: 'textarea' },
    {
      name: 'status',
      label: 'employees.permissions.fields.status',
      input: 'select',
      options: activeStatusChoices,
    },
  ],
  columns: [
    { key: 'code', label: 'employees.permissions.fields.code' },
    nameColumn('employees.permissions.fields.name'),
    { key: 'area', label: 'employees.permissions.fields.area' },
    { key: 'roleCount', label: 'employees.permissions.fields.roleCount' },
    {
      key: 'status',
      label: 'employees.permissions.fields.status',
      render: (p) => <StatusTag status={p.status} />,
    },
  ],
  filters: [
    { name: 'status', label: 'employees.permissions.fields.status', options: activeStatusChoices },
    {
      name: 'kind',
      label: 'employees.permissions.fields.kind',
      options: [
        { value: 'read', label: 'employees.permissions.kind.read' },
        { value: 'command', label: 'employees.permissions.kind.command' },
      ],
    },
    missingTranslationFilter,
  ],
  permissions: { update: staffPermissionCommands.update.name },
  messages: {
    created: 'employees.permissions.updated',
    updated: 'employees.permissions.updated',
    createFailed: 'employees.permissions.updateFailed',
    updateFailed: 'employees.permissions.updateFailed',
    fetchFailed: 'employees.permissions.fetchFailed',
    deleteFailed: 'employees.permissions.updateFailed',
    deleteConfirm: 'employees.permissions.updateFailed',
    loading: 'employees.permissions.loading',
    search: 'employees.permissions.search',
  },
});

/** The whole catalogue (a few pages of at most 100), for the role editor. */
export async function loadCatalogue(signal?: AbortSignal): Promise<StaffPermission[]> {
  const all: StaffPermission[] = [];
  for (let page = 1; ; page++) {
    const res = await staffPermissionUi.api.list({ page, pageSize: 100, sort: 'code:asc' }, signal);
    all.push(...res.items);
    if (all.length >= res.total || res.items.length === 0) return all;
  }
}
