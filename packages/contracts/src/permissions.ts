import { alertsCatalogue } from './alerts/index.ts';
import { analyticsCatalogue } from './analytics/index.ts';
import { approvalsCatalogue } from './approvals/index.ts';
import { campaignsCatalogue } from './campaigns/index.ts';
import { challengesCatalogue } from './challenges/index.ts';
import type { AreaCatalogue } from './commands.ts';
import { configurationCatalogue } from './configuration/index.ts';
import { contentCatalogue } from './content/index.ts';
import { customersCatalogue } from './customers/index.ts';
import { householdsCatalogue } from './households/index.ts';
import { identityCatalogue } from './identity/index.ts';
import { importsCatalogue } from './imports/index.ts';
import { integrationCatalogue } from './integration/index.ts';
import { logsCatalogue } from './logs/index.ts';
import { loyaltyCatalogue } from './loyalty/index.ts';
import { messagingCatalogue } from './messaging/index.ts';
import { referralsCatalogue } from './referrals/index.ts';
import { replaysCatalogue } from './replays/index.ts';
import { reportsCatalogue } from './reports/index.ts';
import { rewardsCatalogue } from './rewards/index.ts';
import { securityCatalogue } from './security/index.ts';
import { webhooksCatalogue } from './webhooks/index.ts';

/**
 * The permission catalogue: every permission-gated command and read of the system, by area.
 * New resources add their commands and read permission here; the server seeds the catalogue,
 * the maker-checker services and the audit vocabulary from this one list.
 */
export const catalogue = {
  alerts: alertsCatalogue,
  analytics: analyticsCatalogue,
  approvals: approvalsCatalogue,
  campaigns: campaignsCatalogue,
  challenges: challengesCatalogue,
  configuration: configurationCatalogue,
  content: contentCatalogue,
  customers: customersCatalogue,
  identity: identityCatalogue,
  households: householdsCatalogue,
  imports: importsCatalogue,
  integration: integrationCatalogue,
  logs: logsCatalogue,
  loyalty: loyaltyCatalogue,
  messaging: messagingCatalogue,
  referrals: referralsCatalogue,
  replays: replaysCatalogue,
  reports: reportsCatalogue,
  rewards: rewardsCatalogue,
  security: securityCatalogue,
  webhooks: webhooksCatalogue,
} satisfies Record<string, AreaCatalogue>;

export type Area = keyof typeof catalogue;

export interface PermissionEntry {
  code: string;
  area: Area;
  summary: string;
  kind: 'command' | 'read';
}

export const permissionCatalogue: PermissionEntry[] = (Object.keys(catalogue) as Area[]).flatMap((area) => [
  ...catalogue[area].reads.map((r) => ({ code: r.code, area, summary: r.summary, kind: 'read' as const })),
  ...catalogue[area].commands.map((c) => ({
    code: c.name,
    area,
    summary: c.summary,
    kind: 'command' as const,
  })),
]);
