import type { Referral } from '@loyalty/contracts';

/** A referral status's tag colour (the referrals list and customer info's Referrals tab). */
export const referralStatusColor: Record<Referral['status'], string> = {
  PENDING: 'blue',
  QUALIFIED: 'orange',
  REWARDED: 'green',
  REFUSED: 'red',
  CLAWED_BACK: 'volcano',
};
