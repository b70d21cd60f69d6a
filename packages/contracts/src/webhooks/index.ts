import type { AreaCatalogue } from '../commands.ts';
import { webhookDeliveryCommands, webhookDeliveryRead } from './webhookDeliveries.ts';
import { webhookEndpointCommands, webhookEndpointRead } from './webhookEndpoints.ts';

export * from './events.ts';
export * from './webhookDeliveries.ts';
export * from './webhookEndpoints.ts';

export const webhooksCatalogue: AreaCatalogue = {
  commands: [...Object.values(webhookEndpointCommands), ...Object.values(webhookDeliveryCommands)],
  reads: [webhookEndpointRead, webhookDeliveryRead],
};
