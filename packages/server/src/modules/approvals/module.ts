import type { ServerModule } from '../../platform/module.ts';
import { approvalRoutes } from './approvalRequests.routes.ts';
import { decisionHandlers } from './approvalRequests.service.ts';
import { makerCheckerRoutes } from './makerChecker.routes.ts';
import { makerCheckerHandlers } from './makerChecker.service.ts';

/** Maker-checker: the service catalogue and its settings, pending requests and their decisions. */
export const approvalsModule: ServerModule = {
  name: 'approvals',
  routes: async (app) => {
    await app.register(approvalRoutes);
    await app.register(makerCheckerRoutes);
  },
  handlers: [...makerCheckerHandlers, ...decisionHandlers],
};
