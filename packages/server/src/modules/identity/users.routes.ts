import {
  idParams,
  problemSchema,
  sessionSchema,
  userCommands,
  userFields,
  userListQuery,
  userPage,
  userRead,
  userResource,
  userSchema,
  userUpdateFields,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toSessionInfo } from '../../platform/auth/self.routes.ts';
import { addExportRoute } from '../../platform/exports.ts';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { getUser, listUsers, userSessions } from './users.service.ts';

const tags = ['Identity: users'];
const read = { access: { permission: userRead.code } };
const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  addExportRoute(app, userResource, listUsers);
  app.get(
    '/users',
    { config: read, schema: { tags, querystring: userListQuery, response: { 200: userPage } } },
    (req) => listUsers(app.db, req.query),
  );

  app.get(
    '/users/:id',
    { config: read, schema: { tags, params: idParams, response: { 200: userSchema, 404: problemSchema } } },
    (req) => getUser(app.db, req.params.id),
  );

  app.get(
    '/users/:id/sessions',
    {
      config: read,
      schema: { tags, params: idParams, response: { 200: z.array(sessionSchema), 404: problemSchema } },
    },
    async (req) => {
      await getUser(app.db, req.params.id);
      return (await userSessions(app.db, req.params.id)).map((s) => toSessionInfo(s, req.actor?.sessionId));
    },
  );

  app.post(
    '/users',
    {
      config: { access: { permission: userCommands.create.name } },
      schema: {
        tags,
        summary: 'Create a staff user; an invitation to choose a password is e-mailed',
        body: userFields,
        response: { 201: userSchema, 202: pendingSchema, ...errors },
      },
    },
    async (req, reply) => {
      const sent = await runCommand(req, reply, userCommands.create.name, req.body, 201);
      void app.mailer.flush();
      return sent;
    },
  );

  app.put(
    '/users/:id',
    {
      config: { access: { permission: userCommands.update.name } },
      schema: {
        tags,
        summary: 'Update a staff user; a new e-mail address takes effect once its owner confirms it',
        params: idParams,
        body: userUpdateFields,
        response: { 200: userSchema, 202: pendingSchema, ...errors },
      },
    },
    async (req, reply) => {
      const sent = await runCommand(req, reply, userCommands.update.name, { ...req.body, id: req.params.id });
      void app.mailer.flush();
      return sent;
    },
  );

  // The administrators' actions on one user: POST /users/:id/<action>.
  const actions = [
    ['unlock', userCommands.unlock],
    ['reset-second-factor', userCommands.resetSecondFactor],
    ['reset-password', userCommands.resetPassword],
    ['end-sessions', userCommands.endSessions],
  ] as const;
  for (const [path, def] of actions) {
    app.post(
      `/users/:id/${path}`,
      {
        config: { access: { permission: def.name } },
        schema: {
          tags,
          summary: def.summary,
          params: idParams,
          response: { 204: z.null(), 202: pendingSchema, ...errors },
        },
      },
      async (req, reply) => {
        const sent = await runCommand(req, reply, def.name, { id: req.params.id });
        void app.mailer.flush();
        return sent;
      },
    );
  }
};
