import {
  type User,
  type UserInput,
  userCommands,
  userFields,
  userResource,
  userUpdateFields,
} from '@loyalty/contracts';
import { Space } from 'antd';
import { DateTime } from '../../../components/format.tsx';
import { LocalText } from '../../../components/localized.tsx';
import { type FieldDef, resourceUi } from '../../../components/resource.ts';
import { activeStatusChoices, StatusTag } from '../../../components/StatusTag.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { i18n } from '../../../i18n/index.ts';
import { roleChoices } from '../choices.ts';

const fields: FieldDef<UserInput>[] = [
  { name: 'username', label: 'employees.users.fields.username', input: 'text' },
  { name: 'fullName', label: 'employees.users.fields.fullName', input: 'text' },
  { name: 'fullNameAr', label: 'employees.users.fields.fullNameAr', input: 'text' },
  { name: 'email', label: 'employees.users.fields.email', input: 'text' },
  { name: 'mobile', label: 'employees.users.fields.mobile', input: 'text' },
  { name: 'roleId', label: 'employees.users.fields.role', input: 'select', options: roleChoices },
  { name: 'status', label: 'employees.users.fields.status', input: 'select', options: activeStatusChoices },
];

/** Staff users (PRODUCT §3.6). Screens: its contracts descriptor. */
export const userUi = resourceUi<User, UserInput>(userResource, {
  schema: userFields,
  fields,
  columns: [
    { key: 'username', label: 'employees.users.fields.username' },
    {
      key: 'fullName',
      label: 'employees.users.fields.fullName',
      render: (u) => <LocalText en={u.fullName} ar={u.fullNameAr} />,
    },
    { key: 'email', label: 'employees.users.fields.email' },
    {
      key: 'roleName',
      label: 'employees.users.fields.role',
      render: (u) => <LocalText en={u.roleName} ar={u.roleNameAr} />,
    },
    {
      key: 'status',
      label: 'employees.users.fields.status',
      render: (u) => (
        <Space size={4} wrap>
          <StatusTag status={u.status} />
          {u.locked && <Tag color="red">{i18n.t('employees.users.locked')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'secondFactorEnrolled',
      label: 'employees.users.fields.secondFactor',
      render: (u) =>
        i18n.t(u.secondFactorEnrolled ? 'employees.users.enrolled' : 'employees.users.notEnrolled'),
    },
    {
      key: 'lastLoginAt',
      label: 'employees.users.fields.lastLoginAt',
      render: (u) => <DateTime iso={u.lastLoginAt} />,
    },
  ],
  filters: [
    { name: 'status', label: 'employees.users.fields.status', options: activeStatusChoices },
    { name: 'roleId', label: 'employees.users.fields.role', options: roleChoices },
  ],
  permissions: { create: userCommands.create.name, update: userCommands.update.name },
  messages: {
    created: 'employees.users.created',
    updated: 'employees.users.updated',
    createFailed: 'employees.users.createFailed',
    updateFailed: 'employees.users.updateFailed',
    fetchFailed: 'employees.users.fetchFailed',
    deleteFailed: 'employees.users.updateFailed',
    deleteConfirm: 'employees.users.updateFailed',
    loading: 'employees.users.loading',
    search: 'employees.users.search',
  },
});

/** Editing: the username is the audit trail's name for the person and does not change. */
export const userEditUi = resourceUi<User, UserInput>(userResource, {
  ...userUi,
  schema: userUpdateFields as unknown as typeof userFields,
  fields: fields.filter((f) => f.name !== 'username'),
});
