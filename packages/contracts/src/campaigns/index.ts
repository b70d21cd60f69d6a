import type { AreaCatalogue } from '../commands.ts';
import { campaignCommands, campaignRead } from './campaigns.ts';

export * from './campaigns.ts';

export const campaignsCatalogue: AreaCatalogue = {
  commands: Object.values(campaignCommands),
  reads: [campaignRead],
};
