import { rewardCategoryEditFields, rewardCategoryInput, rewardCategoryResource } from '@loyalty/contracts';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { getCategory, listCategories } from './rewardCategories.service.ts';

export const rewardCategoryRoutes = crudRoutes(rewardCategoryResource, {
  // The edit form answers 'Please fill all fields.', the create form 'you must fill all input'.
  body: { create: rewardCategoryInput, update: rewardCategoryEditFields },
  list: listCategories,
  get: getCategory,
});
