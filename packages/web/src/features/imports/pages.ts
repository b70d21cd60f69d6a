import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';
import { resourcePages } from '../../components/resourcePages.tsx';

const page = areaPages('imports');

/** The imports' screens (routes, labels, permissions: their contracts descriptor). */
export const importResourcePages = {
  imports: {
    list: page(() => import('./ImportListPage.tsx')),
    create: page(() => import('./ImportCreatePage.tsx')),
    view: page(() => import('./ImportPage.tsx')),
  },
  'file-layouts': {
    ...resourcePages(page, () => import('./layouts/fileLayouts.resource.tsx'), { fileLayoutUi: ['list'] }),
    create: page(() => import('./layouts/FileLayoutFormPage.tsx')),
    edit: page(() => import('./layouts/FileLayoutFormPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;
