import type { AreaCatalogue } from '../commands.ts';
import { challengeCommands, challengeRead } from './challenges.ts';

export * from './challenges.ts';

export const challengesCatalogue: AreaCatalogue = {
  commands: Object.values(challengeCommands),
  reads: [challengeRead],
};
