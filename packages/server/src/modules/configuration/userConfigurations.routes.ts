import { userConfigurationFields, userConfigurationResource } from '@loyalty/contracts';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { getUserConfiguration, listUserConfigurations } from './userConfigurations.service.ts';

/** UserConfigurations: the five plain routes. */
export const userConfigurationRoutes = crudRoutes(userConfigurationResource, {
  body: { create: userConfigurationFields },
  list: listUserConfigurations,
  get: getUserConfiguration,
});
