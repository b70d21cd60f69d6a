/** What other areas may embed of campaigns (see architecture.test.ts): the targeting and period inputs challenges share. */
export { earnTypeChoices, nameIn } from './api.ts';
export { type Period, PeriodInput } from './PeriodInput.tsx';
export { AudienceFields, BilingualFields, parseCustomerList } from './TargetingFields.tsx';
