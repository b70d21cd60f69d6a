import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';

const page = areaPages('rewards');

/** The rewards screens' lazy pages, by descriptor name and screen (routes, labels, permissions: contracts). */
export const rewardResourcePages = {
  'reward-categories': {
    list: page(() => import('./rewardCategories/RewardCategoryListPage.tsx')),
    create: page(() => import('./rewardCategories/RewardCategoryCreatePage.tsx')),
    edit: page(() => import('./rewardCategories/RewardCategoryEditPage.tsx')),
  },
  vouchers: {
    list: page(() => import('./vouchers/VoucherListPage.tsx')),
    create: page(() => import('./vouchers/VoucherCreatePage.tsx')),
    edit: page(() => import('./vouchers/VoucherEditPage.tsx')),
  },
  stores: {
    list: page(() => import('./stores/StoreListPage.tsx')),
    create: page(() => import('./stores/StoreCreatePage.tsx')),
    edit: page(() => import('./stores/StoreEditPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;
