import { type Store, type StoreInput, storeInput, storeResource } from '@loyalty/contracts';
import { ImageThumb } from '../../../components/ImageThumb.tsx';
import { LocalText, missingTranslationFilter, nameColumn } from '../../../components/localized.tsx';
import { resourceUi } from '../../../components/resource.ts';
import { rewardCategoryChoices } from '../choices.ts';

/** Partner stores (PRODUCT §3.2). Screens: its contracts descriptor. */
export const storeUi = resourceUi<Store, StoreInput>(storeResource, {
  schema: storeInput,
  fields: [
    { name: 'name', label: 'rewards.fields.name', input: 'text' },
    { name: 'nameAr', label: 'common.nameAr', input: 'text' },
    { name: 'categoryId', label: 'rewards.fields.category', input: 'select', options: rewardCategoryChoices },
    { name: 'imageId', label: 'rewards.fields.image', input: 'image' },
  ],
  columns: [
    { key: 'imageId', label: 'rewards.fields.image', render: (row) => <ImageThumb id={row.imageId} /> },
    nameColumn('rewards.fields.name'),
    {
      key: 'categoryName',
      label: 'rewards.fields.category',
      render: (row) => <LocalText en={row.categoryName} ar={row.categoryNameAr} />,
    },
  ],
  filters: [
    { name: 'categoryId', label: 'rewards.fields.category', options: rewardCategoryChoices },
    missingTranslationFilter,
  ],
  messages: {
    created: 'msg.storeCreated',
    updated: 'msg.storeUpdated',
    deleted: 'msg.storeDeleted',
    createFailed: 'msg.storeSubmitFailed',
    updateFailed: 'msg.storeUpdateFailed',
    fetchFailed: 'rewards.stores.fetchFailed',
    deleteFailed: 'msg.storeDeleteFailed',
    deleteConfirm: 'msg.rewardDeleteConfirm',
    loading: 'msg.storesLoading',
    search: 'rewards.stores.search',
  },
});
