import type { ServerModule } from '../platform/module.ts';
import type { Tunable } from '../platform/settings/registry.ts';
import { alertsModule } from './alerts/module.ts';
import { analyticsModule } from './analytics/module.ts';
import { approvalsModule } from './approvals/module.ts';
import { campaignsForEarning } from './campaigns/index.ts';
import { campaignsModule } from './campaigns/module.ts';
import { challengesModule } from './challenges/module.ts';
import { configurationModule } from './configuration/module.ts';
import { contentModule } from './content/module.ts';
import { customersModule } from './customers/module.ts';
import { householdsModule } from './households/module.ts';
import { identityModule } from './identity/module.ts';
import { importsModule } from './imports/module.ts';
import { integrationModule } from './integration/module.ts';
import { logsModule } from './logs/module.ts';
import { registerEarnBonus } from './loyalty/index.ts';
import { loyaltyModule } from './loyalty/module.ts';
import { messagingModule } from './messaging/module.ts';
import { referralsModule } from './referrals/module.ts';
import { replaysModule } from './replays/module.ts';
import { reportsModule } from './reports/module.ts';
import { rewardsModule } from './rewards/module.ts';
import { securityModule } from './security/module.ts';
import { webhooksModule } from './webhooks/module.ts';

// The earning decision takes the live campaigns as part of its configuration (loyalty/engine.ts):
// wired here, where the areas are put together, rather than by one area importing another.
registerEarnBonus(campaignsForEarning);

/** Every area of the server, in mounting order. A new area adds one line. */
export const modules: ServerModule[] = [
  loyaltyModule,
  rewardsModule,
  approvalsModule,
  customersModule,
  integrationModule,
  logsModule,
  identityModule,
  securityModule,
  messagingModule,
  contentModule,
  configurationModule,
  analyticsModule,
  alertsModule,
  reportsModule,
  campaignsModule,
  challengesModule,
  webhooksModule,
  replaysModule,
  importsModule,
  householdsModule,
  referralsModule,
];

/** Every area's tunables (platform/settings), registered by buildApp, and by main.ts before the demo data. */
export const tunables: Tunable[] = modules.flatMap((m) => m.tunables ?? []);
