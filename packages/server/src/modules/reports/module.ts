import { openReportsReader } from '../../platform/exports.ts';
import { statusQueue } from '../../platform/metrics.ts';
import type { ServerModule } from '../../platform/module.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { reportJobs } from './dashboard.service.ts';
import { reportJobHandlers, reportScheduleJobs } from './jobs.service.ts';
import { reportRoutes } from './reports.routes.ts';
import { snapshotJobs } from './reports.service.ts';
import { reportTunables } from './tunables.ts';

/**
 * The home dashboard and the reports, read from the ledger's daily roll-up; reports run in the
 * background and e-mailed on a schedule (decisions/reports.md).
 */
export const reportsModule: ServerModule = {
  name: 'reports',
  routes: async (app) => {
    const replica = app.config.reportsDatabase;
    if (replica) app.addHook('onClose', openReportsReader(replica.url, replica.poolSize));
    await app.register(dashboardRoutes);
    await app.register(reportRoutes);
  },
  handlers: reportJobHandlers,
  tunables: reportTunables,
  jobs: [...reportJobs, ...snapshotJobs, ...reportScheduleJobs],
  queues: [
    statusQueue('reports', 'report_runs', { waiting: ['QUEUED'], running: ['RUNNING'], failed: ['FAILED'] }),
  ],
};
