import type { ServerModule } from '../../platform/module.ts';
import { householdChannelRoutes, householdRoutes } from './households.routes.ts';
import { householdHandlers } from './households.service.ts';
import { householdTunables } from './tunables.ts';

/** Households: members who share points by transfers (decisions/households.md). */
export const householdsModule: ServerModule = {
  name: 'households',
  routes: householdRoutes,
  rootRoutes: async (app) => {
    await app.register(householdChannelRoutes, { prefix: '/api/integration/v1' });
  },
  handlers: householdHandlers,
  tunables: householdTunables,
};
