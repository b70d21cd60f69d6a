import type { AreaCatalogue } from '../commands.ts';
import { importCommands, importRead } from './imports.ts';

export * from './imports.ts';

export const importsCatalogue: AreaCatalogue = {
  commands: Object.values(importCommands),
  reads: [importRead],
};
