import type { AreaCatalogue } from '../commands.ts';
import { referralProgrammeCommands, referralRead } from './referrals.ts';

export * from './referrals.ts';

export const referralsCatalogue: AreaCatalogue = {
  commands: Object.values(referralProgrammeCommands),
  reads: [referralRead],
};
