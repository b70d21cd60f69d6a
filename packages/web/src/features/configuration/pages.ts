import { businessBankingRead, configItemCommands } from '@loyalty/contracts';
import { lazyPage, type ScreenPages } from '../../components/lazyPage.tsx';

/** The configuration screens' lazy pages, by descriptor name and screen (routes, labels, permissions: contracts). */
export const configurationResourcePages = {
  features: { list: lazyPage(() => import('./features/FeaturesPage.tsx')) },
  'eligibility-criteria': {
    list: lazyPage(() => import('./eligibility/CriterionListPage.tsx')),
    create: lazyPage(() => import('./eligibility/CriterionCreatePage.tsx')),
    edit: lazyPage(() => import('./eligibility/CriterionEditPage.tsx')),
  },
  'config-bundles': {
    list: lazyPage(() => import('./bundles/BundleListPage.tsx')),
    create: lazyPage(() => import('./bundles/BundleCreatePage.tsx')),
    edit: lazyPage(() => import('./bundles/BundleEditPage.tsx')),
    view: lazyPage(() => import('./bundles/BundlePage.tsx')),
  },
  'user-configurations': {
    list: lazyPage(() => import('./userConfigurations/UserConfigurationListPage.tsx')),
    create: lazyPage(() => import('./userConfigurations/UserConfigurationCreatePage.tsx')),
    edit: lazyPage(() => import('./userConfigurations/UserConfigurationEditPage.tsx')),
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
  configureBundle: {
    page: lazyPage(() => import('./bundles/ConfigureBundlePage.tsx')),
    permission: configItemCommands.update.name,
  },
  editConfiguration: {
    page: lazyPage(() => import('./bundles/ItemEditPage.tsx')),
    permission: configItemCommands.update.name,
  },
};
