import { reportRead } from '@loyalty/contracts';
import { lazyPage, type ScreenPages } from '../../components/lazyPage.tsx';

/** The reports' screens for the route table. */
export const reportPages = {
  /** MainReports: the report catalogue. */
  mainReports: {
    page: lazyPage(() => import('./MainReportsPage.tsx')),
    permission: reportRead.code,
  },
};

/** Scheduled reports' screens (routes, labels, permissions: their contracts descriptor). */
export const reportResourcePages = {
  'report-schedules': {
    list: lazyPage(() => import('./schedules/SchedulesPage.tsx')),
    create: lazyPage(() => import('./schedules/ScheduleCreatePage.tsx')),
    edit: lazyPage(() => import('./schedules/ScheduleEditPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;
