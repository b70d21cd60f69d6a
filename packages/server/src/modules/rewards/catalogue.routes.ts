import {
  rewardCategoryCommands,
  rewardCategoryEditFields,
  rewardCategoryInput,
  rewardCategoryListQuery,
  rewardCategoryPage,
  rewardCategoryRead,
  rewardCategorySchema,
  storeCommands,
  storeInput,
  storeListQuery,
  storePage,
  storeRead,
  storeSchema,
  voucherCommands,
  voucherInput,
  voucherListQuery,
  voucherPage,
  voucherRead,
  voucherSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { getCategory, listCategories } from './categories.service.ts';
import { getStore, listStores } from './stores.service.ts';
import { getVoucher, listVouchers } from './vouchers.service.ts';

/** `/reward-categories`, `/stores`, `/vouchers`: list, get, create, update, delete. */
export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  await app.register(
    crudRoutes({
      path: '/reward-categories',
      tag: 'Rewards: categories',
      read: rewardCategoryRead,
      commands: rewardCategoryCommands,
      schemas: {
        query: rewardCategoryListQuery,
        // The edit form answers 'Please fill all fields.', the create form 'you must fill all input'.
        create: rewardCategoryInput,
        update: rewardCategoryEditFields,
        item: rewardCategorySchema,
        page: rewardCategoryPage,
      },
      list: listCategories,
      get: getCategory,
    }),
  );
  await app.register(
    crudRoutes({
      path: '/stores',
      tag: 'Rewards: stores',
      read: storeRead,
      commands: storeCommands,
      schemas: {
        query: storeListQuery,
        create: storeInput,
        item: storeSchema,
        page: storePage,
      },
      list: listStores,
      get: getStore,
    }),
  );
  await app.register(
    crudRoutes({
      path: '/vouchers',
      tag: 'Rewards: vouchers',
      read: voucherRead,
      commands: voucherCommands,
      schemas: {
        query: voucherListQuery,
        create: voucherInput,
        item: voucherSchema,
        page: voucherPage,
      },
      list: listVouchers,
      get: getVoucher,
    }),
  );
};
