import type { AreaCatalogue } from '../commands.ts';
import { adminLogRead } from './adminLogs.ts';
import { systemLogCommands, systemLogRead } from './systemLogs.ts';

export * from './adminLogs.ts';
export * from './auditDetails.ts';
export * from './diff.ts';
export * from './systemLogs.ts';

export const logsCatalogue: AreaCatalogue = {
  commands: [...Object.values(systemLogCommands)],
  reads: [adminLogRead, systemLogRead],
};
