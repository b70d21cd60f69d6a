import { storeInput, storeResource } from '@loyalty/contracts';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { getStore, listStores } from './stores.service.ts';

export const storeRoutes = crudRoutes(storeResource, {
  body: { create: storeInput },
  list: listStores,
  get: getStore,
});
