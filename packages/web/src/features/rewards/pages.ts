import {
  rewardCategoryCommands,
  rewardCategoryRead,
  storeCommands,
  storeRead,
  voucherCommands,
  voucherRead,
} from '@loyalty/contracts';
import { lazyPage } from '../../app/lazyPage.tsx';

/** The rewards screens for the route table. */
export const rewardPages = {
  categories: {
    page: lazyPage(() => import('./categories/CategoryListPage.tsx')),
    permission: rewardCategoryRead.code,
  },
  createCategory: {
    page: lazyPage(() => import('./categories/CategoryCreatePage.tsx')),
    permission: rewardCategoryCommands.create.name,
  },
  editCategory: {
    page: lazyPage(() => import('./categories/CategoryEditPage.tsx')),
    permission: rewardCategoryCommands.update.name,
  },
  vouchers: { page: lazyPage(() => import('./vouchers/VoucherListPage.tsx')), permission: voucherRead.code },
  createVoucher: {
    page: lazyPage(() => import('./vouchers/VoucherCreatePage.tsx')),
    permission: voucherCommands.create.name,
  },
  editVoucher: {
    page: lazyPage(() => import('./vouchers/VoucherEditPage.tsx')),
    permission: voucherCommands.update.name,
  },
  stores: { page: lazyPage(() => import('./stores/StoreListPage.tsx')), permission: storeRead.code },
  createStore: {
    page: lazyPage(() => import('./stores/StoreCreatePage.tsx')),
    permission: storeCommands.create.name,
  },
  editStore: {
    page: lazyPage(() => import('./stores/StoreEditPage.tsx')),
    permission: storeCommands.update.name,
  },
};
