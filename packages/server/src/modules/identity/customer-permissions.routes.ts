import {
  customerPermissionCommands,
  customerPermissionFields,
  customerPermissionListQuery,
  customerPermissionPage,
  customerPermissionRead,
  customerPermissionSchema,
} from '@loyalty/contracts';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { getCustomerPermission, listCustomerPermissions } from './customer-permissions.service.ts';

export const customerPermissionRoutes = crudRoutes({
  path: '/customer-permissions',
  tag: 'Identity: customer permissions',
  read: customerPermissionRead,
  commands: customerPermissionCommands,
  schemas: {
    query: customerPermissionListQuery,
    create: customerPermissionFields,
    item: customerPermissionSchema,
    page: customerPermissionPage,
  },
  list: listCustomerPermissions,
  get: getCustomerPermission,
});
