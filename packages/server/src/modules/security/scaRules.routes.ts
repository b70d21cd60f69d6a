import { scaRuleFields, scaRuleResource } from '@loyalty/contracts';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { getScaRule, listScaRules } from './scaRules.service.ts';

export const scaRuleRoutes = crudRoutes(scaRuleResource, {
  body: { create: scaRuleFields },
  list: listScaRules,
  get: getScaRule,
});
