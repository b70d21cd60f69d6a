import { alertCategoryFields, alertCategoryResource } from '@loyalty/contracts';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { getAlertCategory, listAlertCategories } from './alertCategories.service.ts';

export const alertCategoryRoutes = crudRoutes(alertCategoryResource, {
  body: { create: alertCategoryFields },
  list: listAlertCategories,
  get: getAlertCategory,
});
