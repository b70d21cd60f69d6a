import type { AreaCatalogue } from '../commands.ts';
import { businessBankingCommands, businessBankingRead } from './businessBanking.ts';
import { eligibilityCriterionCommands, eligibilityCriterionRead } from './eligibilityCriteria.ts';
import { featureCommands, featureRead } from './features.ts';
import { serviceDefinitionCommands, serviceDefinitionRead } from './serviceDefinitions.ts';

export * from './businessBanking.ts';
export * from './channels.ts';
export * from './eligibilityCriteria.ts';
export * from './features.ts';
export * from './serviceDefinitions.ts';

export const configurationCatalogue: AreaCatalogue = {
  commands: [
    ...Object.values(featureCommands),
    ...Object.values(serviceDefinitionCommands),
    ...Object.values(eligibilityCriterionCommands),
    ...Object.values(businessBankingCommands),
  ],
  reads: [featureRead, serviceDefinitionRead, eligibilityCriterionRead, businessBankingRead],
};
