import { imageHandlers, imageRoutes } from '../../platform/files.ts';
import type { ServerModule } from '../../platform/module.ts';
import { redemptionRoutes } from './redemptions.routes.ts';
import { redemptionHandlers } from './redemptions.service.ts';
import { rewardCategoryRoutes } from './rewardCategories.routes.ts';
import { categoryHandlers } from './rewardCategories.service.ts';
import { storeRoutes } from './stores.routes.ts';
import { storeHandlers } from './stores.service.ts';
import { voucherRoutes } from './vouchers.routes.ts';
import { voucherHandlers } from './vouchers.service.ts';

export const rewardsModule: ServerModule = {
  name: 'rewards',
  routes: async (app) => {
    await app.register(imageRoutes);
    await app.register(rewardCategoryRoutes);
    await app.register(storeRoutes);
    await app.register(voucherRoutes);
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
