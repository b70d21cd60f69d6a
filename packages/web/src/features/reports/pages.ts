import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';
import { resourcePages } from '../../components/resourcePages.tsx';

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
    ...resourcePages(page, () => import('./schedules/schedules.resource.tsx'), {
      reportScheduleUi: ['list', 'edit'],
    }),
    create: page(() => import('./schedules/ScheduleCreatePage.tsx')),
  },
} satisfies Record<string, ScreenPages>;
