import { statusQueue } from '../../platform/metrics.ts';
import type { ServerModule } from '../../platform/module.ts';
import { fileLayoutRoutes } from './fileLayouts.routes.ts';
import { fileLayoutHandlers } from './fileLayouts.service.ts';
import { importChannelRoutes, importRoutes } from './imports.routes.ts';
import { importHandlers, importJobs } from './imports.service.ts';
import { importInboxJobs } from './inbox.ts';
import { importPauseRoutes } from './pause.routes.ts';
import { importPauseHandlers } from './pause.ts';

/** Bulk imports: files staged, validated, approved and posted by a job (decisions/imports.md). */
export const importsModule: ServerModule = {
  name: 'imports',
  routes: async (app) => {
    await app.register(importRoutes);
    await app.register(importPauseRoutes);
    await app.register(fileLayoutRoutes);
  },
  rootRoutes: async (app) => {
    await app.register(importChannelRoutes, { prefix: '/api/integration/v1' });
  },
  handlers: [...importHandlers, ...importPauseHandlers, ...fileLayoutHandlers],
  jobs: [...importJobs, ...importInboxJobs],
  queues: [
    statusQueue('imports', 'imports', {
      waiting: ['QUEUED'],
      running: ['POSTING'],
      failed: ['FAILED'],
    }),
  ],
};
