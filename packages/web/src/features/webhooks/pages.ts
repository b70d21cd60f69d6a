import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';
import { resourcePages } from '../../components/resourcePages.tsx';

const page = areaPages('webhooks');

/** The webhook endpoints' screens (routes, labels, permissions: their contracts descriptor). */
export const webhookResourcePages = {
  'webhook-endpoints': {
    ...resourcePages(page, () => import('./endpoints.resource.tsx'), { webhookEndpointUi: ['edit'] }),
    list: page(() => import('./EndpointListPage.tsx')),
    create: page(() => import('./EndpointCreatePage.tsx')),
    view: page(() => import('./EndpointPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;
