import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';
import { resourcePages } from '../../components/resourcePages.tsx';

const page = areaPages('alerts');

/** The alert categories' screens (routes, labels, permissions: their contracts descriptor). */
export const alertResourcePages = {
  'alert-categories': {
    ...resourcePages(page, () => import('./categories.resource.tsx'), {
      alertCategoryUi: ['list', 'create', 'edit'],
    }),
    view: page(() => import('./CategoryPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;

/** The groups', alerts' and channel settings' screens, for the route table. */
export const alertPages = {
  addGroup: {
    page: page(() => import('./GroupCreatePage.tsx')),
    permission: 'alertGroup.create',
  },
  editGroup: {
    page: page(() => import('./GroupEditPage.tsx')),
    permission: 'alertGroup.update',
  },
  viewGroup: { page: page(() => import('./GroupPage.tsx')), permission: 'alertGroup.read' },
  addAlert: { page: page(() => import('./AlertCreatePage.tsx')), permission: 'alert.create' },
  editAlert: { page: page(() => import('./AlertEditPage.tsx')), permission: 'alert.update' },
  viewAlert: { page: page(() => import('./AlertPage.tsx')), permission: 'alert.read' },
  settings: { page: page(() => import('./SettingsPage.tsx')), permission: 'alertSettings.read' },
};
