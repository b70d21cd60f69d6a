import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';

const page = areaPages('imports');

/** The imports' screens (routes, labels, permissions: their contracts descriptor). */
export const importResourcePages = {
  imports: {
    list: page(() => import('./ImportListPage.tsx')),
    create: page(() => import('./ImportCreatePage.tsx')),
    view: page(() => import('./ImportPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;
