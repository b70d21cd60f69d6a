import { businessBankingRead } from '@loyalty/contracts';
import { lazyPage, type ScreenPages } from '../../components/lazyPage.tsx';

/** The configuration screens' lazy pages, by descriptor name and screen (routes, labels, permissions: contracts). */
export const configurationResourcePages = {
  features: { list: lazyPage(() => import('./features/FeaturesPage.tsx')) },
  'eligibility-criteria': {
    list: lazyPage(() => import('./eligibility/CriterionListPage.tsx')),
    create: lazyPage(() => import('./eligibility/CriterionCreatePage.tsx')),
    edit: lazyPage(() => import('./eligibility/CriterionEditPage.tsx')),
  },
  'service-definitions': {
    list: lazyPage(() => import('./serviceDefinitions/ServiceDefinitionListPage.tsx')),
    create: lazyPage(() => import('./serviceDefinitions/ServiceDefinitionFormPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;

/** The configuration screens that are not a listed resource, for the route table. */
export const configurationPages = {
  businessBanking: {
    page: lazyPage(() => import('./businessBanking/BusinessBankingPage.tsx')),
    permission: businessBankingRead.code,
  },
};
