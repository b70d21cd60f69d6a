import { lazyPage, type ScreenPages } from '../../components/lazyPage.tsx';

/** The rewards screens' lazy pages, by descriptor name and screen (routes, labels, permissions: contracts). */
export const rewardResourcePages = {
  'reward-categories': {
    list: lazyPage(() => import('./rewardCategories/RewardCategoryListPage.tsx')),
    create: lazyPage(() => import('./rewardCategories/RewardCategoryCreatePage.tsx')),
    edit: lazyPage(() => import('./rewardCategories/RewardCategoryEditPage.tsx')),
  },
  vouchers: {
    list: lazyPage(() => import('./vouchers/VoucherListPage.tsx')),
    create: lazyPage(() => import('./vouchers/VoucherCreatePage.tsx')),
    edit: lazyPage(() => import('./vouchers/VoucherEditPage.tsx')),
  },
  stores: {
    list: lazyPage(() => import('./stores/StoreListPage.tsx')),
    create: lazyPage(() => import('./stores/StoreCreatePage.tsx')),
    edit: lazyPage(() => import('./stores/StoreEditPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;
