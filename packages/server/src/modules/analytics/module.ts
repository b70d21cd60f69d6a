import type { ServerModule } from '../../platform/module.ts';
import { churnRoutes } from './churn.routes.ts';
import { churnHandlers, churnJobs } from './churn.service.ts';
import { nlpRoutes } from './nlp.routes.ts';

import { nlpHandlers, nlpJobs } from './nlp.service.ts';

/** Analytics: customer churn and NLP on customer messages. See decisions/analytics.md. */
export const analyticsModule: ServerModule = {
  name: 'analytics',
  routes: async (app) => {
    await app.register(churnRoutes);
    await app.register(nlpRoutes);
  },
  handlers: [...churnHandlers, ...nlpHandlers],
  jobs: [...churnJobs, ...nlpJobs],
};
