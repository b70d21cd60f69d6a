import type { AreaCatalogue } from '../commands.ts';
import { churnCommands, churnRead } from './churn.ts';
import { nlpCommands, nlpRead } from './nlp.ts';

export * from './churn.ts';
export * from './nlp.ts';
export * from './trainingRun.ts';

export const analyticsCatalogue: AreaCatalogue = {
  commands: [...Object.values(churnCommands), ...Object.values(nlpCommands)],
  reads: [churnRead, nlpRead],
};
