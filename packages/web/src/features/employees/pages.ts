import { lazyPage, type ScreenPages } from '../../components/lazyPage.tsx';

/**
 * Employees and customer permissions (PRODUCT §3.6): lazy pages by descriptor name and screen
 * (routes, labels, permissions: contracts).
 */
export const employeeResourcePages = {
  users: {
    list: lazyPage(() => import('./users/UserListPage.tsx')),
    create: lazyPage(() => import('./users/UserCreatePage.tsx')),
    edit: lazyPage(() => import('./users/UserEditPage.tsx')),
  },
  roles: {
    list: lazyPage(() => import('./roles/RoleListPage.tsx')),
    // One screen in two modes (create, and edit with ?id=).
    create: lazyPage(() => import('./roles/RoleFormPage.tsx')),
  },
  permissions: {
    list: lazyPage(() => import('./permissions/PermissionListPage.tsx')),
    create: lazyPage(() => import('./permissions/PermissionCreatePage.tsx')),
    edit: lazyPage(() => import('./permissions/PermissionEditPage.tsx')),
  },
  'customer-permissions': {
    list: lazyPage(() => import('./customerPermissions/CustomerPermissionListPage.tsx')),
    create: lazyPage(() => import('./customerPermissions/CustomerPermissionCreatePage.tsx')),
    edit: lazyPage(() => import('./customerPermissions/CustomerPermissionEditPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;
