import { type ScaRule, type ScaRuleInput, scaRuleFields, scaRuleResource } from '@loyalty/contracts';
import { descriptionColumn } from '../../components/localized.tsx';
import { resourceUi, screenLink } from '../../components/resource.ts';
import { activeStatusChoices, StatusTag } from '../../components/StatusTag.tsx';
import { i18n } from '../../i18n/index.ts';
import { factorChoices, operationChoices, userTypeChoices } from './choices.ts';

/** Second-factor requirements (SCA). Screens: its contracts descriptor. */
export const scaRuleUi = resourceUi<ScaRule, ScaRuleInput>(scaRuleResource, {
  schema: scaRuleFields,
  fields: [
    { name: 'operation', label: 'security.sca.fields.operation', input: 'select', options: operationChoices },
    { name: 'userType', label: 'security.sca.fields.userType', input: 'select', options: userTypeChoices },
    { name: 'factor', label: 'security.sca.fields.factor', input: 'select', options: factorChoices },
    { name: 'description', label: 'security.sca.fields.description', input: 'textarea' },
    { name: 'status', label: 'security.sca.fields.status', input: 'select', options: activeStatusChoices },
  ],
  columns: [
    {
      key: 'operation',
      label: 'security.sca.fields.operation',
      render: (r) => i18n.t(`security.operation.${r.operation}`),
    },
    {
      key: 'userType',
      label: 'security.sca.fields.userType',
      render: (r) => i18n.t(`security.userType.${r.userType}`),
    },
    {
      key: 'factor',
      label: 'security.sca.fields.factor',
      render: (r) => i18n.t(`security.factor.${r.factor}`),
    },
    descriptionColumn('security.sca.fields.description'),
    { key: 'status', label: 'security.sca.fields.status', render: (r) => <StatusTag status={r.status} /> },
  ],
  filters: [
    { name: 'operation', label: 'security.sca.fields.operation', options: operationChoices },
    { name: 'status', label: 'security.sca.fields.status', options: activeStatusChoices },
  ],
  rowLink: (r) => screenLink(scaRuleResource, 'view', r.id),
  messages: {
    created: 'security.sca.created',
    updated: 'security.sca.updated',
    createFailed: 'security.sca.createFailed',
    updateFailed: 'security.sca.updateFailed',
    fetchFailed: 'security.sca.fetchFailed',
    deleteFailed: 'security.sca.deleteFailed',
    deleteConfirm: 'security.sca.deleteConfirm',
    loading: 'security.sca.loading',
    search: 'security.sca.search',
  },
});
