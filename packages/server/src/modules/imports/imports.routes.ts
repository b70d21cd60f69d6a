import fastifyMultipart from '@fastify/multipart';
import {
  type Import,
  idParams,
  importAcceptedSchema,
  importCommands,
  importPreviewSchema,
  importReceiveCommand,
  importResource,
  importSchema,
  importUploadFields,
  problemSchema,
  resourcePath,
  SpooledFile,
} from '@loyalty/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { addExportRoute } from '../../platform/exports.ts';
import { actorOf, pendingSchema, runCommand } from '../../platform/http.ts';
import { requireApiKey } from '../integration/index.ts';
import { layoutNamed } from './fileLayouts.service.ts';
import {
  getChannelImport,
  getImport,
  IMPORT_POST_JOB,
  IMPORT_STAGE_JOB,
  importErrorFile,
  importPreview,
  listImports,
} from './imports.service.ts';
import { importFiles, spool, tooLarge, unspool } from './spool.ts';

const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

/**
 * A file sent as multipart (field `file`, the options as fields) or, from a channel, as the body:
 * written to the spool folder as it arrives (spool.ts), never held in memory. The caller owns the
 * spooled file (`unspool` it once done, or hand it to its import).
 */
export async function received(
  req: FastifyRequest,
): Promise<{ fileName: string; content: SpooledFile; fields: object }> {
  if (!req.isMultipart()) {
    if (!(req.body instanceof SpooledFile))
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the file as multipart/form-data (field "file") or text/csv',
      );
    return { fileName: 'file.csv', content: req.body, fields: {} };
  }
  const fields: Record<string, string> = {};
  let file: { fileName: string; content: SpooledFile } | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file)
          throw new AppError('BAD_REQUEST', 'Send one file, in the field "file"');
        file = { fileName: part.filename, content: await spool(part.file, () => part.file.truncated) };
      } else fields[part.fieldname] = String(part.value);
    }
  } catch (err) {
    await unspool(file?.content);
    throw err;
  }
  if (!file) throw new AppError('BAD_REQUEST', 'The multipart field "file" is missing');
  return { ...file, fields };
}

/** The multipart options: one file up to the configured limit (read when the routes register). */
export const multipart = () => ({
  limits: { fileSize: importFiles.maxFileBytes, files: 1, fields: 10, parts: 11 },
  throwFileSizeLimit: true,
});

/**
 * A CSV body is spooled as it arrives (its encoding is the import's to decide, parse.ts); a body
 * declaring more than the limit is refused 413 before any of it is read.
 */
const csvBody = (app: Parameters<FastifyPluginAsyncZod>[0]) =>
  app.addContentTypeParser(
    ['text/csv', 'text/plain', 'application/octet-stream'],
    { bodyLimit: Number.MAX_SAFE_INTEGER },
    (req, payload, done) => {
      if (Number(req.headers['content-length'] ?? 0) > importFiles.maxFileBytes) {
        done(tooLarge(), undefined);
        return;
      }
      spool(payload).then(
        (file) => done(null, file),
        (err: unknown) => done(err as Error, undefined),
      );
    },
  );

/** Staff: the list, an import, its preview and error file; upload; post (approved by a second person). */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, multipart());
  const path = resourcePath(importResource);
  const tags = [importResource.tag];
  const read = { access: { permission: importResource.read?.code ?? '' } };
  addExportRoute(app, importResource, listImports);
  app.get(
    path,
    {
      config: read,
      schema: { tags, querystring: importResource.query, response: { 200: importResource.page } },
    },
    (req) => listImports(app.db, req.query),
  );
  app.get(
    `${path}/:id`,
    { config: read, schema: { tags, params: idParams, response: { 200: importSchema, 404: problemSchema } } },
    (req) => getImport(app.db, req.params.id),
  );
  app.get(
    `${path}/:id/preview`,
    {
      config: read,
      schema: {
        tags,
        summary: 'The first lines of an import, as read from its file',
        params: idParams,
        response: { 200: importPreviewSchema, 404: problemSchema },
      },
    },
    (req) => importPreview(app.db, req.params.id),
  );
  app.get(
    `${path}/:id/errors`,
    {
      config: { ...read, download: 'text/csv' },
      schema: { tags, summary: 'Every bad line of an import, as CSV', params: idParams },
    },
    async (req, reply) => {
      const file = await importErrorFile(app.db, req.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-${req.params.id}-errors.csv"`)
        .send(file);
    },
  );
  app.post(
    path,
    {
      config: { access: { permission: importCommands.create.name } },
      schema: {
        tags,
        summary: `${importCommands.create.summary} (multipart/form-data: field "file", and kind, encoding, channel, postValid)`,
        consumes: ['multipart/form-data'],
        response: { 201: importSchema, 413: problemSchema, 415: problemSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { fields, ...file } = await received(req);
      // Staff uploads are staged by the job, as a push is: the upload answers the import RECEIVED
      // at once; the spooled file is the import's until staged (removed here if refused).
      let outcome: Awaited<ReturnType<typeof req.server.commands.execute<Import>>>;
      try {
        const options = importUploadFields.parse(fields);
        outcome = await req.server.commands.execute<Import>(actorOf(req), importCommands.create.name, {
          ...options,
          ...file,
        });
      } catch (err) {
        await unspool(file.content);
        throw err;
      }
      // Receiving a file is not approvable: it is done.
      if (outcome.status !== 'DONE')
        throw new AppError('INTERNAL', 'Receiving a file is never held for approval');
      kick(req, IMPORT_STAGE_JOB);
      return reply.code(201).send(outcome.result);
    },
  );
  app.post(
    `${path}/:id/post`,
    {
      config: { access: { permission: importCommands.post.name } },
      schema: {
        tags,
        summary: `${importCommands.post.summary}: 202 while the request waits for a checker`,
        params: idParams,
        response: { 200: importSchema, 202: pendingSchema, ...errors },
      },
    },
    async (req, reply) => {
      const answered = await runCommand(req, reply, importCommands.post.name, { id: req.params.id });
      kick(req);
      return answered;
    },
  );
};

/** Starts a job of the imports (the posting job by default) on this instance now (it runs on its interval anyway). */
export function kick(req: FastifyRequest, job = IMPORT_POST_JOB) {
  void req.server.jobs
    .tick(job)
    .catch((err: unknown) => req.log.error({ err }, 'import posting failed to start'));
}

/** The push's query: the upload's options, and the saved file layout that reads the file. */
const pushQuery = importUploadFields.pick({ encoding: true, postValid: true }).extend({
  layout: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      'A saved file layout (its id, or its English name) that reads the file; absent: the default CSV',
    ),
});

/**
 * The push: the body spooled, then recorded as RECEIVED (refused at once when its checksum was
 * imported before); the staging job reads and checks it, and queues a valid file for posting.
 */
async function receive(req: FastifyRequest, reply: FastifyReply) {
  const actor = actorOf(req);
  const { fields, ...file } = await received(req);
  let outcome: Awaited<ReturnType<typeof req.server.commands.execute<{ id: number; status: string }>>>;
  try {
    const { layout, ...query } = pushQuery.parse(req.query);
    const options = importUploadFields.parse({ ...fields, ...query });
    const layoutId = layout ? await layoutNamed(req.server.db, layout) : undefined;
    outcome = await req.server.commands.execute<{ id: number; status: string }>(
      actor,
      importReceiveCommand.name,
      // A channel pushes transaction files only (the other kinds are staff's uploads).
      { ...options, kind: 'TRANSACTIONS', layoutId, ...file },
    );
  } catch (err) {
    await unspool(file.content);
    throw err;
  }
  if (outcome.status !== 'DONE')
    throw new AppError('INTERNAL', 'Channel commands are never held for approval');
  kick(req, IMPORT_STAGE_JOB);
  req.log.info(
    { category: 'integration', key: actor.username, command: importReceiveCommand.name },
    'integration call',
  );
  return reply
    .code(202)
    .header('location', `/api/integration/v1/transaction-files/${outcome.result.id}`)
    .send({ id: outcome.result.id, status: outcome.result.status });
}

/** The integration API's file push (scope `imports`) and its status. */
export const importChannelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireApiKey);
  await app.register(fastifyMultipart, multipart());
  csvBody(app);
  const tags = ['Integration'];
  const security = [{ apiKey: [] }];
  app.post(
    '/transaction-files',
    {
      config: { apiKeyScope: 'imports' },
      schema: {
        tags,
        security,
        summary:
          'Send a file of transactions (text/csv body, or multipart field "file"): staged, validated and posted in the background',
        consumes: ['text/csv', 'multipart/form-data'],
        querystring: pushQuery,
        response: {
          202: importAcceptedSchema,
          401: problemSchema,
          413: problemSchema,
          415: problemSchema,
          ...errors,
        },
      },
    },
    receive,
  );
  app.get(
    '/transaction-files/:id',
    {
      config: { apiKeyScope: 'imports' },
      schema: {
        tags,
        security,
        summary: "A pushed file's import: status, counts, errors",
        params: idParams,
        response: { 200: importSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema },
      },
    },
    (req) => getChannelImport(app.db, req.params.id, actorOf(req).apiKey?.id ?? 0),
  );
};
