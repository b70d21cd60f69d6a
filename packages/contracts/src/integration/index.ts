import type { AreaCatalogue } from '../commands.ts';
import { apiKeyCommands, apiKeyRead } from './apiKeys.ts';

export * from './apiKeys.ts';
export * from './channel.ts';

export const integrationCatalogue: AreaCatalogue = {
  commands: [...Object.values(apiKeyCommands)],
  reads: [apiKeyRead],
};
