import {
  exportMediaTypes,
  idParams,
  problemSchema,
  replayCommands,
  replayEmailInput,
  replayExportQuery,
  replayInput,
  replayRecipientSchema,
  replaySchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, runCommand } from '../../platform/http.ts';
import { getReplay, REPLAY_JOB, readableReplay, replayFile, replayRecipients } from './replays.service.ts';

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

  app.get(
    '/replays/:id/export',
    {
      config: { ...access, download: [exportMediaTypes.csv, exportMediaTypes.xlsx] },
      schema: {
        tags,
        summary: 'A finished replay’s figures as CSV or XLSX',
        params: idParams,
        querystring: replayExportQuery,
      },
    },
    async (req, reply) => {
      const r = await readableReplay(app.db, actorOf(req), req.params.id);
      const file = await replayFile(r, req.query.format);
      reply
        .type(req.query.format === 'csv' ? `${exportMediaTypes.csv}; charset=utf-8` : file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`);
      return reply.send(file.content);
    },
  );
  app.get(
    '/replays/:id/recipients',
    {
      config: access,
      schema: {
        tags,
        summary: 'Staff a replay’s figures may be e-mailed to',
        params: idParams,
        response: { 200: z.array(replayRecipientSchema), 404: problemSchema },
      },
    },
    async (req) => {
      const r = await readableReplay(app.db, actorOf(req), req.params.id);
      return (await replayRecipients(app.db, r.command)).map(({ id, fullName, fullNameAr, email }) => ({
        id,
        fullName,
        fullNameAr,
        email,
      }));
    },
  );
  app.post(
    '/replays/:id/email',
    {
      config: { access: { permission: replayCommands.email.name } },
      schema: {
        tags,
        summary: `${replayCommands.email.summary}`,
        params: idParams,
        body: replayEmailInput.omit({ id: true }),
        response: {
          200: z.object({ sent: z.number().int() }),
          400: problemSchema,
          403: problemSchema,
          404: problemSchema,
        },
      },
    },
    (req, reply) => runCommand(req, reply, replayCommands.email.name, { ...req.body, id: req.params.id }),
  );
};
