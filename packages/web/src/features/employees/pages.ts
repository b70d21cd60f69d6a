import {
  customerPermissionCommands,
  customerPermissionRead,
  roleRead,
  staffPermissionCommands,
  staffPermissionRead,
  userCommands,
  userRead,
} from '@loyalty/contracts';
import { lazyPage } from '../../app/lazyPage.tsx';

/** Employees and customer permissions (PRODUCT §3.6) for the route table. */
export const employeePages = {
  users: { page: lazyPage(() => import('./users/UserListPage.tsx')), permission: userRead.code },
  createUser: {
    page: lazyPage(() => import('./users/UserCreatePage.tsx')),
    permission: userCommands.create.name,
  },
  editUser: {
    page: lazyPage(() => import('./users/UserEditPage.tsx')),
    permission: userCommands.update.name,
  },
  roles: { page: lazyPage(() => import('./roles/RoleListPage.tsx')), permission: roleRead.code },
  // One screen in two modes (create, and edit with ?id=): reading roles is what it needs first.
  createRole: { page: lazyPage(() => import('./roles/RoleFormPage.tsx')), permission: roleRead.code },
  permissions: {
    page: lazyPage(() => import('./permissions/PermissionListPage.tsx')),
    permission: staffPermissionRead.code,
  },
  createPermission: {
    page: lazyPage(() => import('./permissions/PermissionCreatePage.tsx')),
    permission: staffPermissionRead.code,
  },
  editPermission: {
    page: lazyPage(() => import('./permissions/PermissionEditPage.tsx')),
    permission: staffPermissionCommands.update.name,
  },
  customerPermissions: {
    page: lazyPage(() => import('./customerPermissions/CustomerPermissionListPage.tsx')),
    permission: customerPermissionRead.code,
  },
  createCustomerPermission: {
    page: lazyPage(() => import('./customerPermissions/CustomerPermissionCreatePage.tsx')),
    permission: customerPermissionCommands.create.name,
  },
  editCustomerPermission: {
    page: lazyPage(() => import('./customerPermissions/CustomerPermissionEditPage.tsx')),
    permission: customerPermissionCommands.update.name,
  },
};
