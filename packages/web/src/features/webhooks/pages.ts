import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';

const page = areaPages('webhooks');

/** The webhook endpoints' screens (routes, labels, permissions: their contracts descriptor). */
export const webhookResourcePages = {
  'webhook-endpoints': {
    list: page(() => import('./EndpointListPage.tsx')),
    create: page(() => import('./EndpointCreatePage.tsx')),
    edit: page(() => import('./EndpointEditPage.tsx')),
    view: page(() => import('./EndpointPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;
