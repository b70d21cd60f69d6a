import {
  idParams,
  makerCheckerCatalogSchema,
  makerCheckerInput,
  makerCheckerRead,
  makerCheckerSchema,
  problemSchema,
  serviceCommands,
  serviceFields,
  serviceIdParams,
  serviceListQuery,
  servicePage,
  serviceResource,
  serviceSchema,
  serviceTypeBilingual,
  serviceTypeFields,
  serviceTypeListQuery,
  serviceTypePage,
  serviceTypeResource,
  serviceTypeSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addExportRoute } from '../../platform/exports.ts';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import {
  catalog,
  getConfig,
  getServiceRow,
  getServiceType,
  listServices,
  listServiceTypes,
  toConfig,
  toService,
} from './makerChecker.service.ts';

const tags = ['Maker-checker: configuration'];
/** Every signed-in user reads the catalogue: forms show whether their save will need approval. */
const signedIn = { access: 'signed-in' as const };
const read = { access: { permission: makerCheckerRead.code } };
const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };
const command = (name: string) => ({ access: { permission: name } });

export const makerCheckerRoutes: FastifyPluginAsyncZod = async (app) => {
  addExportRoute(app, serviceTypeResource, listServiceTypes);
  addExportRoute(app, serviceResource, listServices);
  app.get(
    '/maker-checker',
    { config: read, schema: { tags, response: { 200: makerCheckerSchema } } },
    async () => toConfig(await getConfig(app.db)),
  );

  app.put(
    '/maker-checker',
    {
      config: command(serviceCommands.configure.name),
      schema: {
        tags,
        body: makerCheckerInput,
        response: { 200: makerCheckerSchema, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) => runCommand(req, reply, serviceCommands.configure.name, req.body),
  );

  app.get(
    '/maker-checker/catalog',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Settings, service types and services in one answer',
        response: { 200: makerCheckerCatalogSchema },
      },
    },
    () => catalog(app.db),
  );

  app.get(
    '/service-types',
    { config: read, schema: { tags, querystring: serviceTypeListQuery, response: { 200: serviceTypePage } } },
    (req) => listServiceTypes(app.db, req.query),
  );

  app.get(
    '/service-types/:id',
    {
      config: read,
      schema: { tags, params: idParams, response: { 200: serviceTypeSchema, 404: problemSchema } },
    },
    (req) => getServiceType(app.db, req.params.id),
  );

  app.post(
    '/service-types',
    {
      config: command(serviceCommands.createType.name),
      schema: {
        tags,
        body: serviceTypeFields,
        response: { 201: serviceTypeSchema, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) => runCommand(req, reply, serviceCommands.createType.name, req.body, 201),
  );

  app.put(
    '/service-types/:id',
    {
      config: command(serviceCommands.updateType.name),
      schema: {
        tags,
        params: idParams,
        body: serviceTypeBilingual,
        response: { 200: serviceTypeSchema, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) =>
      runCommand(req, reply, serviceCommands.updateType.name, { ...req.body, id: req.params.id }),
  );

  app.get(
    '/services',
    { config: read, schema: { tags, querystring: serviceListQuery, response: { 200: servicePage } } },
    (req) => listServices(app.db, req.query),
  );

  app.get(
    '/services/:serviceId',
    {
      config: read,
      schema: { tags, params: serviceIdParams, response: { 200: serviceSchema, 404: problemSchema } },
    },
    async (req) => toService(await getServiceRow(app.db, req.params.serviceId)),
  );

  app.put(
    '/services/:serviceId',
    {
      config: command(serviceCommands.update.name),
      schema: {
        tags,
        params: serviceIdParams,
        body: serviceFields,
        response: { 200: serviceSchema, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) =>
      runCommand(req, reply, serviceCommands.update.name, { ...req.body, serviceId: req.params.serviceId }),
  );
};
