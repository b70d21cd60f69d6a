import { customerRead } from '@loyalty/contracts';
import { lazyPage } from '../../app/lazyPage.tsx';

/** The customers' screens, for the route table. */
export const customerPages = {
  customers: { page: lazyPage(() => import('./CustomerListPage.tsx')), permission: customerRead.code },
  customerInfo: { page: lazyPage(() => import('./CustomerInfoPage.tsx')), permission: customerRead.code },
};
