import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';

const page = areaPages('employees');

/**
 * Employees and customer permissions (PRODUCT §3.6): lazy pages by descriptor name and screen
 * (routes, labels, permissions: contracts).
 */
export const employeeResourcePages = {
  users: {
    list: page(() => import('./users/UserListPage.tsx')),
    create: page(() => import('./users/UserCreatePage.tsx')),
    edit: page(() => import('./users/UserEditPage.tsx')),
  },
  roles: {
    list: page(() => import('./roles/RoleListPage.tsx')),
    // One screen in two modes (create, and edit with ?id=).
    create: page(() => import('./roles/RoleFormPage.tsx')),
  },
  permissions: {
    list: page(() => import('./permissions/PermissionListPage.tsx')),
    create: page(() => import('./permissions/PermissionCreatePage.tsx')),
    edit: page(() => import('./permissions/PermissionEditPage.tsx')),
  },
  'customer-permissions': {
    list: page(() => import('./customerPermissions/CustomerPermissionListPage.tsx')),
    create: page(() => import('./customerPermissions/CustomerPermissionCreatePage.tsx')),
    edit: page(() => import('./customerPermissions/CustomerPermissionEditPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;
