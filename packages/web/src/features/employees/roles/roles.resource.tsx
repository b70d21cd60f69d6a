import { type Role, type RoleInput, roleFields, roleResource } from '@loyalty/contracts';
import { missingTranslationFilter, nameColumn } from '../../../components/localized.tsx';
import { resourceUi, screenLink, screenPaths } from '../../../components/resource.ts';
import { activeStatusChoices, StatusTag } from '../../../components/StatusTag.tsx';

/**
 * Roles with their permission sets. The spec has no edit-role route: `employee/create-role` is one
 * screen in two modes, editing with `?id=` (like the spec's own Add/Edit screens).
 */
export const roleUi = resourceUi<Role, RoleInput>(roleResource, {
  schema: roleFields,
  fields: [],
  columns: [
    { key: 'code', label: 'employees.roles.fields.code' },
    nameColumn('employees.roles.fields.name'),
    { key: 'permissions', label: 'employees.roles.fields.permissions', render: (r) => r.permissions.length },
    { key: 'userCount', label: 'employees.roles.fields.userCount' },
    { key: 'status', label: 'employees.roles.fields.status', render: (r) => <StatusTag status={r.status} /> },
  ],
  filters: [
    { name: 'status', label: 'employees.roles.fields.status', options: activeStatusChoices },
    missingTranslationFilter,
  ],
  // The role form creates, and edits with `?id=` (the descriptor has no edit screen).
  paths: screenPaths(roleResource, { edit: (id) => `${screenLink(roleResource, 'create')}?id=${id}` }),
  messages: {
    created: 'employees.roles.created',
    updated: 'employees.roles.updated',
    createFailed: 'employees.roles.createFailed',
    updateFailed: 'employees.roles.updateFailed',
    fetchFailed: 'employees.roles.fetchFailed',
    deleteFailed: 'employees.roles.deleteFailed',
    deleteConfirm: 'employees.roles.deleteConfirm',
    loading: 'employees.roles.loading',
    search: 'employees.roles.search',
  },
});
