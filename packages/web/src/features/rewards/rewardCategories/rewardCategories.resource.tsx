import {
  type RewardCategory,
  type RewardCategoryInput,
  rewardCategoryCommands,
  rewardCategoryEditFields,
  rewardCategoryInput,
  rewardCategoryResource,
  rewardCategorySortFields,
} from '@loyalty/contracts';
import { resourceApi } from '../../../api/resource.ts';
import { ImageThumb } from '../../../components/ImageThumb.tsx';
import { descriptionColumn, missingTranslationFilter, nameColumn } from '../../../components/localized.tsx';
import { defineResource, screenPaths } from '../../../components/resource.ts';

/** Reward categories (PRODUCT §3.2). Screens: its contracts descriptor. */
export const rewardCategoriesResource = defineResource<RewardCategory, RewardCategoryInput>({
  key: 'reward-categories',
  api: resourceApi(rewardCategoryResource),
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
  sortFields: rewardCategorySortFields,
  filters: [missingTranslationFilter],
  permissions: {
    create: rewardCategoryCommands.create.name,
    update: rewardCategoryCommands.update.name,
    delete: rewardCategoryCommands.delete.name,
  },
  paths: screenPaths(rewardCategoryResource),
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
export const rewardCategoryEditResource = { ...rewardCategoriesResource, schema: rewardCategoryEditFields };
