import { lazyPage, type ScreenPages } from '../../components/lazyPage.tsx';

/** The loyalty screens' lazy pages, by descriptor name and screen (routes, labels, permissions: contracts). */
export const loyaltyResourcePages = {
  tiers: {
    list: lazyPage(() => import('./tiers/TierListPage.tsx')),
    create: lazyPage(() => import('./tiers/TierCreatePage.tsx')),
    edit: lazyPage(() => import('./tiers/TierEditPage.tsx')),
  },
  'points-rules': {
    list: lazyPage(() => import('./pointsRules/PointsRuleListPage.tsx')),
    create: lazyPage(() => import('./pointsRules/PointsRuleCreatePage.tsx')),
    edit: lazyPage(() => import('./pointsRules/PointsRuleEditPage.tsx')),
  },
  'transaction-types': {
    list: lazyPage(() => import('./transactionTypes/TransactionTypeListPage.tsx')),
    create: lazyPage(() => import('./transactionTypes/TransactionTypeCreatePage.tsx')),
    edit: lazyPage(() => import('./transactionTypes/TransactionTypeEditPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;
