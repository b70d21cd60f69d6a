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
import { getCategory, listCategories } from './categories.service.ts';
import { crudRoutes } from './crud.routes.ts';
import { getStore, listStores } from './stores.service.ts';
import { getVoucher, listVouchers } from './vouchers.service.ts';

/** `/reward-categories`, `/stores`, `/vouchers`: list, get, create, update, delete. */
export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  await app.register(
    crudRoutes({
      path: '/reward-categories',
      tag: 'Rewards: categories',
      read: rewardCategoryRead.code,
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
      read: storeRead.code,
      commands: storeCommands,
      schemas: {
        query: storeListQuery,
        create: storeInput,
        update: storeInput,
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
      read: voucherRead.code,
      commands: voucherCommands,
      schemas: {
        query: voucherListQuery,
        create: voucherInput,
        update: voucherInput,
        item: voucherSchema,
        page: voucherPage,
      },
      list: listVouchers,
      get: getVoucher,
    }),
  );
};
