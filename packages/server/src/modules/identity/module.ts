import type { ServerModule } from '../../platform/module.ts';
import { customerPermissionRoutes } from './customerPermissions.routes.ts';
import { customerPermissionHandlers } from './customerPermissions.service.ts';
import { permissionRoutes } from './permissions.routes.ts';
import { permissionHandlers } from './permissions.service.ts';
import { roleRoutes } from './roles.routes.ts';
import { roleHandlers } from './roles.service.ts';
import { userRoutes } from './users.routes.ts';
import { userHandlers } from './users.service.ts';

/** For the integration API: refuse an operation whose customer-app feature is disabled. */

export const identityModule: ServerModule = {
  name: 'identity',
  routes: async (app) => {
    await app.register(userRoutes);
    await app.register(roleRoutes);
    await app.register(permissionRoutes);
    await app.register(customerPermissionRoutes);
  },
  handlers: [...userHandlers, ...roleHandlers, ...permissionHandlers, ...customerPermissionHandlers],
};
