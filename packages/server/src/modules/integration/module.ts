import type { ServerModule } from '../../platform/module.ts';
import { apiKeyRoutes } from './apiKeys.routes.ts';
import { apiKeyHandlers } from './apiKeys.service.ts';
import { channelRoutes } from './channel.routes.ts';
import { channelHandlers } from './channel.service.ts';

export const integrationModule: ServerModule = {
  name: 'integration',
  routes: apiKeyRoutes,
  rootRoutes: async (app) => {
    await app.register(channelRoutes, { prefix: '/api/integration/v1' });
  },
  handlers: [...apiKeyHandlers, ...channelHandlers],
};
