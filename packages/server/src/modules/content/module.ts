import type { ServerModule } from '../../platform/module.ts';
import { requireApiKey } from '../integration/index.ts';
import { faqRoutes, publicFaqRoutes } from './faqs.routes.ts';
import { faqHandlers } from './faqs.service.ts';
import { legalDocumentRoutes, publicLegalRoutes } from './legalDocuments.routes.ts';
import { legalDocumentHandlers } from './legalDocuments.service.ts';
import { locationRoutes, publicLocationRoutes } from './locations.routes.ts';
import { locationHandlers } from './locations.service.ts';

/** Application content: branch and ATM locations, the FAQ, the privacy policy and the terms (docs/decisions/content.md). */
export const contentModule: ServerModule = {
  name: 'content',
  routes: async (app) => {
    await app.register(locationRoutes);
    await app.register(faqRoutes);
    await app.register(legalDocumentRoutes);
  },
  rootRoutes: async (app) => {
    await app.register(
      async (api) => {
        api.addHook('onRequest', requireApiKey);
        await api.register(publicLocationRoutes);
        await api.register(publicFaqRoutes);
        await api.register(publicLegalRoutes);
      },
      { prefix: '/api/integration/v1' },
    );
  },
  handlers: [...locationHandlers, ...faqHandlers, ...legalDocumentHandlers],
};
