import { type Tier, type TierInput, tierCommands, tierInput, tierSortFields } from '@loyalty/contracts';
import { resourceApi } from '../../../api/resource.ts';
import { formatPoints } from '../../../components/format.tsx';
import { defineResource } from '../../../components/resource.ts';

/** Loyalty tiers (PRODUCT §3.1). Screens: loyalty/tire, create-tire, edit-tire/:id. */
export const tiersResource = defineResource<Tier, TierInput>({
  key: 'tiers',
  api: resourceApi<Tier, TierInput>('/api/admin/tiers'),
  schema: tierInput,
  fields: [
    { name: 'name', label: 'tiers.fields.name', input: 'text' },
    { name: 'description', label: 'tiers.fields.description', input: 'textarea' },
    { name: 'minPoints', label: 'tiers.fields.minPoints', input: 'number' },
    { name: 'maxPoints', label: 'tiers.fields.maxPoints', input: 'number', dependencies: ['minPoints'] },
  ],
  columns: [
    { key: 'name', label: 'tiers.fields.name' },
    { key: 'description', label: 'tiers.fields.description' },
    { key: 'minPoints', label: 'tiers.fields.minPoints', render: (t) => formatPoints(t.minPoints) },
    { key: 'maxPoints', label: 'tiers.fields.maxPoints', render: (t) => formatPoints(t.maxPoints) },
  ],
  sortFields: tierSortFields,
  permissions: {
    create: tierCommands.create.name,
    update: tierCommands.update.name,
    delete: tierCommands.delete.name,
  },
  paths: {
    list: '/dashboard/loyalty/tire',
    create: '/dashboard/create-tire',
    edit: (id) => `/dashboard/edit-tire/${id}`,
  },
  messages: {
    created: 'msg.tierCreated',
    updated: 'msg.tierUpdated',
    createFailed: 'msg.tierCreateFailed',
    updateFailed: 'msg.tierUpdateFailed',
    fetchFailed: 'msg.tierFetchFailed',
    deleteFailed: 'msg.tierDeleteFailed',
    deleteConfirm: 'msg.tierDeleteConfirm',
    loading: 'tiers.loading',
    search: 'tiers.search',
  },
});
