import {
  type AlertCategory,
  type AlertCategoryInput,
  alertCategoryFields,
  alertCategoryResource,
} from '@loyalty/contracts';
import { descriptionColumn } from '../../components/localized.tsx';
import { resourceUi, screenLink } from '../../components/resource.ts';
import { activeStatusChoices, StatusTag } from '../../components/StatusTag.tsx';

/** Alert categories (`Alerts`): each opens its groups (`Alerts/{id}`). */
export const alertCategoryUi = resourceUi<AlertCategory, AlertCategoryInput>(alertCategoryResource, {
  schema: alertCategoryFields,
  fields: [
    { name: 'nameEn', label: 'alerts.fields.nameEn', input: 'text' },
    { name: 'nameAr', label: 'alerts.fields.nameAr', input: 'text' },
    { name: 'description', label: 'alerts.fields.description', input: 'textarea' },
    { name: 'descriptionAr', label: 'common.descriptionAr', input: 'textarea' },
    { name: 'status', label: 'alerts.fields.status', input: 'select', options: activeStatusChoices },
  ],
  columns: [
    { key: 'nameEn', label: 'alerts.fields.nameEn' },
    { key: 'nameAr', label: 'alerts.fields.nameAr' },
    descriptionColumn('alerts.fields.description'),
    { key: 'groupCount', label: 'alerts.categories.groupCount' },
    { key: 'alertCount', label: 'alerts.categories.alertCount' },
    { key: 'status', label: 'alerts.fields.status', render: (c) => <StatusTag status={c.status} /> },
  ],
  rowLink: (c) => screenLink(alertCategoryResource, 'view', c.id),
  messages: {
    created: 'alerts.categories.created',
    updated: 'alerts.categories.updated',
    createFailed: 'alerts.categories.createFailed',
    updateFailed: 'alerts.categories.updateFailed',
    fetchFailed: 'alerts.categories.fetchFailed',
    deleteFailed: 'alerts.categories.deleteFailed',
    deleteConfirm: 'alerts.categories.deleteConfirm',
    loading: 'alerts.loading',
    search: 'alerts.categories.search',
  },
});
