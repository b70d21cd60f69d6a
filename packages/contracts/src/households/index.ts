import type { AreaCatalogue } from '../commands.ts';
import { householdCommands, householdRead } from './households.ts';

export * from './households.ts';

export const householdsCatalogue: AreaCatalogue = {
  commands: Object.values(householdCommands),
  reads: [householdRead],
};
