import { z } from 'zod';
import { arabicText, missingTranslationFilter } from '../bilingual.ts';
import { command, type ReadPermission } from '../commands.ts';
import { idInput, requiredText, timestamps } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';
import { imageIdField } from './images.ts';

/**
 * A category of the rewards catalogue. The spec gives the category two "missing" messages:
 * the create form says 'you must fill all input', the edit form 'Please fill all fields.'.
 */
const categoryFields = (missingKey: 'mustFillAllInput' | 'fillAllFields') =>
  z.object({
    name: requiredText(missingKey, 100),
    nameAr: arabicText(100),
    description: requiredText(missingKey, 500),
    descriptionAr: arabicText(500),
    imageId: imageIdField(missingKey),
  });

export const rewardCategoryInput = categoryFields('mustFillAllInput');
export type RewardCategoryInput = z.infer<typeof rewardCategoryInput>;
export const rewardCategoryEditFields = categoryFields('fillAllFields');
export const rewardCategoryUpdateInput = rewardCategoryEditFields.extend(idInput.shape);

export const rewardCategorySchema = rewardCategoryInput.extend({
  id: z.number().int(),
  ...timestamps,
});
export type RewardCategory = z.infer<typeof rewardCategorySchema>;

export const rewardCategorySortFields = ['name', 'createdAt'] as const;
export const rewardCategoryListQuery = listQuerySchema(rewardCategorySortFields, {
  missingTranslation: missingTranslationFilter,
});
export type RewardCategoryListQuery = z.output<typeof rewardCategoryListQuery>;
export const rewardCategoryPage = pageSchema(rewardCategorySchema);

export const rewardCategoryCommands = {
  create: command('rewardCategory.create', rewardCategoryInput, 'Create a reward category'),
  update: command('rewardCategory.update', rewardCategoryUpdateInput, 'Update a reward category'),
  delete: command('rewardCategory.delete', idInput, 'Delete a reward category'),
};
export const rewardCategoryRead: ReadPermission = {
  code: 'rewardCategory.read',
  summary: 'View reward categories',
};

export const rewardCategoryResource = defineResource({
  name: 'reward-categories',
  area: 'rewards',
  tag: 'Rewards: categories',
  item: rewardCategorySchema,
  page: rewardCategoryPage,
  query: rewardCategoryListQuery,
  sortFields: rewardCategorySortFields,
  read: rewardCategoryRead,
  commands: rewardCategoryCommands,
  screens: {
    list: { path: 'rewards/category', label: 'rewardCategories' },
    create: { path: 'create-category', label: 'createRewardCategory' },
    edit: { path: 'edit-category/:id', label: 'editRewardCategory' },
  },
  menu: { group: 'rewards' },
});
