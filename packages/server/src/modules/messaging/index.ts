import type { ServerModule } from '../../platform/module.ts';
import { messageCategoryRoutes } from './messageCategories.routes.ts';
import { messageCategoryHandlers } from './messageCategories.service.ts';
import { messageRoutes } from './messages.routes.ts';
import { messageHandlers } from './messages.service.ts';
import { messageTemplateRoutes } from './messageTemplates.routes.ts';
import { messageTemplateHandlers } from './messageTemplates.service.ts';

/** Customer-service messaging: the queue and conversations, categories, templates. */
export const messagingModule: ServerModule = {
  name: 'messaging',
  routes: async (app) => {
    await app.register(messageRoutes);
    await app.register(messageCategoryRoutes);
    await app.register(messageTemplateRoutes);
  },
  handlers: [...messageHandlers, ...messageCategoryHandlers, ...messageTemplateHandlers],
};
