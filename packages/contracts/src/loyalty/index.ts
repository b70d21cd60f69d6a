import type { AreaCatalogue } from '../commands.ts';
import { ledgerCommands, loyaltySettingsCommands, loyaltySettingsRead } from './engine.ts';
import { pointsRuleCommands, pointsRuleRead } from './pointsRules.ts';
import { tierCommands, tierRead } from './tiers.ts';
import { transactionTypeCommands, transactionTypeRead } from './transactionTypes.ts';

export * from './engine.ts';
export * from './pointsRules.ts';
export * from './tiers.ts';
export * from './transactionTypes.ts';

export const loyaltyCatalogue: AreaCatalogue = {
  commands: [
    ...Object.values(tierCommands),
    ...Object.values(transactionTypeCommands),
    ...Object.values(pointsRuleCommands),
    ...Object.values(loyaltySettingsCommands),
    ...Object.values(ledgerCommands),
  ],
  reads: [tierRead, transactionTypeRead, pointsRuleRead, loyaltySettingsRead],
};
