import type { AreaCatalogue } from '../commands.ts';
import { reportRead } from './dashboard.ts';
import { reportRunCommands, reportScheduleCommands, reportScheduleRead } from './jobs.ts';

export * from './dashboard.ts';
export * from './exports.ts';
export * from './jobs.ts';
export * from './reports.ts';

export const reportsCatalogue: AreaCatalogue = {
  commands: [...Object.values(reportRunCommands), ...Object.values(reportScheduleCommands)],
  reads: [reportRead, reportScheduleRead],
};
