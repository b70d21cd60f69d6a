import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';
import { resourcePages } from '../../components/resourcePages.tsx';

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
    ...resourcePages(page, () => import('./bundles/bundles.resource.tsx'), {
      configBundleUi: ['list'],
      configBundleEditUi: ['edit'],
    }),
    create: page(() => import('./bundles/BundleCreatePage.tsx')),
    view: page(() => import('./bundles/BundlePage.tsx')),
  },
  'user-configurations': {
    ...resourcePages(page, () => import('./userConfigurations/userConfigurations.resource.tsx'), {
      userConfigurationUi: ['edit'],
    }),
    list: page(() => import('./userConfigurations/UserConfigurationListPage.tsx')),
    create: page(() => import('./userConfigurations/UserConfigurationCreatePage.tsx')),
  },
  'service-definitions': {
    ...resourcePages(page, () => import('./serviceDefinitions/serviceDefinitions.resource.tsx'), {
      serviceDefinitionUi: ['list'],
    }),
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
