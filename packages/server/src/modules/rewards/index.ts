/** The rewards area's public face: what other areas, the app and the demo data may use. */
export { redeemVoucher } from './redemptions.service.ts';
