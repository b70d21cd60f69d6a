import { messageCategoryFields, messageCategoryResource } from '@loyalty/contracts';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { getMessageCategory, listMessageCategories } from './messageCategories.service.ts';

export const messageCategoryRoutes = crudRoutes(messageCategoryResource, {
  body: { create: messageCategoryFields },
  list: listMessageCategories,
  get: getMessageCategory,
});
