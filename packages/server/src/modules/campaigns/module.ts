import type { ServerModule } from '../../platform/module.ts';
import { campaignCrudRoutes, campaignExtraRoutes } from './campaigns.routes.ts';
import { campaignHandlers } from './campaigns.service.ts';
import { campaignJobs } from './jobs.ts';

/** Campaigns: time-boxed bonuses the engine applies, budgets held by the database (decisions/campaigns.md). */
export const campaignsModule: ServerModule = {
  name: 'campaigns',
  routes: async (app) => {
    await app.register(campaignCrudRoutes);
    await app.register(campaignExtraRoutes);
  },
  handlers: campaignHandlers,
  jobs: campaignJobs,
};
