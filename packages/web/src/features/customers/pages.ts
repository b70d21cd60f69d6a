import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';
import { resourcePages } from '../../components/resourcePages.tsx';

const page = areaPages('customers');

/** The customer list's lazy page, by descriptor name and screen (route, label, permission: contracts). */
export const customerResourcePages = {
  customers: resourcePages(page, () => import('./customers.resource.ts'), { customerUi: ['list'] }),
} satisfies Record<string, ScreenPages>;

/** customer/info, a screen of its own (not a resource screen), for the route table. */
export const customerPages = {
  customerInfo: { page: page(() => import('./CustomerInfoPage.tsx')), permission: 'customer.read' },
};
