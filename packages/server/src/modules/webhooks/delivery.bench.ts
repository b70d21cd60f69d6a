/**
 * Webhook delivery throughput (docs/decisions/webhooks.md, "Figures"): N events queued for one
 * endpoint on a local receiver (node:http on 127.0.0.1, answering 200 at once), then delivery
 * runs (`deliverWebhooks`: fan-out, claims of 200, signed sends in parallel, outcomes in three
 * statements per batch) until every one is DELIVERED; events/s per round, three rounds.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<a scratch database> npx tsx packages/server/src/modules/webhooks/delivery.bench.ts [N]
 * Without DATABASE_URL it runs on an in-memory PGlite.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/index.ts';
import { parseOutboundAllow, useOutboundAllow } from '../../platform/outbound.ts';
import { deliverWebhooks } from './delivery.ts';
import { newSecret } from './signing.ts';

const events = Number(process.argv[2] ?? 5000);
const url = process.env.DATABASE_URL;
const database = await openDatabase(
  url ? { kind: 'postgres', url, poolSize: 4 } : { kind: 'pglite', dataDir: 'memory://' },
);
await database.migrate();
const { db } = database;
useOutboundAllow(parseOutboundAllow('127.0.0.1'));

let received = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received += 1;
    res.end('ok');
  });
});
server.keepAliveTimeout = 5000;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;

const [endpoint] = await db
  .insert(webhookEndpoints)
  .values({ url: `http://127.0.0.1:${port}/bench`, events: ['points.earned'], secret: newSecret() })
  .returning({ id: webhookEndpoints.id });

for (let round = 1; round <= 3; round += 1) {
  await db.execute(sql`
    insert into webhook_events (type, payload)
    select 'points.earned', jsonb_build_object('customerNumber', 'B-' || g, 'points', 100, 'balanceAfter', 100 * g,
      'reference', 'bench-' || g, 'ledgerEntryId', g::text, 'channel', 'POS', 'occurredAt', now())
    from generate_series(1, ${events}) g`);
  const before = received;
  const started = performance.now();
  for (;;) {
    await deliverWebhooks(db);
    const [left] = rowsOf<{ n: number }>(
      await db.execute(sql`
        select (select count(*) from webhook_events where processed_at is null)
          + (select count(*) from webhook_deliveries where status <> 'DELIVERED' and endpoint_id = ${endpoint?.id})::int as n`),
    );
    if (!Number(left?.n)) break;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `round ${round}: ${received - before} of ${events} events delivered in ${seconds.toFixed(2)} s = ${Math.round(events / seconds)} events/s`,
  );
}
server.close();
await database.close();
