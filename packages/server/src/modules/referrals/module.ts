import type { ServerModule } from '../../platform/module.ts';
import { referralProgrammeHandlers } from './referralProgrammes.service.ts';
import { referralChannelRoutes, referralProgrammeRoutes, referralRoutes } from './referrals.routes.ts';
import { referralHandlers } from './referrals.service.ts';

/** Referrals: programmes, codes, referrals qualified by the earning's own statement (decisions/referrals.md). */
export const referralsModule: ServerModule = {
  name: 'referrals',
  routes: async (app) => {
    await app.register(referralProgrammeRoutes);
    await app.register(referralRoutes);
  },
  rootRoutes: async (app) => {
    await app.register(referralChannelRoutes, { prefix: '/api/integration/v1' });
  },
  handlers: [...referralProgrammeHandlers, ...referralHandlers],
};
