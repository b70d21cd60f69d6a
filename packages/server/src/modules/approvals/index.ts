import type { ServerModule } from '../../platform/module.ts';
import { approvalRoutes } from './approvalRequests.routes.ts';
import { decisionHandlers } from './approvalRequests.service.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { catalogueHandlers } from './catalogue.service.ts';

export { ensureApprovalCatalogue } from './catalogue.service.ts';
export { makerCheckerGate } from './gate.ts';

/** Maker-checker: the service catalogue and its settings, pending requests and their decisions. */
export const approvalsModule: ServerModule = {
  name: 'approvals',
  routes: async (app) => {
    await app.register(approvalRoutes);
    await app.register(catalogueRoutes);
  },
  handlers: [...catalogueHandlers, ...decisionHandlers],
};
