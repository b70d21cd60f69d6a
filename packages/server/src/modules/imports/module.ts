import { statusQueue } from '../../platform/metrics.ts';
import type { ServerModule } from '../../platform/module.ts';
import { importChannelRoutes, importRoutes } from './imports.routes.ts';
import { importHandlers, importJobs } from './imports.service.ts';

/** Bulk imports: files staged, validated, approved and posted by a job (decisions/imports.md). */
export const importsModule: ServerModule = {
  name: 'imports',
  routes: importRoutes,
  rootRoutes: async (app) => {
    await app.register(importChannelRoutes, { prefix: '/api/integration/v1' });
  },
  handlers: importHandlers,
  jobs: importJobs,
  queues: [
    statusQueue('imports', 'imports', { waiting: ['QUEUED'], running: ['POSTING'], failed: ['FAILED'] }),
  ],
};
