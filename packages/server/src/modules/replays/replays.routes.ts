import { idParams, problemSchema, replayCommands, replayInput, replaySchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { runCommand } from '../../platform/http.ts';
import { getReplay, REPLAY_JOB } from './replays.service.ts';

const tags = ['Replays'];
const access = { access: { permission: replayCommands.start.name } };

/** A replay is asked for (202, run in the background) and followed by its id. */
export const replayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/replays',
    {
      config: access,
      schema: {
        tags,
        summary: `${replayCommands.start.summary}: accepted at once (202), followed at /replays/{id}`,
        body: replayInput,
        response: {
          202: z.object({ id: z.number().int() }),
          400: problemSchema,
          403: problemSchema,
          404: problemSchema,
        },
      },
    },
    async (req, reply) => {
      const answered = await runCommand(req, reply, replayCommands.start.name, req.body, 202);
      void app.jobs.tick(REPLAY_JOB).catch((err) => app.log.error({ err }, 'replay failed to start'));
      return answered;
    },
  );
  app.get(
    '/replays/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'A replay: its status and progress, and once done what the change would have cost',
        params: idParams,
        response: { 200: replaySchema, 404: problemSchema },
      },
    },
    (req) => getReplay(app.db, req.params.id),
  );
};
