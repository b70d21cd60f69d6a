/** What other areas may embed of challenges (see architecture.test.ts): customer/info's tab, the simulate panel's lines. */
export { ChallengePreview, CustomerChallenges } from './CustomerChallenges.tsx';
