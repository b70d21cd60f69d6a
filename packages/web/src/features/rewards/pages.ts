import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';
import { resourcePages } from '../../components/resourcePages.tsx';

const page = areaPages('rewards');

/** The rewards screens' lazy pages, by descriptor name and screen (routes, labels, permissions: contracts). */
export const rewardResourcePages = {
  'reward-categories': resourcePages(page, () => import('./rewardCategories/rewardCategories.resource.tsx'), {
    rewardCategoryUi: ['list', 'create'],
    rewardCategoryEditUi: ['edit'],
  }),
  vouchers: resourcePages(page, () => import('./vouchers/vouchers.resource.tsx'), {
    voucherUi: ['list', 'create', 'edit'],
  }),
  stores: resourcePages(page, () => import('./stores/stores.resource.tsx'), {
    storeUi: ['list', 'create', 'edit'],
  }),
} satisfies Record<string, ScreenPages>;
