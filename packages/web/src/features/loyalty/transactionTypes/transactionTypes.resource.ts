import {
  type TransactionType,
  type TransactionTypeInput,
  transactionKinds,
  transactionTypeInput,
  transactionTypeResource,
} from '@loyalty/contracts';
import { createElement } from 'react';
import { descriptionColumn, missingTranslationFilter, nameColumn } from '../../../components/localized.tsx';
import { resourceUi } from '../../../components/resource.ts';
import { Translated } from '../Translated.tsx';

const kinds = transactionKinds.map((k) => ({ value: k, label: `transactionTypes.kinds.${k}` }));

/** Transaction types (PRODUCT §3.1). Screens: its contracts descriptor. */
export const transactionTypeUi = resourceUi<TransactionType, TransactionTypeInput>(transactionTypeResource, {
  schema: transactionTypeInput,
  fields: [
    { name: 'name', label: 'transactionTypes.fields.name', input: 'text' },
    { name: 'nameAr', label: 'common.nameAr', input: 'text' },
    { name: 'description', label: 'transactionTypes.fields.description', input: 'textarea' },
    { name: 'descriptionAr', label: 'common.descriptionAr', input: 'textarea' },
    { name: 'type', label: 'transactionTypes.fields.type', input: 'select', options: kinds },
    { name: 'code', label: 'transactionTypes.fields.code', input: 'text' },
  ],
  columns: [
    nameColumn('transactionTypes.fields.name'),
    { key: 'code', label: 'transactionTypes.fields.code' },
    {
      key: 'type',
      label: 'transactionTypes.fields.type',
      render: (r) => createElement(Translated, { k: `transactionTypes.kinds.${r.type}` }),
    },
    descriptionColumn('transactionTypes.fields.description'),
  ],
  filters: [
    { name: 'type', label: 'transactionTypes.fields.type', options: kinds },
    missingTranslationFilter,
  ],
  messages: {
    created: 'transactionTypes.created',
    updated: 'transactionTypes.updated',
    createFailed: 'transactionTypes.createFailed',
    updateFailed: 'transactionTypes.updateFailed',
    fetchFailed: 'transactionTypes.fetchFailed',
    deleteFailed: 'transactionTypes.deleteFailed',
    deleteConfirm: 'transactionTypes.deleteConfirm',
    loading: 'transactionTypes.loading',
    search: 'transactionTypes.search',
  },
});
