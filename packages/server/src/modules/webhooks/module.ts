import { statusQueue } from '../../platform/metrics.ts';
import type { ServerModule } from '../../platform/module.ts';
import { outboxQueue, webhookJobs } from './delivery.ts';
import { webhookTunables } from './tunables.ts';
import { webhookDeliveryHandlers } from './webhookDeliveries.service.ts';
import { webhookEndpointCrudRoutes, webhookExtraRoutes } from './webhookEndpoints.routes.ts';
import { webhookEndpointHandlers } from './webhookEndpoints.service.ts';

/** Webhooks: endpoints, the outbox their events fill, signed delivery with retries, replay, the log. */
export const webhooksModule: ServerModule = {
  name: 'webhooks',
  routes: async (app) => {
    await app.register(webhookEndpointCrudRoutes);
    await app.register(webhookExtraRoutes);
  },
  handlers: [...webhookEndpointHandlers, ...webhookDeliveryHandlers],
  jobs: webhookJobs(),
  tunables: webhookTunables,
  queues: [
    statusQueue('webhooks', 'webhook_deliveries', {
      waiting: ['PENDING'],
      running: ['SENDING'],
      failed: ['DEAD'],
    }),
    outboxQueue,
  ],
};
