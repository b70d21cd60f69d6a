/** The configuration area's public face: what other areas, the app and the demo data may use. */
export type { BusinessRulesJson } from './businessBanking.service.ts';
export { assertBusinessMayRedeem, businessEffect, businessRules } from './businessBanking.service.ts';
export { assertEligible, type CriterionJson, criteriaFor } from './eligibilityCriteria.service.ts';
export { assertFeature, invalidateFeatures } from './features.service.ts';
export {
  assertServiceAllowed,
  countUse,
  type DailyLimit,
  serviceLimit,
} from './serviceDefinitions.service.ts';
