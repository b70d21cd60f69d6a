import { type Alert, type AlertInput, alertFields, alertResource } from '@loyalty/contracts';
import { resourceApi } from '../../api/resource.ts';
import { type ResourceDefinition, resourceUi } from '../../components/resource.ts';
import { StatusTag } from '../../components/StatusTag.tsx';
import { Tag } from '../../components/Tag.tsx';
import { alertPaths } from './paths.ts';

export const alertApi = resourceApi<typeof alertResource, AlertInput>(alertResource);

/** The alerts of one group (`Alerts/ViewAlertGroup/{id}`); the form is its own screen (AlertFormPage). */
export function alertUi(groupId: number, t: (key: string) => string): ResourceDefinition<Alert, AlertInput> {
  return resourceUi<Alert, AlertInput>(alertResource, {
    api: alertApi,
    schema: alertFields as never,
    fields: [],
    columns: [
      { key: 'nameEn', label: 'alerts.fields.nameEn' },
      { key: 'nameAr', label: 'alerts.fields.nameAr' },
      { key: 'event', label: 'alerts.fields.event', render: (a) => t(`alerts.events.${a.event}`) },
      {
        key: 'channels',
        label: 'alerts.fields.channels',
        render: (a) => a.channels.map((c) => <Tag key={c}>{t(`alerts.channels.${c}`)}</Tag>),
      },
      { key: 'kind', label: 'alerts.fields.kind', render: (a) => t(`alerts.kinds.${a.kind}`) },
      { key: 'status', label: 'alerts.fields.status', render: (a) => <StatusTag status={a.status} /> },
    ],
    scope: { groupId },
    rowLink: (a) => alertPaths.viewAlert(a.id),
    paths: {
      list: alertPaths.viewGroup(groupId),
      create: alertPaths.addAlert(groupId),
      edit: (id) => alertPaths.editAlert(id),
    },
    messages: {
      created: 'alerts.alerts.created',
      updated: 'alerts.alerts.updated',
      createFailed: 'alerts.alerts.createFailed',
      updateFailed: 'alerts.alerts.updateFailed',
      fetchFailed: 'alerts.alerts.fetchFailed',
      deleteFailed: 'alerts.alerts.deleteFailed',
      deleteConfirm: 'alerts.alerts.deleteConfirm',
      loading: 'alerts.loading',
      search: 'alerts.alerts.search',
    },
  });
}
