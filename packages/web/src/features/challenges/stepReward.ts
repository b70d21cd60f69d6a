import type { ChallengeGoalStep } from '@loyalty/contracts';
import type { TFunction } from 'i18next';
import { formatPoints } from '../../components/format.tsx';

/** A step's reward as text: its points, or the catalogue voucher (name in the language, value in points). */
export function stepReward(t: TFunction, s: ChallengeGoalStep, lang: 'en' | 'ar'): string {
  if (s.voucherId === null || s.voucherId === undefined) {
    return t('challenges.rewardPoints', { points: formatPoints(s.points) });
  }
  const name = (lang === 'ar' && s.voucherNameAr) || s.voucherName || `#${s.voucherId}`;
  return t('challenges.rewardVoucher', { name, points: formatPoints(s.points) });
}
