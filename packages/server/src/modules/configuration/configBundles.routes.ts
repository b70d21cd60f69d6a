import {
  configBundleFields,
  configBundleRead,
  configBundleResource,
  configBundleUpdateInput,
  configItemCommands,
  configItemFields,
  configItemSchema,
  configItemUpdateInput,
  configItemVersionSchema,
  idParams,
  problemSchema,
  resourcePath,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import {
  getConfigBundle,
  getConfigItem,
  isSecretItem,
  listBundleItems,
  listBundleVersions,
  listConfigBundles,
  sealValue,
} from './configBundles.service.ts';

const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

/**
 * SystemConfigurations: bundles (the five plain routes), their items and versions. A secret's new
 * value is sealed here, before the command bus sees it: neither the audit trail (which keeps a
 * refused command's input) nor a request held for approval ever holds it in clear.
 */
export const configBundleRoutes: FastifyPluginAsyncZod = async (app) => {
  const bundles = resourcePath(configBundleResource);
  const read = { access: { permission: configBundleRead.code } };
  const tags = [configBundleResource.tag];

  await app.register(
    crudRoutes(configBundleResource, {
      body: { create: configBundleFields, update: configBundleUpdateInput.omit({ id: true }) },
      list: listConfigBundles,
      get: getConfigBundle,
    }),
  );

  app.get(
    `${bundles}/:id/items`,
    {
      config: read,
      schema: {
        tags,
        summary: 'The items of a bundle (a secret without its value)',
        params: idParams,
        response: { 200: z.array(configItemSchema), 404: problemSchema },
      },
    },
    (req) => listBundleItems(app.db, req.params.id),
  );
  app.get(
    `${bundles}/:id/versions`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Every value the items of a bundle have had, newest first (the latest 500)',
        params: idParams,
        response: { 200: z.array(configItemVersionSchema), 404: problemSchema },
      },
    },
    (req) => listBundleVersions(app.db, req.params.id),
  );
  app.post(
    `${bundles}/:id/items`,
    {
      config: { access: { permission: configItemCommands.create.name } },
      schema: {
        tags,
        summary: configItemCommands.create.summary,
        params: idParams,
        body: configItemFields.omit({ bundleId: true }),
        response: { 201: configItemSchema, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) =>
      runCommand(
        req,
        reply,
        configItemCommands.create.name,
        {
          ...req.body,
          bundleId: req.params.id,
          value: req.body.secret ? sealValue(req.body.value) : req.body.value,
        },
        201,
      ),
  );

  const items = '/config-items';
  app.get(
    `${items}/:id`,
    {
      config: read,
      schema: {
        tags,
        summary: 'One configuration item',
        params: idParams,
        response: { 200: configItemSchema, 404: problemSchema },
      },
    },
    (req) => getConfigItem(app.db, req.params.id),
  );
  app.put(
    `${items}/:id`,
    {
      config: { access: { permission: configItemCommands.update.name } },
      schema: {
        tags,
        summary: configItemCommands.update.summary,
        params: idParams,
        body: configItemUpdateInput.omit({ id: true }),
        response: { 200: configItemSchema, 202: pendingSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { value } = req.body;
      const sealed = value !== undefined && (await isSecretItem(app.db, req.params.id));
      return runCommand(req, reply, configItemCommands.update.name, {
        ...req.body,
        id: req.params.id,
        ...(sealed && { value: sealValue(value) }),
      });
    },
  );
  app.post(
    `${items}/:id/restore`,
    {
      config: { access: { permission: configItemCommands.restore.name } },
      schema: {
        tags,
        summary: configItemCommands.restore.summary,
        params: idParams,
        body: z.object({ version: z.number().int().min(1).max(1_000_000) }),
        response: { 200: configItemSchema, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) =>
      runCommand(req, reply, configItemCommands.restore.name, {
        id: req.params.id,
        version: req.body.version,
      }),
  );
  app.delete(
    `${items}/:id`,
    {
      config: { access: { permission: configItemCommands.delete.name } },
      schema: {
        tags,
        summary: configItemCommands.delete.summary,
        params: idParams,
        response: { 204: z.null(), 202: pendingSchema, ...errors },
      },
    },
    (req, reply) => runCommand(req, reply, configItemCommands.delete.name, { id: req.params.id }),
  );
};
