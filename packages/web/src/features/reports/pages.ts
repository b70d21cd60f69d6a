import { reportRead } from '@loyalty/contracts';
import { lazyPage } from '../../components/lazyPage.tsx';

/** The reports' screens for the route table. */
export const reportPages = {
  /** MainReports: the report catalogue. */
  mainReports: {
    page: lazyPage(() => import('./MainReportsPage.tsx')),
    permission: reportRead.code,
  },
};
