import type { ServerModule } from '../../platform/module.ts';
import { tierRoutes } from './tiers.routes.ts';
import { tierHandlers } from './tiers.service.ts';

export const loyaltyModule: ServerModule = {
  name: 'loyalty',
  routes: async (app) => {
    await app.register(tierRoutes);
  },
  handlers: [...tierHandlers],
};
