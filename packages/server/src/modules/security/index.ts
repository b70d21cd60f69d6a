import {
  passwordSettingCommands,
  passwordSettingFields,
  passwordSettingListQuery,
  passwordSettingPage,
  passwordSettingRead,
  passwordSettingSchema,
  scaRuleCommands,
  scaRuleFields,
  scaRuleListQuery,
  scaRulePage,
  scaRuleRead,
  scaRuleSchema,
} from '@loyalty/contracts';
import type { ServerModule } from '../../platform/module.ts';
import { crudRoutes } from './crud.ts';
import {
  getPasswordSetting,
  listPasswordSettings,
  passwordSettingHandlers,
} from './password-settings.service.ts';
import { policyRoutes } from './policies.routes.ts';
import { policyHandlers } from './policies.service.ts';
import { getScaRule, listScaRules, scaRuleHandlers } from './sca-rules.service.ts';

/** Security settings: credential policy, lockout/expiry, session policy, second-factor rules. */
export const securityModule: ServerModule = {
  name: 'security',
  routes: async (app) => {
    await app.register(policyRoutes);
    await app.register(
      crudRoutes({
        path: '/password-settings',
        tags: ['Security: password settings'],
        read: passwordSettingRead,
        commands: passwordSettingCommands,
        item: passwordSettingSchema,
        page: passwordSettingPage,
        listQuery: passwordSettingListQuery,
        fields: passwordSettingFields,
        list: listPasswordSettings,
        get: getPasswordSetting,
      }),
    );
    await app.register(
      crudRoutes({
        path: '/sca-rules',
        tags: ['Security: second factor'],
        read: scaRuleRead,
        commands: scaRuleCommands,
        item: scaRuleSchema,
        page: scaRulePage,
        listQuery: scaRuleListQuery,
        fields: scaRuleFields,
        list: listScaRules,
        get: getScaRule,
      }),
    );
  },
  handlers: [...policyHandlers, ...passwordSettingHandlers, ...scaRuleHandlers],
};
