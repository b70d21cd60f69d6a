import { serviceDefinitionFields, serviceDefinitionResource } from '@loyalty/contracts';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { getServiceDefinition, listServiceDefinitions } from './serviceDefinitions.service.ts';

/** ServiceDefinitionConfigurations: the five plain routes. */
export const serviceDefinitionRoutes = crudRoutes(serviceDefinitionResource, {
  body: { create: serviceDefinitionFields },
  list: listServiceDefinitions,
  get: getServiceDefinition,
});
