import {
  customerPermissionCommands,
  customerPermissionFields,
  customerPermissionListQuery,
  customerPermissionPage,
  customerPermissionRead,
  customerPermissionSchema,
} from '@loyalty/contracts';
import { crudRoutes } from '../security/crud.ts';
import { getCustomerPermission, listCustomerPermissions } from './customer-permissions.service.ts';

export const customerPermissionRoutes = crudRoutes({
  path: '/customer-permissions',
  tags: ['Identity: customer permissions'],
  read: customerPermissionRead,
  commands: customerPermissionCommands,
  item: customerPermissionSchema,
  page: customerPermissionPage,
  listQuery: customerPermissionListQuery,
  fields: customerPermissionFields,
  list: listCustomerPermissions,
  get: getCustomerPermission,
});
