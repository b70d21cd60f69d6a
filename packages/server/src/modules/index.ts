import type { ServerModule } from '../platform/module.ts';
import { alertsModule } from './alerts/index.ts';
import { analyticsModule } from './analytics/index.ts';
import { approvalsModule } from './approvals/index.ts';
import { campaignsModule } from './campaigns/index.ts';
import { configurationModule } from './configuration/index.ts';
import { contentModule } from './content/index.ts';
import { customersModule } from './customers/index.ts';
import { identityModule } from './identity/index.ts';
import { integrationModule } from './integration/index.ts';
import { logsModule } from './logs/index.ts';
import { loyaltyModule } from './loyalty/index.ts';
import { messagingModule } from './messaging/index.ts';
import { reportsModule } from './reports/index.ts';
import { rewardsModule } from './rewards/index.ts';
import { securityModule } from './security/index.ts';
import { webhooksModule } from './webhooks/index.ts';

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
  webhooksModule,
];
