/** The configuration area's public face: what other areas, the app and the demo data may use. */
export { assertBusinessMayRedeem, businessEffect, businessRules } from './businessBanking.service.ts';
export { assertEligible, criteriaFor } from './eligibilityCriteria.service.ts';
export { assertFeature, invalidateFeatures } from './features.service.ts';
export { assertServiceAllowed, countUse, serviceLimit } from './serviceDefinitions.service.ts';
