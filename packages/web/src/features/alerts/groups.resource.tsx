import {
  type AlertGroup,
  type AlertGroupInput,
  alertGroupFields,
  alertGroupResource,
} from '@loyalty/contracts';
import { resourceApi } from '../../api/resource.ts';
import { descriptionColumn } from '../../components/localized.tsx';
import { type ResourceDefinition, resourceUi } from '../../components/resource.ts';
import { activeStatusChoices, StatusTag } from '../../components/StatusTag.tsx';
import { alertCategoryChoices } from './api.ts';
import { alertPaths } from './paths.ts';

const api = resourceApi<typeof alertGroupResource, AlertGroupInput>(alertGroupResource);

/**
 * The groups of one category (`Alerts/{id}`): the list is filtered by it, a new group is created
 * in it (`Alerts/AddAlertGroup/{id}`), and a saved form goes back to `back`.
 */
export function alertGroupUi(
  lang: 'en' | 'ar',
  scope: { categoryId?: number; back: string },
): ResourceDefinition<AlertGroup, AlertGroupInput> {
  return resourceUi<AlertGroup, AlertGroupInput>(alertGroupResource, {
    api: {
      ...api,
      list: (params, signal) => api.list({ ...params, categoryId: scope.categoryId }, signal),
    },
    schema: alertGroupFields,
    fields: [
      {
        name: 'categoryId',
        label: 'alerts.fields.category',
        input: 'select',
        options: alertCategoryChoices(lang),
      },
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
      { key: 'alertCount', label: 'alerts.groups.alertCount' },
      { key: 'status', label: 'alerts.fields.status', render: (g) => <StatusTag status={g.status} /> },
    ],
    rowLink: (g) => alertPaths.viewGroup(g.id),
    paths: {
      list: scope.back,
      create: scope.categoryId ? alertPaths.addGroup(scope.categoryId) : scope.back,
      edit: (id) => alertPaths.editGroup(id),
    },
    messages: {
      created: 'alerts.groups.created',
      updated: 'alerts.groups.updated',
      createFailed: 'alerts.groups.createFailed',
      updateFailed: 'alerts.groups.updateFailed',
      fetchFailed: 'alerts.groups.fetchFailed',
      deleteFailed: 'alerts.groups.deleteFailed',
      deleteConfirm: 'alerts.groups.deleteConfirm',
      loading: 'alerts.loading',
      search: 'alerts.groups.search',
    },
  });
}
