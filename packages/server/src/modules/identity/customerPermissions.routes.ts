import { customerPermissionFields, customerPermissionResource } from '@loyalty/contracts';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { getCustomerPermission, listCustomerPermissions } from './customerPermissions.service.ts';

export const customerPermissionRoutes = crudRoutes(customerPermissionResource, {
  body: { create: customerPermissionFields },
  list: listCustomerPermissions,
  get: getCustomerPermission,
});
