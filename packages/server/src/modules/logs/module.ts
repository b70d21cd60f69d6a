import type { ServerModule } from '../../platform/module.ts';
import { adminLogRoutes } from './adminLogs.routes.ts';
import { systemLogRoutes } from './systemLogs.routes.ts';
import { systemLogHandlers, systemLogJobs } from './systemLogs.service.ts';
import { logTunables } from './tunables.ts';

/** The audit trail (AdminLogs: list, export, chain verification) and SystemLogs. */
export const logsModule: ServerModule = {
  name: 'logs',
  routes: async (app) => {
    await app.register(adminLogRoutes);
    await app.register(systemLogRoutes);
  },
  handlers: [...systemLogHandlers],
  jobs: systemLogJobs,
  tunables: logTunables,
};
