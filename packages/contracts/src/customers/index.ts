import type { AreaCatalogue } from '../commands.ts';
import { customerCommands, customerRead } from './customers.ts';

export * from './customers.ts';

export const customersCatalogue: AreaCatalogue = {
  commands: [...Object.values(customerCommands)],
  reads: [customerRead],
};
