import {
  idParams,
  messageAssignBody,
  messageCommands,
  messageDetailSchema,
  messageNoteBody,
  messageRead,
  messageReplyBody,
  messageResource,
  problemSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, pendingSchema, runCommand } from '../../platform/http.ts';
import { getMessage, listMessages } from './messages.service.ts';

const tags = [messageResource.tag];
const read = { access: { permission: messageRead.code } };

/** The queue, one conversation, and what staff do with it. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/messages',
    {
      config: read,
      schema: {
        tags,
        summary: 'The message queue: search, filters, my queue (mine=true), overdue marking',
        querystring: messageResource.query,
        response: { 200: messageResource.page },
      },
    },
    (req) => listMessages(app.db, req.query, actorOf(req)),
  );

  app.get(
    '/messages/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'A conversation: the customer’s card and the thread, oldest first',
        params: idParams,
        response: { 200: messageDetailSchema, 404: problemSchema },
      },
    },
    (req) => getMessage(app.db, req.params.id),
  );

  const actions = [
    ['assign', messageCommands.assign, messageAssignBody],
    ['replies', messageCommands.reply, messageReplyBody],
    ['notes', messageCommands.note, messageNoteBody],
    ['close', messageCommands.close, undefined],
    ['reopen', messageCommands.reopen, undefined],
  ] as const;
  for (const [action, command, body] of actions) {
    app.post(
      `/messages/:id/${action}`,
      {
        config: { access: { permission: command.name } },
        schema: {
          tags,
          summary: command.summary,
          params: idParams,
          ...(body ? { body } : {}),
          response: { 200: messageDetailSchema, 202: pendingSchema },
        },
      },
      async (req, reply) => {
        const answered = await runCommand(req, reply, command.name, {
          ...(req.body as object),
          id: req.params.id,
        });
        // A reply queues its e-mail with the change: send it now rather than at the next poll.
        if (command === messageCommands.reply) void app.mailer.flush();
        return answered;
      },
    );
  }
};
