import { statusQueue } from '../../platform/metrics.ts';
import type { ServerModule } from '../../platform/module.ts';
import { replayRoutes } from './replays.routes.ts';
import { replayHandlers, replayJobs } from './replays.service.ts';

/** Replay over history: what a change would have cost on the programme's real earnings (decisions/replay.md). */
export const replaysModule: ServerModule = {
  name: 'replays',
  routes: async (app) => {
    await app.register(replayRoutes);
  },
  handlers: replayHandlers,
  jobs: replayJobs,
  queues: [
    statusQueue('replays', 'replays', { waiting: ['QUEUED'], running: ['RUNNING'], failed: ['FAILED'] }),
  ],
};
