import { alertGroupFields, alertGroupResource } from '@loyalty/contracts';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { getAlertGroup, listAlertGroups } from './alertGroups.service.ts';

export const alertGroupRoutes = crudRoutes(alertGroupResource, {
  body: { create: alertGroupFields },
  list: listAlertGroups,
  get: getAlertGroup,
});
