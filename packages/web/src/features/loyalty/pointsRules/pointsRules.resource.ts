import {
  type PointsRule,
  type PointsRuleInput,
  pointsRuleCommands,
  pointsRuleInput,
  pointsRuleResource,
  pointsRuleSortFields,
  ruleConditions,
  ruleStatuses,
} from '@loyalty/contracts';
import { createElement } from 'react';
import { resourceApi } from '../../../api/resource.ts';
import { formatAmount, formatPoints } from '../../../components/format.tsx';
import { defineResource, fixedChoices, screenPaths } from '../../../components/resource.ts';
import { earnTypeChoices, tierChoices } from '../choices.ts';
import { Translated } from '../Translated.tsx';

export const conditionChoices = ruleConditions.map((c) => ({
  value: c,
  label: `pointsRules.conditions.${c}`,
}));
const statusChoices = fixedChoices(ruleStatuses, 'pointsRules.statuses');

/** Points rules (PRODUCT §3.1). Screens: its contracts descriptor. */
export const pointsRulesResource = defineResource<PointsRule, PointsRuleInput>({
  key: 'points-rules',
  api: resourceApi(pointsRuleResource),
  schema: pointsRuleInput,
  fields: [
    {
      name: 'transactionTypeId',
      label: 'pointsRules.fields.transactionTypeId',
      input: 'select',
      options: earnTypeChoices,
    },
    {
      name: 'tierId',
      label: 'pointsRules.fields.tierId',
      input: 'select',
      options: tierChoices,
      placeholder: 'pointsRules.allTiers',
    },
    { name: 'condition', label: 'pointsRules.fields.condition', input: 'select', options: conditionChoices },
    { name: 'amount', label: 'pointsRules.fields.amount', input: 'number', dependencies: ['condition'] },
    { name: 'pointsPerTransaction', label: 'pointsRules.fields.pointsPerTransaction', input: 'number' },
    {
      name: 'minPoints',
      label: 'pointsRules.fields.minPoints',
      input: 'number',
      dependencies: ['maxPoints'],
    },
    { name: 'maxPoints', label: 'pointsRules.fields.maxPoints', input: 'number' },
    { name: 'validFrom', label: 'pointsRules.fields.validFrom', input: 'date' },
    {
      name: 'validUntil',
      label: 'pointsRules.fields.validUntil',
      input: 'date',
      dependencies: ['validFrom'],
    },
    { name: 'priority', label: 'pointsRules.fields.priority', input: 'number' },
    { name: 'status', label: 'pointsRules.fields.status', input: 'select', options: statusChoices },
  ],
  columns: [
    { key: 'priority', label: 'pointsRules.fields.priority' },
    { key: 'transactionTypeName', label: 'pointsRules.fields.transactionTypeId' },
    {
      key: 'tierName',
      label: 'pointsRules.fields.tierId',
      render: (r) => r.tierName ?? createElement(Translated, { k: 'pointsRules.allTiers' }),
    },
    {
      key: 'condition',
      label: 'pointsRules.fields.condition',
      render: (r) => createElement(Translated, { k: `pointsRules.conditions.${r.condition}` }),
    },
    { key: 'amount', label: 'pointsRules.fields.amount', render: (r) => formatAmount(r.amount) },
    {
      key: 'pointsPerTransaction',
      label: 'pointsRules.fields.pointsPerTransaction',
      render: (r) => formatPoints(r.pointsPerTransaction),
    },
    { key: 'minPoints', label: 'pointsRules.fields.minPoints', render: (r) => formatPoints(r.minPoints) },
    { key: 'maxPoints', label: 'pointsRules.fields.maxPoints', render: (r) => formatPoints(r.maxPoints) },
    { key: 'validFrom', label: 'pointsRules.fields.validFrom' },
    { key: 'validUntil', label: 'pointsRules.fields.validUntil' },
    {
      key: 'status',
      label: 'pointsRules.fields.status',
      render: (r) => createElement(Translated, { k: `pointsRules.statuses.${r.status}` }),
    },
  ],
  sortFields: pointsRuleSortFields,
  filters: [
    { name: 'status', label: 'pointsRules.fields.status', options: statusChoices },
    { name: 'tierId', label: 'pointsRules.fields.tierId', options: tierChoices },
  ],
  permissions: {
    create: pointsRuleCommands.create.name,
    update: pointsRuleCommands.update.name,
    delete: pointsRuleCommands.delete.name,
  },
  paths: screenPaths(pointsRuleResource),
  messages: {
    created: 'msg.ruleAdded',
    updated: 'pointsRules.updated',
    createFailed: 'pointsRules.createFailed',
    updateFailed: 'msg.ruleUpdateFailed',
    fetchFailed: 'pointsRules.fetchFailed',
    deleteFailed: 'pointsRules.deleteFailed',
    deleteConfirm: 'pointsRules.deleteConfirm',
    loading: 'pointsRules.loading',
    search: 'pointsRules.search',
    editInvalid: 'msg.ruleFillRequired',
  },
});
