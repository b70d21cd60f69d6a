import {
  type Role,
  type RoleInput,
  roleCommands,
  roleFields,
  roleResource,
  roleSortFields,
} from '@loyalty/contracts';
import { resourceApi } from '../../../api/resource.ts';
import { missingTranslationFilter, nameColumn } from '../../../components/localized.tsx';
import { defineResource, screenLink, screenPaths } from '../../../components/resource.ts';
import { activeStatusChoices, StatusTag } from '../../../components/StatusTag.tsx';

/**
 * Roles with their permission sets. The spec has no edit-role route: `employee/create-role` is one
 * screen in two modes, editing with `?id=` (like the spec's own Add/Edit screens).
 */
export const rolesResource = defineResource<Role, RoleInput>({
  key: 'roles',
  api: resourceApi(roleResource),
  schema: roleFields,
  fields: [],
  columns: [
    { key: 'code', label: 'employees.roles.fields.code' },
    nameColumn('employees.roles.fields.name'),
    { key: 'permissions', label: 'employees.roles.fields.permissions', render: (r) => r.permissions.length },
    { key: 'userCount', label: 'employees.roles.fields.userCount' },
    { key: 'status', label: 'employees.roles.fields.status', render: (r) => <StatusTag status={r.status} /> },
  ],
  sortFields: roleSortFields,
  filters: [
    { name: 'status', label: 'employees.roles.fields.status', options: activeStatusChoices },
    missingTranslationFilter,
  ],
  permissions: {
    create: roleCommands.create.name,
    update: roleCommands.update.name,
    delete: roleCommands.delete.name,
  },
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
