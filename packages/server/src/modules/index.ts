import type { ServerModule } from '../platform/module.ts';
import { loyaltyModule } from './loyalty/index.ts';

/** Every area of the server, in mounting order. A new area adds one line. */
export const modules: ServerModule[] = [loyaltyModule];
