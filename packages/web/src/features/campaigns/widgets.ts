/** What other areas may embed of campaigns (see architecture.test.ts): the targeting and period inputs challenges share. */
export { criterionChoices, earnTypeChoices, nameIn, tierChoices } from './api.ts';
export { parseCustomerList } from './CampaignFormPage.tsx';
export { type Period, PeriodInput } from './PeriodInput.tsx';
