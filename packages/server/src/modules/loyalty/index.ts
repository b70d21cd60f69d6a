/** The loyalty area's public face: what other areas, the app and the demo data may use. */
export {
  type EarningItem,
  type EarningRow,
  earningsSaturated,
  postEarning,
  postEarningBatch,
  reportEarningFallbacks,
  reportEarningMetrics,
} from './earnings.queue.ts';
export {
  type CampaignSource,
  currentConfiguration,
  decideEarning,
  type EarningCampaign,
  type EarningConfiguration,
  type EarningDecision,
  registerEarnBonus,
} from './engine.ts';
export { runExpiry } from './jobs.ts';
export { nextExpiry, postLedgerEntry, qualifyingPoints } from './ledger.service.ts';
export type { Programme } from './programme.ts';
export { programme, tierFor } from './programme.ts';
export {
  earningItem,
  earningType,
  isDuplicatePosting,
  postTransaction,
  reverseEarning,
} from './transactions.service.ts';
