import { campaignRead } from '@loyalty/contracts';
import { lazyPage, type ScreenPages } from '../../components/lazyPage.tsx';

/** The campaigns' screens (routes, labels, permissions: their contracts descriptor). */
export const campaignResourcePages = {
  campaigns: {
    list: lazyPage(() => import('./CampaignListPage.tsx')),
    create: lazyPage(() => import('./CampaignCreatePage.tsx')),
    edit: lazyPage(() => import('./CampaignEditPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;

/** `matrix/filterbyproduct`, for the route table. */
export const campaignPages = {
  performance: { page: lazyPage(() => import('./PerformancePage.tsx')), permission: campaignRead.code },
};
