import type { AreaCatalogue } from '../commands.ts';
import { alertCategoryCommands, alertCategoryRead } from './alertCategories.ts';
import { alertDeliveryCommands, alertDeliveryRead } from './alertDeliveries.ts';
import { alertGroupCommands, alertGroupRead } from './alertGroups.ts';
import { alertPreferenceCommands } from './alertPreferences.ts';
import { alertSettingsCommands, alertSettingsRead } from './alertSettings.ts';
import { alertCommands, alertRead } from './alerts.ts';

export * from './alertCategories.ts';
export * from './alertDeliveries.ts';
export * from './alertGroups.ts';
export * from './alertPreferences.ts';
export * from './alertSettings.ts';
export * from './alerts.ts';

export const alertsCatalogue: AreaCatalogue = {
  commands: [
    ...Object.values(alertCategoryCommands),
    ...Object.values(alertGroupCommands),
    ...Object.values(alertCommands),
    ...Object.values(alertDeliveryCommands),
    ...Object.values(alertPreferenceCommands),
    ...Object.values(alertSettingsCommands),
  ],
  reads: [alertCategoryRead, alertGroupRead, alertRead, alertDeliveryRead, alertSettingsRead],
};
