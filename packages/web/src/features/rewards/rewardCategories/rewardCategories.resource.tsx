import {
  type RewardCategory,
  type RewardCategoryInput,
  rewardCategoryEditFields,
  rewardCategoryInput,
  rewardCategoryResource,
} from '@loyalty/contracts';
import { ImageThumb } from '../../../components/ImageThumb.tsx';
import { descriptionColumn, missingTranslationFilter, nameColumn } from '../../../components/localized.tsx';
import { resourceUi } from '../../../components/resource.ts';

/** Reward categories (PRODUCT §3.2). Screens: its contracts descriptor. */
export const rewardCategoryUi = resourceUi<RewardCategory, RewardCategoryInput>(rewardCategoryResource, {
  // The create form says 'you must fill all input' (the edit form's schema is below).
  schema: rewardCategoryInput,
  fields: [
    { name: 'name', label: 'rewards.fields.name', input: 'text' },
    { name: 'nameAr', label: 'common.nameAr', input: 'text' },
    { name: 'description', label: 'rewards.fields.description', input: 'textarea' },
    { name: 'descriptionAr', label: 'common.descriptionAr', input: 'textarea' },
    { name: 'imageId', label: 'rewards.fields.image', input: 'image' },
  ],
  columns: [
    { key: 'imageId', label: 'rewards.fields.image', render: (row) => <ImageThumb id={row.imageId} /> },
    nameColumn('rewards.fields.name'),
    descriptionColumn('rewards.fields.description'),
  ],
  filters: [missingTranslationFilter],
  messages: {
    created: 'msg.categoryCreated',
    updated: 'msg.categoryUpdated',
    createFailed: 'msg.categoryCreateFailed',
    updateFailed: 'msg.categoryUpdateFailed',
    fetchFailed: 'rewards.categories.fetchFailed',
    deleteFailed: 'msg.categoryDeleteFailed',
    deleteConfirm: 'msg.rewardDeleteConfirm',
    loading: 'msg.rewardsLoading',
    search: 'rewards.categories.search',
  },
});

/** The edit form validates with the edit schema: 'Please fill all fields.'. */
export const rewardCategoryEditUi = { ...rewardCategoryUi, schema: rewardCategoryEditFields };
