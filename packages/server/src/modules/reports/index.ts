import type { ServerModule } from '../../platform/module.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { reportJobs } from './dashboard.service.ts';
import { reportRoutes } from './reports.routes.ts';

/** The home dashboard and the reports, read from the ledger's daily roll-up (decisions/reports.md). */
export const reportsModule: ServerModule = {
  name: 'reports',
  routes: async (app) => {
    await app.register(dashboardRoutes);
    await app.register(reportRoutes);
  },
  handlers: [],
  jobs: reportJobs,
};
