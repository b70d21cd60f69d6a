import {
  type Tier,
  type TierInput,
  tierCommands,
  tierInput,
  tierResource,
  tierSortFields,
} from '@loyalty/contracts';
import { resourceApi } from '../../../api/resource.ts';
import { formatPoints } from '../../../components/format.tsx';
import { descriptionColumn, missingTranslationFilter, nameColumn } from '../../../components/localized.tsx';
import { defineResource, screenPaths } from '../../../components/resource.ts';

/** Loyalty tiers (PRODUCT §3.1). Screens: its contracts descriptor. */
export const tiersResource = defineResource<Tier, TierInput>({
  key: 'tiers',
  api: resourceApi(tierResource),
  schema: tierInput,
  fields: [
    { name: 'name', label: 'tiers.fields.name', input: 'text' },
    { name: 'nameAr', label: 'common.nameAr', input: 'text' },
    { name: 'description', label: 'tiers.fields.description', input: 'textarea' },
    { name: 'descriptionAr', label: 'common.descriptionAr', input: 'textarea' },
    { name: 'minPoints', label: 'tiers.fields.minPoints', input: 'number' },
    { name: 'maxPoints', label: 'tiers.fields.maxPoints', input: 'number', dependencies: ['minPoints'] },
  ],
  columns: [
    nameColumn('tiers.fields.name'),
    descriptionColumn('tiers.fields.description'),
    { key: 'minPoints', label: 'tiers.fields.minPoints', render: (t) => formatPoints(t.minPoints) },
    { key: 'maxPoints', label: 'tiers.fields.maxPoints', render: (t) => formatPoints(t.maxPoints) },
  ],
  sortFields: tierSortFields,
  filters: [missingTranslationFilter],
  permissions: {
    create: tierCommands.create.name,
    update: tierCommands.update.name,
    delete: tierCommands.delete.name,
  },
  paths: screenPaths(tierResource),
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
