import {
  type PointsRule,
  type PointsRuleInput,
  pointsRuleInput,
  pointsRuleResource,
  ruleConditions,
  ruleStatuses,
} from '@loyalty/contracts';
import { createElement, Fragment } from 'react';
import { formatAmount, formatPoints, ltrText } from '../../../components/format.tsx';
import { LocalText } from '../../../components/localized.tsx';
import { fixedChoices, resourceUi } from '../../../components/resource.ts';
import { replayAddon } from '../../replays/widgets.ts';
import { earnTypeChoices, tierChoices } from '../choices.ts';
import { Translated } from '../Translated.tsx';

export const conditionChoices = ruleConditions.map((c) => ({
  value: c,
  label: `pointsRules.conditions.${c}`,
}));
const statusChoices = fixedChoices(ruleStatuses, 'pointsRules.statuses');

/** Points rules (PRODUCT §3.1). Screens: its contracts descriptor. */
export const pointsRuleUi = resourceUi<PointsRule, PointsRuleInput>(pointsRuleResource, {
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
    {
      name: 'status',
      label: 'pointsRules.fields.status',
      input: 'select',
      options: statusChoices,
      after: replayAddon({ create: 'pointsRule.create', update: 'pointsRule.update' }, 'rule-replay'),
    },
  ],
  columns: [
    { key: 'priority', label: 'pointsRules.fields.priority' },
    {
      key: 'transactionTypeName',
      label: 'pointsRules.fields.transactionTypeId',
      render: (r) => createElement(LocalText, { en: r.transactionTypeName, ar: r.transactionTypeNameAr }),
    },
    {
      key: 'tierName',
      label: 'pointsRules.fields.tierId',
      render: (r) =>
        r.tierName === null
          ? createElement(Translated, { k: 'pointsRules.allTiers' })
          : createElement(LocalText, { en: r.tierName, ar: r.tierNameAr }),
    },
    // Condition and amount read as one phrase ("More than 10,000.00"), the points bounds and the
    // validity as ranges: eleven fields in eight columns, so the list fits a 1366 px screen.
    {
      key: 'condition',
      label: 'pointsRules.fields.condition',
      render: (r) =>
        createElement(
          Fragment,
          null,
          createElement(Translated, { k: `pointsRules.conditions.${r.condition}` }),
          ' ',
          ltrText(formatAmount(r.amount)),
        ),
    },
    {
      key: 'pointsPerTransaction',
      label: 'pointsRules.fields.pointsPerTransaction',
      render: (r) => formatPoints(r.pointsPerTransaction),
    },
    {
      key: 'minPoints',
      label: 'pointsRules.pointsRange',
      render: (r) => ltrText(`${formatPoints(r.minPoints)} – ${formatPoints(r.maxPoints)}`),
    },
    {
      key: 'validFrom',
      label: 'pointsRules.validity',
      // Two lines (from →, until): the narrowest a range of two dates gets and never more: a
      // narrow column wraps the other cells' text instead.
      render: (r) =>
        createElement(
          'span',
          { style: { whiteSpace: 'pre' } },
          `${ltrText(`${r.validFrom} →`)}\n${ltrText(r.validUntil)}`,
        ),
    },
    {
      key: 'status',
      label: 'pointsRules.fields.status',
      render: (r) => createElement(Translated, { k: `pointsRules.statuses.${r.status}` }),
    },
  ],
  filters: [
    { name: 'status', label: 'pointsRules.fields.status', options: statusChoices },
    { name: 'tierId', label: 'pointsRules.fields.tierId', options: tierChoices },
  ],
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
