import type { ServerModule } from '../../platform/module.ts';
import { challengeChannelRoutes, challengeCrudRoutes, challengeExtraRoutes } from './challenges.routes.ts';
import { challengeHandlers } from './challenges.service.ts';

/** Challenges: goals across transactions, moved by the earning's own statement (decisions/challenges.md). */
export const challengesModule: ServerModule = {
  name: 'challenges',
  routes: async (app) => {
    await app.register(challengeCrudRoutes);
    await app.register(challengeExtraRoutes);
  },
  rootRoutes: async (app) => {
    await app.register(challengeChannelRoutes, { prefix: '/api/integration/v1' });
  },
  handlers: challengeHandlers,
};
