import type { ServerModule } from '../../platform/module.ts';
import { logRoutes } from './logs.routes.ts';
import { systemLogHandlers, systemLogJobs } from './systemLogs.service.ts';

export { type SystemLogDestination, systemLogDestination } from './systemLogs.destination.ts';

/** The audit trail (AdminLogs: list, export, chain verification) and SystemLogs. */
export const logsModule: ServerModule = {
  name: 'logs',
  routes: logRoutes,
  handlers: [...systemLogHandlers],
  jobs: systemLogJobs,
};
