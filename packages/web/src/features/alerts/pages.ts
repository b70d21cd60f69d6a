import {
  alertCommands,
  alertGroupCommands,
  alertGroupRead,
  alertRead,
  alertSettingsRead,
} from '@loyalty/contracts';
import { lazyPage, type ScreenPages } from '../../components/lazyPage.tsx';

/** The alert categories' screens (routes, labels, permissions: their contracts descriptor). */
export const alertResourcePages = {
  'alert-categories': {
    list: lazyPage(() => import('./CategoryListPage.tsx')),
    create: lazyPage(() => import('./CategoryCreatePage.tsx')),
    edit: lazyPage(() => import('./CategoryEditPage.tsx')),
    view: lazyPage(() => import('./CategoryPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;

/** The groups', alerts' and channel settings' screens, for the route table. */
export const alertPages = {
  addGroup: {
    page: lazyPage(() => import('./GroupCreatePage.tsx')),
    permission: alertGroupCommands.create.name,
  },
  editGroup: {
    page: lazyPage(() => import('./GroupEditPage.tsx')),
    permission: alertGroupCommands.update.name,
  },
  viewGroup: { page: lazyPage(() => import('./GroupPage.tsx')), permission: alertGroupRead.code },
  addAlert: { page: lazyPage(() => import('./AlertCreatePage.tsx')), permission: alertCommands.create.name },
  editAlert: { page: lazyPage(() => import('./AlertEditPage.tsx')), permission: alertCommands.update.name },
  viewAlert: { page: lazyPage(() => import('./AlertPage.tsx')), permission: alertRead.code },
  settings: { page: lazyPage(() => import('./SettingsPage.tsx')), permission: alertSettingsRead.code },
};
