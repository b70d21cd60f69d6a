import type { AreaCatalogue } from '../commands.ts';
import { tierCommands, tierRead } from './tiers.ts';

export * from './tiers.ts';

export const loyaltyCatalogue: AreaCatalogue = {
  commands: [...Object.values(tierCommands)],
  reads: [tierRead],
};
