import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';
import { resourcePages } from '../../components/resourcePages.tsx';

const page = areaPages('loyalty');

/** The loyalty screens' lazy pages, by descriptor name and screen (routes, labels, permissions: contracts). */
export const loyaltyResourcePages = {
  tiers: resourcePages(page, () => import('./tiers/tiers.resource.ts'), {
    tierUi: ['list', 'create', 'edit'],
  }),
  'points-rules': {
    ...resourcePages(page, () => import('./pointsRules/pointsRules.resource.ts'), {
      pointsRuleUi: ['create', 'edit'],
    }),
    list: page(() => import('./pointsRules/PointsRuleListPage.tsx')),
  },
  'transaction-types': resourcePages(page, () => import('./transactionTypes/transactionTypes.resource.ts'), {
    transactionTypeUi: ['list', 'create', 'edit'],
  }),
} satisfies Record<string, ScreenPages>;
