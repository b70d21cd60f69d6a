import type { ServerModule } from '../../platform/module.ts';
import { requireApiKey } from '../integration/apiKeyAuth.ts';
import { businessBankingRoutes } from './businessBanking.routes.ts';
import { businessBankingHandlers } from './businessBanking.service.ts';
import { configBundleRoutes } from './configBundles.routes.ts';
import { configBundleHandlers } from './configBundles.service.ts';
import { eligibilityCriterionRoutes } from './eligibilityCriteria.routes.ts';
import { eligibilityCriterionHandlers } from './eligibilityCriteria.service.ts';
import { featureRoutes, publicFeatureRoutes } from './features.routes.ts';
import { featureHandlers } from './features.service.ts';
import { serviceDefinitionRoutes } from './serviceDefinitions.routes.ts';
import { purgeUsage, serviceDefinitionHandlers } from './serviceDefinitions.service.ts';
import { userConfigurationRoutes } from './userConfigurations.routes.ts';
import { userConfigurationHandlers } from './userConfigurations.service.ts';

export type { BusinessRulesJson } from './businessBanking.service.ts';
export { assertBusinessMayRedeem, businessEffect, businessRules } from './businessBanking.service.ts';
export { recordTunableChange, tunable, tunableNow } from './configBundles.service.ts';
export { assertEligible, type CriterionJson, criteriaFor } from './eligibilityCriteria.service.ts';
export { assertFeature, invalidateFeatures } from './features.service.ts';
export {
  assertServiceAllowed,
  countUse,
  type DailyLimit,
  serviceLimit,
} from './serviceDefinitions.service.ts';

/**
 * Configuration that governs (docs/decisions/configuration.md): customer-app feature switches per
 * channel, and service definitions (channels and daily limits of the integration API's services).
 */
export const configurationModule: ServerModule = {
  name: 'configuration',
  routes: async (app) => {
    await app.register(featureRoutes);
    await app.register(serviceDefinitionRoutes);
    await app.register(eligibilityCriterionRoutes);
    await app.register(businessBankingRoutes);
    await app.register(configBundleRoutes);
    await app.register(userConfigurationRoutes);
  },
  rootRoutes: async (app) => {
    await app.register(
      async (api) => {
        api.addHook('onRequest', requireApiKey);
        await api.register(publicFeatureRoutes);
      },
      { prefix: '/api/integration/v1' },
    );
  },
  handlers: [
    ...featureHandlers,
    ...serviceDefinitionHandlers,
    ...eligibilityCriterionHandlers,
    ...businessBankingHandlers,
    ...configBundleHandlers,
    ...userConfigurationHandlers,
  ],
  jobs: [
    {
      name: 'configuration.usagePurge',
      intervalSeconds: 6 * 3600,
      run: async (db) => {
        await purgeUsage(db);
        return null;
      },
    },
  ],
};
