import { statusQueue } from '../../platform/metrics.ts';
import type { ServerModule } from '../../platform/module.ts';
import { messageCategoryRoutes } from './messageCategories.routes.ts';
import { messageCategoryHandlers } from './messageCategories.service.ts';
import { messageRoutes } from './messages.routes.ts';
import { messageHandlers } from './messages.service.ts';
import { messageTemplateRoutes } from './messageTemplates.routes.ts';
import { messageTemplateHandlers } from './messageTemplates.service.ts';
import { outboundMessageRoutes } from './outboundMessages.routes.ts';
import { outboundJobs, outboundMessageHandlers } from './outboundMessages.service.ts';
import { messagingTunables } from './tunables.ts';

/** Customer-service messaging: the queue and conversations, categories, templates, outbound messages. */
export const messagingModule: ServerModule = {
  name: 'messaging',
  routes: async (app) => {
    await app.register(messageRoutes);
    await app.register(messageCategoryRoutes);
    await app.register(messageTemplateRoutes);
    await app.register(outboundMessageRoutes);
  },
  handlers: [
    ...messageHandlers,
    ...messageCategoryHandlers,
    ...messageTemplateHandlers,
    ...outboundMessageHandlers,
  ],
  jobs: outboundJobs,
  tunables: messagingTunables,
  queues: [
    statusQueue('messaging', 'outbound_messages', { waiting: ['QUEUED'], running: ['SENDING'], failed: [] }),
  ],
};
