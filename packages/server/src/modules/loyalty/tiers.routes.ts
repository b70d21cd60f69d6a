import { tierInput, tierResource } from '@loyalty/contracts';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { getTier, listTiers, toTier } from './tiers.service.ts';

export const tierRoutes = crudRoutes(tierResource, {
  body: { create: tierInput },
  list: listTiers,
  get: async (db, id) => toTier(await getTier(db, id)),
});
