import {
  locationInput,
  locationMapSettings,
  locationMarkers as locationMarkersSchema,
  locationNearQuery,
  locationRead,
  locationResource,
  publicLocationList,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { sendCacheable } from '../../platform/etag.ts';
import { getLocation, listLocations, locationMarkers, publicLocations } from './locations.service.ts';
import { integrationErrors, security } from './publicApi.ts';

const crud = crudRoutes(locationResource, {
  body: { create: locationInput },
  list: listLocations,
  get: getLocation,
});

/** The five plain routes; every location as a map marker and the map's base layer, for the screens. */
export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(crud);
  app.get(
    '/locations/markers',
    {
      config: { access: { permission: locationRead.code } },
      schema: {
        tags: [locationResource.tag],
        summary: 'Every location as a map marker',
        response: { 200: locationMarkersSchema },
      },
    },
    () => locationMarkers(app.db),
  );
  app.get(
    '/locations/map-settings',
    {
      config: { access: { permission: locationRead.code } },
      schema: {
        tags: [locationResource.tag],
        summary: 'The map base layer: the configured tile server, or none (offline outlines)',
        response: { 200: locationMapSettings },
      },
    },
    () => ({
      tileUrl: app.config.mapTiles?.url ?? null,
      attribution: app.config.mapTiles?.attribution ?? '',
    }),
  );
};

/** `GET /content/locations`: the customer app's branch and ATM finder. */
export const publicLocationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/content/locations',
    {
      config: { apiKeyScope: 'content', customerFeature: 'locations', service: 'read-content' },
      schema: {
        tags: ['Integration: content'],
        summary: 'Active branches and ATMs; with near=lat,lng the ones within radius km, nearest first',
        security,
        querystring: locationNearQuery,
        response: { 200: publicLocationList, ...integrationErrors },
      },
    },
    async (req, reply) => sendCacheable(req, reply, await publicLocations(app.db, req.query)),
  );
};
