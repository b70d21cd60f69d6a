import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { webhookEndpoints } from '../db/schema/index.ts';
import { newSecret } from '../modules/webhooks/index.ts';

/**
 * One webhook endpoint, the bank's CRM, PAUSED: its screens have a record to show, and nothing is
 * sent to an address that does not exist (events wait for it, to be sent once it is set Active).
 * Added last, so the demo's own postings raise no events.
 */
export async function seedDemoWebhooks(db: Db) {
  const [existing] = await db.select({ n: count() }).from(webhookEndpoints);
  if (existing?.n) return;
  await db.insert(webhookEndpoints).values({
    url: 'https://crm.bank.example/loyalty/webhooks',
    // One free-text field, written for staff reading either language.
    description: 'CRM: points and tier changes · نظام إدارة علاقات العملاء: النقاط وتغيّر الفئات',
    events: ['points.earned', 'points.redeemed', 'tier.changed'],
    status: 'PAUSED',
    secret: newSecret(),
  });
}
