import type { ServerModule } from '../../platform/module.ts';
import { loyaltyJobs } from './jobs.ts';
import { pointsRuleRoutes } from './pointsRules.routes.ts';
import { pointsRuleHandlers } from './pointsRules.service.ts';
import { settingsRoutes } from './settings.routes.ts';
import { settingsHandlers } from './settings.service.ts';
import { tierRoutes } from './tiers.routes.ts';
import { tierHandlers } from './tiers.service.ts';
import { transactionTypeRoutes } from './transactionTypes.routes.ts';
import { transactionTypeHandlers } from './transactionTypes.service.ts';

export { reportEarningFallbacks, reportEarningMetrics } from './earnings.queue.ts';
export {
  type CampaignSource,
  currentConfiguration,
  decideEarning,
  type EarningCampaign,
  type EarningConfiguration,
  type EarningDecision,
  registerEarnBonus,
} from './engine.ts';
export { nextExpiry } from './ledger.service.ts';
export { programme } from './programme.ts';
export { isDuplicatePosting, postTransaction, reverseEarning } from './transactions.service.ts';

export const loyaltyModule: ServerModule = {
  name: 'loyalty',
  routes: async (app) => {
    await app.register(tierRoutes);
    await app.register(transactionTypeRoutes);
    await app.register(pointsRuleRoutes);
    await app.register(settingsRoutes);
  },
  handlers: [...tierHandlers, ...transactionTypeHandlers, ...pointsRuleHandlers, ...settingsHandlers],
  jobs: loyaltyJobs,
};
