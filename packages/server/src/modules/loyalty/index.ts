/** The loyalty area's public face: what other areas, the app and the demo data may use. */
export type { BusinessRulesJson, CampaignCandidate, CriterionJson, DailyLimit } from './earnings.queue.ts';
export { postEarning, reportEarningFallbacks, reportEarningMetrics } from './earnings.queue.ts';
export { runExpiry } from './jobs.ts';
export { nextExpiry, postLedgerEntry, qualifyingPoints } from './ledger.service.ts';
export type { Programme } from './programme.ts';
export { programme, tierFor } from './programme.ts';
export type { EarnFacts } from './transactions.service.ts';
export {
  isDuplicatePosting,
  postTransaction,
  registerEarnBonus,
  reverseEarning,
} from './transactions.service.ts';
