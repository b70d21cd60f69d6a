import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';

const page = areaPages('loyalty');

/** The loyalty screens' lazy pages, by descriptor name and screen (routes, labels, permissions: contracts). */
export const loyaltyResourcePages = {
  tiers: {
    list: page(() => import('./tiers/TierListPage.tsx')),
    create: page(() => import('./tiers/TierCreatePage.tsx')),
    edit: page(() => import('./tiers/TierEditPage.tsx')),
  },
  'points-rules': {
    list: page(() => import('./pointsRules/PointsRuleListPage.tsx')),
    create: page(() => import('./pointsRules/PointsRuleCreatePage.tsx')),
    edit: page(() => import('./pointsRules/PointsRuleEditPage.tsx')),
  },
  'transaction-types': {
    list: page(() => import('./transactionTypes/TransactionTypeListPage.tsx')),
    create: page(() => import('./transactionTypes/TransactionTypeCreatePage.tsx')),
    edit: page(() => import('./transactionTypes/TransactionTypeEditPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;
