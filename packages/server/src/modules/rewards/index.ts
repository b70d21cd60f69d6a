import { imageHandlers, imageRoutes } from '../../platform/files.ts';
import type { ServerModule } from '../../platform/module.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { categoryHandlers } from './categories.service.ts';
import { redemptionRoutes } from './redemptions.routes.ts';
import { redemptionHandlers } from './redemptions.service.ts';
import { storeHandlers } from './stores.service.ts';
import { voucherHandlers } from './vouchers.service.ts';

export const rewardsModule: ServerModule = {
  name: 'rewards',
  routes: async (app) => {
    await app.register(imageRoutes);
    await app.register(catalogueRoutes);
    await app.register(redemptionRoutes);
  },
  handlers: [
    ...imageHandlers,
    ...categoryHandlers,
    ...storeHandlers,
    ...voucherHandlers,
    ...redemptionHandlers,
  ],
};
