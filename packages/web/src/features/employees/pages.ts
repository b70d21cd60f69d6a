import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';
import { resourcePages } from '../../components/resourcePages.tsx';

const page = areaPages('employees');

/**
 * Employees and customer permissions (PRODUCT §3.6): lazy pages by descriptor name and screen
 * (routes, labels, permissions: contracts).
 */
export const employeeResourcePages = {
  users: {
    ...resourcePages(page, () => import('./users/users.resource.tsx'), { userUi: ['list'] }),
    create: page(() => import('./users/UserCreatePage.tsx')),
    edit: page(() => import('./users/UserEditPage.tsx')),
  },
  roles: {
    ...resourcePages(page, () => import('./roles/roles.resource.tsx'), { roleUi: ['list'] }),
    // One screen in two modes (create, and edit with ?id=).
    create: page(() => import('./roles/RoleFormPage.tsx')),
  },
  permissions: {
    ...resourcePages(page, () => import('./permissions/permissions.resource.tsx'), {
      staffPermissionUi: ['list', 'edit'],
    }),
    create: page(() => import('./permissions/PermissionCreatePage.tsx')),
  },
  'customer-permissions': resourcePages(
    page,
    () => import('./customerPermissions/customerPermissions.resource.tsx'),
    { customerPermissionUi: ['list', 'create', 'edit'] },
  ),
} satisfies Record<string, ScreenPages>;
