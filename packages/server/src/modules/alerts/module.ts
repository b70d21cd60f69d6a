import { statusQueue } from '../../platform/metrics.ts';
import type { ServerModule } from '../../platform/module.ts';
import { alertCategoryRoutes } from './alertCategories.routes.ts';
import { alertCategoryHandlers } from './alertCategories.service.ts';
import { alertDeliveryHandlers } from './alertDeliveries.service.ts';
import { alertGroupRoutes } from './alertGroups.routes.ts';
import { alertGroupHandlers } from './alertGroups.service.ts';
import { alertPreferenceHandlers } from './alertPreferences.service.ts';
import { alertSettingsHandlers } from './alertSettings.service.ts';
import { alertCrudRoutes, alertExtraRoutes } from './alerts.routes.ts';
import { alertHandlers } from './alerts.service.ts';
import { alertJobs } from './delivery.ts';
import { alertTunables } from './tunables.ts';

/** Alerts: categories, groups, alerts, their deliveries over e-mail, SMS and in-app, channel settings. */
export const alertsModule: ServerModule = {
  name: 'alerts',
  routes: async (app) => {
    await app.register(alertCategoryRoutes);
    await app.register(alertGroupRoutes);
    await app.register(alertCrudRoutes);
    await app.register(alertExtraRoutes);
  },
  handlers: [
    ...alertCategoryHandlers,
    ...alertGroupHandlers,
    ...alertHandlers,
    ...alertDeliveryHandlers,
    ...alertPreferenceHandlers,
    ...alertSettingsHandlers,
  ],
  jobs: alertJobs(),
  tunables: alertTunables,
  queues: [
    statusQueue('alerts', 'alert_deliveries', {
      waiting: ['PENDING'],
      running: ['SENDING'],
      failed: ['DEAD'],
    }),
  ],
};
