import {
  type MessageCategory,
  type MessageCategoryInput,
  messageCategoryFields,
  messageCategoryResource,
  messageResource,
} from '@loyalty/contracts';
import { descriptionColumn, LocalText } from '../../../components/localized.tsx';
import { resourceUi, screenLink } from '../../../components/resource.ts';
import { activeStatusChoices, StatusTag } from '../../../components/StatusTag.tsx';
import { roleChoices } from '../api.ts';

/**
 * The message categories have no route of their own (spec §2 has none): they are a tab of the
 * queue (`message?tab=categories`), their form a drawer on it (`&category=new` or `=<id>`).
 */
const tab = `${screenLink(messageResource, 'list')}?tab=categories`;
export const categoryPaths = {
  list: tab,
  create: `${tab}&category=new`,
  edit: (id: number) => `${tab}&category=${id}`,
};

/** Message categories: bilingual name, response target, default assignee role (PRODUCT §3.4). */
export const messageCategoryUi = resourceUi<MessageCategory, MessageCategoryInput>(messageCategoryResource, {
  schema: messageCategoryFields,
  fields: [
    { name: 'nameEn', label: 'messaging.categories.fields.nameEn', input: 'text' },
    { name: 'nameAr', label: 'messaging.categories.fields.nameAr', input: 'text' },
    { name: 'description', label: 'messaging.categories.fields.description', input: 'textarea' },
    { name: 'descriptionAr', label: 'common.descriptionAr', input: 'textarea' },
    {
      name: 'responseTargetHours',
      label: 'messaging.categories.fields.responseTargetHours',
      input: 'number',
    },
    {
      name: 'defaultAssigneeRoleId',
      label: 'messaging.categories.fields.defaultAssigneeRoleId',
      input: 'select',
      options: roleChoices,
      placeholder: 'messaging.categories.noDefaultRole',
    },
    {
      name: 'status',
      label: 'messaging.categories.fields.status',
      input: 'select',
      options: activeStatusChoices,
    },
  ],
  columns: [
    { key: 'nameEn', label: 'messaging.categories.fields.nameEn' },
    { key: 'nameAr', label: 'messaging.categories.fields.nameAr' },
    descriptionColumn('messaging.categories.fields.description'),
    { key: 'responseTargetHours', label: 'messaging.categories.fields.responseTargetHours' },
    {
      key: 'defaultAssigneeRoleName',
      label: 'messaging.categories.fields.defaultAssigneeRoleName',
      render: (c) =>
        c.defaultAssigneeRoleName ? (
          <LocalText en={c.defaultAssigneeRoleName} ar={c.defaultAssigneeRoleNameAr} />
        ) : (
          '—'
        ),
    },
    {
      key: 'status',
      label: 'messaging.categories.fields.status',
      render: (c) => <StatusTag status={c.status} />,
    },
  ],
  paths: categoryPaths,
  messages: {
    created: 'messaging.categories.created',
    updated: 'messaging.categories.updated',
    createFailed: 'messaging.categories.createFailed',
    updateFailed: 'messaging.categories.updateFailed',
    fetchFailed: 'messaging.categories.fetchFailed',
    deleteFailed: 'messaging.categories.deleteFailed',
    deleteConfirm: 'messaging.categories.deleteConfirm',
    loading: 'messaging.categories.loading',
    search: 'messaging.categories.search',
  },
});
