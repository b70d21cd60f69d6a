import { customerRead } from '@loyalty/contracts';
import { lazyPage, type ScreenPages } from '../../components/lazyPage.tsx';

/** The customer list's lazy page, by descriptor name and screen (route, label, permission: contracts). */
export const customerResourcePages = {
  customers: { list: lazyPage(() => import('./CustomerListPage.tsx')) },
} satisfies Record<string, ScreenPages>;

/** customer/info, a screen of its own (not a resource screen), for the route table. */
export const customerPages = {
  customerInfo: { page: lazyPage(() => import('./CustomerInfoPage.tsx')), permission: customerRead.code },
};
