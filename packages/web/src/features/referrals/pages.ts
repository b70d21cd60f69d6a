import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';
import { resourcePages } from '../../components/resourcePages.tsx';

const page = areaPages('referrals');

/** The referral screens (routes, labels, permissions: their contracts descriptors). */
export const referralResourcePages = {
  'referral-programmes': resourcePages(page, () => import('./referrals.resource.tsx'), {
    referralProgrammeUi: ['list', 'create', 'edit'],
  }),
  referrals: resourcePages(page, () => import('./referrals.resource.tsx'), { referralUi: ['list'] }),
} satisfies Record<string, ScreenPages>;

/** `referrals/cost`, for the route table. */
export const referralPages = {
  cost: { page: page(() => import('./CostPage.tsx')), permission: 'referral.read' },
};
