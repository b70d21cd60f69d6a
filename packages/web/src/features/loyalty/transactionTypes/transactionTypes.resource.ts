import {
  type TransactionType,
  type TransactionTypeInput,
  transactionKinds,
  transactionTypeCommands,
  transactionTypeInput,
  transactionTypeSortFields,
} from '@loyalty/contracts';
import { createElement } from 'react';
import { resourceApi } from '../../../api/resource.ts';
import { defineResource } from '../../../components/resource.ts';
import { Translated } from '../Translated.tsx';

const kinds = transactionKinds.map((k) => ({ value: k, label: `transactionTypes.kinds.${k}` }));

/** Transaction types (PRODUCT §3.1). Screens: loyalty/transaction, loyalty/transaction-create, transaction-edit/:id. */
export const transactionTypesResource = defineResource<TransactionType, TransactionTypeInput>({
  key: 'transaction-types',
  api: resourceApi<TransactionType, TransactionTypeInput>('/api/admin/transaction-types'),
  schema: transactionTypeInput,
  fields: [
    { name: 'name', label: 'transactionTypes.fields.name', input: 'text' },
    { name: 'description', label: 'transactionTypes.fields.description', input: 'textarea' },
    { name: 'type', label: 'transactionTypes.fields.type', input: 'select', options: kinds },
    { name: 'code', label: 'transactionTypes.fields.code', input: 'text' },
  ],
  columns: [
    { key: 'name', label: 'transactionTypes.fields.name' },
    { key: 'code', label: 'transactionTypes.fields.code' },
    {
      key: 'type',
      label: 'transactionTypes.fields.type',
      render: (r) => createElement(Translated, { k: `transactionTypes.kinds.${r.type}` }),
    },
    { key: 'description', label: 'transactionTypes.fields.description' },
  ],
  sortFields: transactionTypeSortFields,
  filters: [{ name: 'type', label: 'transactionTypes.fields.type', options: kinds }],
  permissions: {
    create: transactionTypeCommands.create.name,
    update: transactionTypeCommands.update.name,
    delete: transactionTypeCommands.delete.name,
  },
  paths: {
    list: '/dashboard/loyalty/transaction',
    create: '/dashboard/loyalty/transaction-create',
    edit: (id) => `/dashboard/transaction-edit/${id}`,
  },
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
