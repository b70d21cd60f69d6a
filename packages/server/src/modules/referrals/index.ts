/** The referrals area's public face: what other areas, the app and the demo data may use. */
export {
  enrolReferral,
  normalizeCode,
  referralCodeOf,
  referralCost,
  referralsOfCustomer,
} from './referrals.service.ts';
