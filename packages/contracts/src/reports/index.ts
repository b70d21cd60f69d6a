import type { AreaCatalogue } from '../commands.ts';
import { reportRead } from './dashboard.ts';

export * from './dashboard.ts';
export * from './exports.ts';
export * from './reports.ts';

export const reportsCatalogue: AreaCatalogue = { commands: [], reads: [reportRead] };
