import fastifyMultipart from '@fastify/multipart';
import {
  fileLayoutCommands,
  fileLayoutInput,
  fileLayoutMappingInput,
  fileLayoutPreviewSchema,
  fileLayoutResource,
  fileLayoutSchema,
  idParams,
  problemSchema,
  resourcePath,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { findFileLayout, getFileLayout, listFileLayouts, previewFile } from './fileLayouts.service.ts';
import { multipart, received } from './imports.routes.ts';
import { unspool } from './spool.ts';

const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

/** File layouts: the five plain routes, the mapping, and a file's preview by a layout. */
export const fileLayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    crudRoutes(fileLayoutResource, {
      body: { create: fileLayoutInput },
      list: listFileLayouts,
      get: getFileLayout,
    }),
  );
  await app.register(fastifyMultipart, multipart());
  const path = resourcePath(fileLayoutResource);
  const tags = [fileLayoutResource.tag];
  app.put(
    `${path}/:id/mapping`,
    {
      config: { access: { permission: fileLayoutCommands.map.name } },
      schema: {
        tags,
        summary: fileLayoutCommands.map.summary,
        params: idParams,
        body: fileLayoutMappingInput.omit({ id: true }),
        response: { 200: fileLayoutSchema, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) => runCommand(req, reply, fileLayoutCommands.map.name, { ...req.body, id: req.params.id }),
  );
  app.post(
    `${path}/:id/preview`,
    {
      config: { access: { permission: fileLayoutResource.read?.code ?? '' } },
      schema: {
        tags,
        summary: "A file's first lines as the layout reads them, before the mapping (nothing is stored)",
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: fileLayoutPreviewSchema, 413: problemSchema, 415: problemSchema, ...errors },
      },
    },
    async (req) => {
      const layout = await findFileLayout(req.server.db, req.params.id);
      const { content } = await received(req);
      try {
        return await previewFile(layout, content);
      } finally {
        await unspool(content);
      }
    },
  );
};
