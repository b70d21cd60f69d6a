import {
  idParams,
  importCommands,
  importResource,
  importSchema,
  problemSchema,
  resourcePath,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { kick } from './imports.routes.ts';

const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

/** `POST /imports/{id}/pause` and `…/resume` (pause.ts). */
export const importPauseRoutes: FastifyPluginAsyncZod = async (app) => {
  const path = resourcePath(importResource);
  const tags = [importResource.tag];
  for (const [action, def] of [
    ['pause', importCommands.pause],
    ['resume', importCommands.resume],
  ] as const) {
    app.post(
      `${path}/:id/${action}`,
      {
        config: { access: { permission: def.name } },
        schema: {
          tags,
          summary: def.summary,
          params: idParams,
          response: { 200: importSchema, 202: pendingSchema, ...errors },
        },
      },
      async (req, reply) => {
        const answered = await runCommand(req, reply, def.name, { id: req.params.id });
        if (action === 'resume') kick(req);
        return answered;
      },
    );
  }
};
