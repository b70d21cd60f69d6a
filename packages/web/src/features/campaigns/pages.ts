import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';

const page = areaPages('campaigns');

/** The campaigns' screens (routes, labels, permissions: their contracts descriptor). */
export const campaignResourcePages = {
  campaigns: {
    list: page(() => import('./CampaignListPage.tsx')),
    create: page(() => import('./CampaignCreatePage.tsx')),
    edit: page(() => import('./CampaignEditPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;

/** `matrix/filterbyproduct`, for the route table. */
export const campaignPages = {
  performance: { page: page(() => import('./PerformancePage.tsx')), permission: 'campaign.read' },
};
