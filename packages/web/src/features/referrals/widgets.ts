/** What other areas may embed of referrals (see architecture.test.ts): customer/info's Referrals tab. */
export { CustomerReferrals } from './CustomerReferrals.tsx';
