import type { AreaCatalogue } from '../commands.ts';
import { imageCommands } from './images.ts';
import { redemptionCommands, redemptionRead } from './redemptions.ts';
import { rewardCategoryCommands, rewardCategoryRead } from './rewardCategories.ts';
import { storeCommands, storeRead } from './stores.ts';
import { voucherCommands, voucherRead } from './vouchers.ts';

export * from './images.ts';
export * from './redemptions.ts';
export * from './rewardCategories.ts';
export * from './stores.ts';
export * from './vouchers.ts';

export const rewardsCatalogue: AreaCatalogue = {
  commands: [
    ...Object.values(imageCommands),
    ...Object.values(rewardCategoryCommands),
    ...Object.values(storeCommands),
    ...Object.values(voucherCommands),
    ...Object.values(redemptionCommands),
  ],
  reads: [rewardCategoryRead, storeRead, voucherRead, redemptionRead],
};
