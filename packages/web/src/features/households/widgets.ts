/** What other areas may embed of households (see architecture.test.ts): customer/info's Household tab. */
export { CustomerHousehold } from './CustomerHousehold.tsx';
