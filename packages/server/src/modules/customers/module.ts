import type { ServerModule } from '../../platform/module.ts';
import { customerRoutes } from './customers.routes.ts';
import { customerHandlers } from './customers.service.ts';
import { customerTunables } from './tunables.ts';

export const customersModule: ServerModule = {
  name: 'customers',
  routes: customerRoutes,
  handlers: customerHandlers,
  tunables: customerTunables,
};
