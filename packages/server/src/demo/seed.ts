import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tiers } from '../db/schema/index.ts';
import { seedDemoAlerts } from './alerts.ts';
import { seedDemoAnalytics } from './analytics.ts';
import { seedDemoCampaigns } from './campaigns.ts';
import { seedDemoCatalogue } from './catalogue.ts';
import { seedDemoChallenges } from './challenges.ts';
import { seedDemoConfiguration } from './configuration.ts';
import { seedDemoContent } from './content.ts';
import { seedDemoCorrections } from './corrections.ts';
import { replayDemoExpiry } from './expiry.ts';
import { seedDemoHouseholds } from './households.ts';
import { seedDemoFileLayouts, seedDemoImports } from './imports.ts';
import { seedDemoProgramme } from './index.ts';
import { seedDemoMessaging } from './messaging.ts';
import { seedDemoRedemptions } from './redemptions.ts';
import { seedDemoReferrals } from './referrals.ts';
import { seedDemoReports } from './reports.ts';
import { seedDemoWebhooks } from './webhooks.ts';

/** The embedded demo: the programme, its customers and catalogue, and the service desk, each added once. */
export async function seedDemo(db: Db) {
  const [existing] = await db.select({ n: count() }).from(tiers);
  if (!existing?.n) {
    await seedDemoProgramme(db);
    await seedDemoCatalogue(db);
    await seedDemoRedemptions(db);
    await replayDemoExpiry(db);
  }
  // Once, also into a demo folder made before the service desk existed.
  await seedDemoMessaging(db);
  // Once, also into a demo folder made before the application content existed.
  await seedDemoContent(db);
  // Once: the first churn model, trained by its job after start-up.
  await seedDemoAnalytics(db);
  // Once: alert categories, groups, alerts and their delivery history.
  await seedDemoAlerts(db);
  // Once: service definitions and per-channel feature switches.
  await seedDemoConfiguration(db);
  // Once: campaigns, the live one with earnings through the engine.
  await seedDemoCampaigns(db);
  // Once: challenges, two live with progress posted through the engine.
  await seedDemoChallenges(db);
  // Once: scheduled reports e-mailed to the administrator.
  await seedDemoReports(db);
  // Once: the service desk's goodwill adjustments and chargebacks, the newest postings.
  await seedDemoCorrections(db);
  // Once: the referral programmes, and referrals waiting or refused among the newest customers.
  await seedDemoReferrals(db);
  // Once: three families with their consent and a transfer to the head.
  await seedDemoHouseholds(db);
  // Once: last night's card-processor file, staged and waiting for a checker.
  await seedDemoImports(db);
  await seedDemoFileLayouts(db);
  // Once, last (the demo's postings raise no events): a paused webhook endpoint.
  await seedDemoWebhooks(db);
}
