import type { AreaCatalogue } from '../commands.ts';
import { fileLayoutCommands, fileLayoutRead } from './fileLayouts.ts';
import { importCommands, importRead } from './imports.ts';

export * from './fileLayouts.ts';
export * from './imports.ts';

export const importsCatalogue: AreaCatalogue = {
  commands: [...Object.values(importCommands), ...Object.values(fileLayoutCommands)],
  reads: [importRead, fileLayoutRead],
};
