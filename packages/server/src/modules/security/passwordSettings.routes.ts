import { passwordSettingFields, passwordSettingResource } from '@loyalty/contracts';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { getPasswordSetting, listPasswordSettings } from './passwordSettings.service.ts';

export const passwordSettingRoutes = crudRoutes(passwordSettingResource, {
  body: { create: passwordSettingFields },
  list: listPasswordSettings,
  get: getPasswordSetting,
});
