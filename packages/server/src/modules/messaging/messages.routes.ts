import {
  assigneePage,
  assigneeQuery,
  assigneeSchema,
  idParams,
  messageAssignBody,
  messageCategoryBody,
  messageCommands,
  messageDetailSchema,
  messageNoteBody,
  messagePlaceholderValues,
  messageRead,
  messageReplyBody,
  messageResource,
  problemSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addExportRoute } from '../../platform/exports.ts';
import { actorOf, pendingSchema, runCommand } from '../../platform/http.ts';
import { getAssignee, getAssigneeRole, listAssigneeRoles, listAssignees } from './assignees.service.ts';
import { getMessage, listMessages, messageExportColumns, previewValues } from './messages.service.ts';

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

  addExportRoute(app, messageResource, listMessages, { columns: messageExportColumns });

  // Who can take a message (assignees.service.ts): people and roles, and one of each by id.
  for (const [path, list, get, summary] of [
    ['/messages/assignees', listAssignees, getAssignee, 'Staff members who can take a message'],
    [
      '/messages/assignee-roles',
      listAssigneeRoles,
      getAssigneeRole,
      'Roles whose members can take a message',
    ],
  ] as const) {
    app.get(
      path,
      {
        config: read,
        schema: { tags, summary, querystring: assigneeQuery, response: { 200: assigneePage } },
      },
      (req) => list(app.db, req.query),
    );
    app.get(
      `${path}/:id`,
      {
        config: read,
        schema: {
          tags,
          summary: `${summary}: one`,
          params: idParams,
          response: { 200: assigneeSchema, 404: problemSchema },
        },
      },
      (req) => get(app.db, req.params.id),
    );
  }

  app.get(
    '/messages/:id/placeholders',
    {
      config: { access: { permission: messageCommands.reply.name } },
      schema: {
        tags,
        summary: 'The placeholders’ values for a reply by the caller: the reply screen’s live preview',
        params: idParams,
        response: { 200: messagePlaceholderValues, 404: problemSchema },
      },
    },
    (req) => previewValues(app.db, req.params.id, actorOf(req)),
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
    ['category', messageCommands.categorize, messageCategoryBody],
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
