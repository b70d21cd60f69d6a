import type { AreaCatalogue } from '../commands.ts';
import { businessBankingCommands, businessBankingRead } from './businessBanking.ts';
import { configBundlesCatalogue } from './configBundles.ts';
import { eligibilityCriterionCommands, eligibilityCriterionRead } from './eligibilityCriteria.ts';
import { featureCommands, featureRead } from './features.ts';
import { serviceDefinitionCommands, serviceDefinitionRead } from './serviceDefinitions.ts';
import { userConfigurationCommands, userConfigurationRead } from './userConfigurations.ts';

export * from './businessBanking.ts';
export * from './channels.ts';
export * from './configBundles.ts';
export * from './eligibilityCriteria.ts';
export * from './features.ts';
export * from './serviceDefinitions.ts';
export * from './userConfigurations.ts';

export const configurationCatalogue: AreaCatalogue = {
  commands: [
    ...Object.values(featureCommands),
    ...Object.values(serviceDefinitionCommands),
    ...Object.values(eligibilityCriterionCommands),
    ...Object.values(businessBankingCommands),
    ...configBundlesCatalogue.commands,
    ...Object.values(userConfigurationCommands),
  ],
  reads: [
    featureRead,
    serviceDefinitionRead,
    eligibilityCriterionRead,
    businessBankingRead,
    ...configBundlesCatalogue.reads,
    userConfigurationRead,
  ],
};
