import { tierCommands, tierInput, tierListQuery, tierPage, tierRead, tierSchema } from '@loyalty/contracts';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { getTier, listTiers, toTier } from './tiers.service.ts';

export const tierRoutes = crudRoutes({
  path: '/tiers',
  tag: 'Loyalty: tiers',
  read: tierRead,
  commands: tierCommands,
  schemas: { query: tierListQuery, create: tierInput, item: tierSchema, page: tierPage },
  list: listTiers,
  get: async (db, id) => toTier(await getTier(db, id)),
});
