import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';

const page = areaPages('configuration');

/** The configuration screens' lazy pages, by descriptor name and screen (routes, labels, permissions: contracts). */
export const configurationResourcePages = {
  features: { list: page(() => import('./features/FeaturesPage.tsx')) },
  'eligibility-criteria': {
    list: page(() => import('./eligibility/CriterionListPage.tsx')),
    create: page(() => import('./eligibility/CriterionCreatePage.tsx')),
    edit: page(() => import('./eligibility/CriterionEditPage.tsx')),
  },
  'config-bundles': {
    list: page(() => import('./bundles/BundleListPage.tsx')),
    create: page(() => import('./bundles/BundleCreatePage.tsx')),
    edit: page(() => import('./bundles/BundleEditPage.tsx')),
    view: page(() => import('./bundles/BundlePage.tsx')),
  },
  'user-configurations': {
    list: page(() => import('./userConfigurations/UserConfigurationListPage.tsx')),
    create: page(() => import('./userConfigurations/UserConfigurationCreatePage.tsx')),
    edit: page(() => import('./userConfigurations/UserConfigurationEditPage.tsx')),
  },
  'service-definitions': {
    list: page(() => import('./serviceDefinitions/ServiceDefinitionListPage.tsx')),
    create: page(() => import('./serviceDefinitions/ServiceDefinitionFormPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;

/** The configuration screens that are not a listed resource, for the route table. */
export const configurationPages = {
  businessBanking: {
    page: page(() => import('./businessBanking/BusinessBankingPage.tsx')),
    permission: 'businessBanking.read',
  },
  configureBundle: {
    page: page(() => import('./bundles/ConfigureBundlePage.tsx')),
    permission: 'configItem.update',
  },
  editConfiguration: {
    page: page(() => import('./bundles/ItemEditPage.tsx')),
    permission: 'configItem.update',
  },
};
