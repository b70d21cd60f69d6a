import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';

const page = areaPages('reports');

/** The reports' screens for the route table. */
export const reportPages = {
  /** MainReports: the report catalogue. */
  mainReports: {
    page: page(() => import('./MainReportsPage.tsx')),
    permission: 'report.read',
  },
};

/** Scheduled reports' screens (routes, labels, permissions: their contracts descriptor). */
export const reportResourcePages = {
  'report-schedules': {
    list: page(() => import('./schedules/SchedulesPage.tsx')),
    create: page(() => import('./schedules/ScheduleCreatePage.tsx')),
    edit: page(() => import('./schedules/ScheduleEditPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;
