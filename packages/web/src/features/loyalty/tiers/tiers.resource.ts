import { type Tier, type TierInput, tierInput, tierResource } from '@loyalty/contracts';
import { formatPoints } from '../../../components/format.tsx';
import { descriptionColumn, missingTranslationFilter, nameColumn } from '../../../components/localized.tsx';
import { resourceUi } from '../../../components/resource.ts';
import { replayAddon } from '../../replays/widgets.ts';

/** Loyalty tiers (PRODUCT §3.1). Screens: its contracts descriptor. */
export const tierUi = resourceUi<Tier, TierInput>(tierResource, {
  schema: tierInput,
  fields: [
    { name: 'name', label: 'tiers.fields.name', input: 'text' },
    { name: 'nameAr', label: 'common.nameAr', input: 'text' },
    { name: 'description', label: 'tiers.fields.description', input: 'textarea' },
    { name: 'descriptionAr', label: 'common.descriptionAr', input: 'textarea' },
    { name: 'minPoints', label: 'tiers.fields.minPoints', input: 'number' },
    {
      name: 'maxPoints',
      label: 'tiers.fields.maxPoints',
      input: 'number',
      dependencies: ['minPoints'],
      // The edit screen only: what new thresholds would have cost, and whom they would move.
      after: replayAddon({ update: 'tier.update' }, 'tier-replay'),
    },
  ],
  columns: [
    nameColumn('tiers.fields.name'),
    descriptionColumn('tiers.fields.description'),
    { key: 'minPoints', label: 'tiers.fields.minPoints', render: (t) => formatPoints(t.minPoints) },
    { key: 'maxPoints', label: 'tiers.fields.maxPoints', render: (t) => formatPoints(t.maxPoints) },
  ],
  filters: [missingTranslationFilter],
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
