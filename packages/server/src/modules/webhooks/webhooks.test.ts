import { webhookEventCatalogue } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { parseOutboundAllow, useOutboundAllow } from '../../platform/outbound.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import {
  currentConfiguration,
  earningItem,
  earningsSaturated,
  postEarning,
  programme,
} from '../loyalty/index.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { fanOut, givesWay, retryDelaySeconds, WEBHOOKS_JOB } from './delivery.ts';
import { startReceiver } from './testing.ts';

let t: TestApp;
let admin: { authorization: string };
let api: ReturnType<typeof channel>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = admin) =>
  t.inject({ method, url: `/api/admin${url}`, ...(payload ? { payload } : {}), as });
const get = (url: string, as = admin) => t.inject({ method: 'GET', url: `/api/admin${url}`, as });
// biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, read by the assertions
const ok = async (res: Promise<{ statusCode: number; body: string; json(): any }>): Promise<any> => {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`${r.statusCode} ${r.body}`);
  return r.body ? r.json() : undefined;
};
const exec = (query: ReturnType<typeof sql>) => t.app.db.execute(query);

/** Runs the delivery job now (it otherwise runs on its interval). */
const deliver = async () => {
  await t.app.jobs.settled(); // a run a route started
  await t.app.jobs.requestRun(WEBHOOKS_JOB);
  await t.app.jobs.tick(WEBHOOKS_JOB);
};
/** Makes every waiting retry due, as if its back-off had passed. */
const timePasses = () =>
  exec(sql`update webhook_deliveries set next_attempt_at = now() where status = 'PENDING'`);

let n = 0;
const earn = async (customerNumber: string, amount = 100) => {
  n += 1;
  const res = await api('POST', '/transactions', {
    externalId: `WH-${n}`,
    customerNumber,
    transactionTypeCode: 'SPEND',
    amount,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return `WH-${n}`;
};
const endpoint = async (events: string[] = ['points.earned'], url = receiver.url) =>
  ok(send('POST', '/webhook-endpoints', { url, events, description: 'CRM' }));
const pause = (id: number) =>
  ok(
    send('PUT', `/webhook-endpoints/${id}`, {
      url: receiver.url,
      events: ['points.earned'],
      status: 'PAUSED',
    }),
  );
const forReference = (ref: string) => receiver.verified.filter((m) => m.body.data?.reference === ref);

beforeAll(async () => {
  receiver = await startReceiver();
  t = await buildTestApp();
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 1_000_000);
  await fx.type('SPEND');
  const spend = await ok(get('/transaction-types?q=SPEND'));
  await fx.rule({ transactionTypeId: spend.items[0].id, amount: 1, pointsPerTransaction: 1 });
  api = channel(t, await fx.apiKey(['customers', 'transactions', 'balance', 'messages']));
  for (const c of ['C-1', 'C-2', 'C-3', 'C-4', 'C-5']) {
    await ok(api('PUT', `/customers/${c}`, { fullName: `Customer ${c}`, language: 'en' }));
  }
});

describe('POST /webhook-endpoints', () => {
  it('answers the signing secret once, in the whsec_ form, and never again', async () => {
    const created = await endpoint();
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const read = await ok(get(`/webhook-endpoints/${created.id}`));
    expect(read.secret).toBeUndefined();
    const list = await ok(get('/webhook-endpoints'));
    expect(JSON.stringify(list)).not.toContain(created.secret);
    const stored = rowsOf<{ secret: string }>(
      await exec(sql`select secret from webhook_endpoints where id = ${created.id}`),
    )[0];
    expect(stored?.secret).not.toContain(created.secret.slice(6));
    const audit = rowsOf<{ after: unknown }>(
      await exec(
        sql`select after from audit_log where command = 'webhookEndpoint.create' order by id desc limit 1`,
      ),
    )[0];
    expect(JSON.stringify(audit?.after)).not.toContain(created.secret);
    await ok(send('DELETE', `/webhook-endpoints/${created.id}`));
  });

  it('refuses an unknown event type and a URL with credentials (400 naming the field)', async () => {
    const unknown = await send('POST', '/webhook-endpoints', {
      url: receiver.url,
      events: ['points.stolen'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('VALIDATION_FAILED');
    const creds = await send('POST', '/webhook-endpoints', {
      url: 'https://user:pw@example.com/h',
      events: ['points.earned'],
    });
    expect(creds.statusCode).toBe(400);
  });
});

describe('delivery', () => {
  it('an earning through the integration API arrives once, signed per Standard Webhooks', async () => {
    const created = await endpoint();
    receiver.state.secrets = [created.secret];
    const ref = await earn('C-1', 120);
    await deliver();
    await deliver();
    const got = forReference(ref);
    expect(got).toHaveLength(1);
    const [message] = got;
    expect(message?.headers['webhook-id']).toMatch(/^evt_\d+$/);
    expect(message?.body).toMatchObject({
      id: message?.headers['webhook-id'],
      type: 'points.earned',
      version: 1,
      customerSequence: 1,
      data: { customerNumber: 'C-1', points: 120, balanceAfter: 120, reference: ref },
    });
    expect(receiver.rejected).toHaveLength(0);
    const log = await ok(get(`/webhook-deliveries?endpointId=${created.id}&status=DELIVERED`));
    expect(log.total).toBe(1);
    const delivery = await ok(get(`/webhook-deliveries/${log.items[0].id}`));
    expect(delivery.log[0]).toMatchObject({ attempt: 1, responseCode: 200, responseExcerpt: 'thanks' });
    await pause(created.id);
  });

  it('numbers each customer’s events in sequence', async () => {
    const created = await endpoint();
    receiver.state.secrets = [created.secret];
    const refs = [await earn('C-2', 1), await earn('C-2', 2), await earn('C-2', 3)];
    // Two fan-outs at once (two instances' runs): one numbers, the other skips; none twice.
    await Promise.all([fanOut(t.app.db), fanOut(t.app.db)]);
    await deliver();
    const seqs = refs.map((r) => forReference(r)[0]?.body.customerSequence);
    expect(seqs).toEqual([1, 2, 3]);
    await pause(created.id);
  });

  it('a receiver answering 500 then 200 gets the event once, after a retry', async () => {
    const created = await endpoint();
    receiver.state.secrets = [created.secret];
    receiver.state.answers = [500];
    const ref = await earn('C-3');
    await deliver();
    expect(forReference(ref)).toHaveLength(1); // the failed attempt reached it
    const [waiting] = (await ok(get(`/webhook-deliveries?endpointId=${created.id}`))).items;
    expect(waiting).toMatchObject({ status: 'PENDING', attempts: 1, responseCode: 500 });
    expect(Date.parse(waiting.nextAttemptAt)).toBeGreaterThan(Date.now());
    await deliver();
    expect(forReference(ref)).toHaveLength(1); // not due yet: nothing sent
    await timePasses();
    await deliver();
    const got = forReference(ref);
    expect(got).toHaveLength(2);
    expect(got[0]?.headers['webhook-id']).toBe(got[1]?.headers['webhook-id']);
    const done = await ok(get(`/webhook-deliveries/${waiting.id}`));
    expect(done).toMatchObject({ status: 'DELIVERED', attempts: 2, responseCode: 200 });
    expect(done.log.map((a: { responseCode: number }) => a.responseCode)).toEqual([200, 500]);
    await deliver();
    await timePasses();
    await deliver();
    expect(forReference(ref)).toHaveLength(2);
    await pause(created.id);
  });

  it('a receiver down past the window finds the event dead-lettered, and a replay delivers it', async () => {
    const created = await endpoint();
    receiver.state.secrets = [created.secret];
    const [{ now: from }] = rowsOf<{ now: string }>(await exec(sql`select now()::text as now`)) as [
      { now: string },
    ];
    await exec(sql`update webhook_endpoints set url = 'http://127.0.0.1:9/down' where id = ${created.id}`);
    const ref = await earn('C-4');
    await deliver();
    // The window ends before the next retry would.
    await exec(
      sql`update webhook_deliveries set window_start = now() - interval '2 days', next_attempt_at = now() where endpoint_id = ${created.id}`,
    );
    await deliver();
    const [dead] = (await ok(get(`/webhook-deliveries?endpointId=${created.id}&status=DEAD`))).items;
    expect(dead).toMatchObject({ attempts: 2, eventType: 'points.earned' });
    expect(dead.lastError).toBeTruthy();
    expect(forReference(ref)).toHaveLength(0);

    await exec(sql`update webhook_endpoints set url = ${receiver.url} where id = ${created.id}`);
    const replay = await ok(
      send('POST', `/webhook-endpoints/${created.id}/replay`, {
        from: new Date(from).toISOString(),
        to: new Date().toISOString(),
      }),
    );
    expect(replay.status).toBe('QUEUED');
    await deliver();
    const [progress] = await ok(get(`/webhook-endpoints/${created.id}/replays`));
    expect(progress).toMatchObject({ status: 'DONE', total: 1, done: 1 });
    expect(forReference(ref)).toHaveLength(1);
    expect((await ok(get(`/webhook-deliveries/${dead.id}`))).status).toBe('DELIVERED');
    await pause(created.id);
  });

  it('a rolled-back change sends nothing; the same change committed does', async () => {
    const created = await endpoint(['customer.blocked']);
    receiver.state.secrets = [created.secret];
    const block = sql`update customers set status = 'BLOCKED' where customer_number = 'C-5'`;
    await t.app.db
      .transaction(async (tx) => {
        await tx.execute(block);
        throw new Error('roll back');
      })
      .catch(() => {});
    await deliver();
    const blocked = () => receiver.verified.filter((m) => m.body.type === 'customer.blocked');
    expect(blocked()).toHaveLength(0);
    await exec(block);
    await deliver();
    expect(blocked()).toHaveLength(1);
    expect(blocked()[0]?.body.data).toMatchObject({ customerNumber: 'C-5', status: 'BLOCKED' });
    await pause(created.id);
  });

  it('a customer’s message through the integration API arrives as message.received', async () => {
    const created = await endpoint(['message.received', 'message.replied']);
    receiver.state.secrets = [created.secret];
    await ok(
      api('POST', '/customers/C-3/messages', {
        externalId: 'WH-MSG-1',
        subject: 'Points',
        body: 'Where are my points?',
      }),
    );
    await deliver();
    const got = receiver.verified.filter((m) => m.body.type === 'message.received');
    expect(got).toHaveLength(1);
    expect(got[0]?.body.data).toMatchObject({
      customerNumber: 'C-3',
      subject: 'Points',
      body: 'Where are my points?',
    });
    await pause(created.id);
  });

  it('a rotated secret verifies with either secret during the overlap, and only the new one after', async () => {
    const created = await endpoint();
    const rotated = await ok(send('POST', `/webhook-endpoints/${created.id}/rotate`, { overlapHours: 24 }));
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    for (const secrets of [[created.secret], [rotated.secret]]) {
      receiver.state.secrets = secrets;
      const ref = await earn('C-1');
      await deliver();
      expect(forReference(ref)).toHaveLength(1);
    }
    await exec(
      sql`update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second' where id = ${created.id}`,
    );
    receiver.state.secrets = [created.secret];
    const before = receiver.rejected.length;
    await earn('C-1');
    await deliver();
    expect(receiver.rejected.length).toBe(before + 1);
    await pause(created.id);
  });

  it('a ping reaches the endpoint and is logged; a loopback address is refused unless allowed', async () => {
    const created = await endpoint();
    receiver.state.secrets = [created.secret];
    const { deliveryId } = await ok(send('POST', `/webhook-endpoints/${created.id}/ping`));
    await deliver();
    expect(
      receiver.verified.some((m) => m.body.type === 'webhook.ping' && m.body.data.endpointId === created.id),
    ).toBe(true);
    expect((await ok(get(`/webhook-deliveries/${deliveryId}`))).status).toBe('DELIVERED');

    useOutboundAllow(parseOutboundAllow(''));
    try {
      const refused = await ok(send('POST', `/webhook-endpoints/${created.id}/ping`));
      await t.app.jobs.settled();
      await deliver();
      const attempt = await ok(get(`/webhook-deliveries/${refused.deliveryId}`));
      expect(attempt.status).toBe('PENDING');
      expect(attempt.log[0].error).toMatch(/loopback/);
      expect(attempt.log[0].responseCode).toBeNull();
    } finally {
      useOutboundAllow(parseOutboundAllow('127.0.0.1'));
    }
    await pause(created.id);
  });

  it('honours the endpoint’s rate limit: 15 events at 5 a second take two seconds and more', async () => {
    const refused = await send('POST', '/webhook-endpoints', {
      url: receiver.url,
      events: ['points.earned'],
      maxPerSecond: 0,
    });
    expect(refused.statusCode).toBe(400);
    const created = await ok(
      send('POST', '/webhook-endpoints', { url: receiver.url, events: ['points.earned'], maxPerSecond: 5 }),
    );
    expect(created.maxPerSecond).toBe(5);
    receiver.state.secrets = [created.secret];
    await ok(api('PUT', '/customers/C-RATE', { fullName: 'Customer C-RATE', language: 'en' }));
    const refs: string[] = [];
    for (let i = 0; i < 15; i += 1) refs.push(await earn('C-RATE', 10 + i));
    await deliver();
    const arrivals = refs.flatMap((r) => forReference(r));
    expect(arrivals).toHaveLength(15);
    const times = arrivals.map((m) => m.at).sort((a, b) => a - b);
    // Five in each one-second window, evenly spaced: the third window opens two seconds after the first.
    expect((times[14] as number) - (times[0] as number)).toBeGreaterThanOrEqual(1900);
    const log = await ok(get(`/webhook-deliveries?endpointId=${created.id}&status=DELIVERED&pageSize=50`));
    expect(log.total).toBe(15);
    await pause(created.id);
  });

  it('sends campaign.ended when staff end a campaign and when its period passes', async () => {
    const created = await endpoint(['campaign.ended']);
    receiver.state.secrets = [created.secret];
    const spend = (await ok(get('/transaction-types?q=SPEND'))).items[0].id;
    const campaign = async (nameEn: string) => {
      const k = await ok(
        send('POST', '/campaigns', {
          nameEn,
          nameAr: 'حملة',
          startsAt: new Date(Date.now() - 3_600_000).toISOString(),
          endsAt: new Date(Date.now() + 86_400_000).toISOString(),
          transactionTypeIds: [spend],
          bonusKind: 'MULTIPLIER',
          bonusValue: 1,
          budget: 5_000,
        }),
      );
      await ok(send('POST', `/campaigns/${k.id}/activate`));
      return k.id as number;
    };
    const byStaff = await campaign('Webhook staff end');
    const byPeriod = await campaign('Webhook period end');
    await ok(send('POST', `/campaigns/${byStaff}/end`));
    await exec(sql`update campaigns set starts_at = now() - interval '2 hours', ends_at = now() - interval '1 second'
      where id = ${byPeriod}`);
    // The campaigns' schedule job ends it, as on its interval.
    await t.app.jobs.requestRun('campaigns.schedule');
    await t.app.jobs.tick('campaigns.schedule');
    await deliver();
    const ended = receiver.verified.filter((m) => m.body.type === 'campaign.ended');
    expect(ended.map((m) => [m.body.data.campaignId, m.body.data.reason])).toEqual([
      [byStaff, 'STAFF'],
      [byPeriod, 'PERIOD'],
    ]);
    const [first] = ended;
    expect(first?.body).toMatchObject({
      version: 1,
      customerSequence: null,
      data: { nameEn: 'Webhook staff end', nameAr: 'حملة', budget: 5_000, spent: 0, customersReached: 0 },
    });
    expect(
      webhookEventCatalogue['campaign.ended'].data.safeParse(first?.body.data).success,
      JSON.stringify(first?.body.data),
    ).toBe(true);
    // Ending an ended campaign changes nothing and sends nothing more.
    await exec(sql`update campaigns set status = 'ENDED' where id = ${byStaff}`);
    await deliver();
    expect(receiver.verified.filter((m) => m.body.type === 'campaign.ended')).toHaveLength(2);
    await ok(send('DELETE', `/webhook-endpoints/${created.id}`));
  });

  it('disables an endpoint failing longer than the tunable allows, and tells staff', async () => {
    const created = await endpoint(['points.earned'], 'http://127.0.0.1:9/down');
    await earn('C-2');
    await deliver();
    await exec(
      sql`update webhook_endpoints set failing_since = now() - interval '4 days' where id = ${created.id}`,
    );
    await timePasses();
    await deliver();
    const read = await ok(get(`/webhook-endpoints/${created.id}`));
    expect(read).toMatchObject({ status: 'DISABLED', disabledReason: 'FAILING' });
    const logged = rowsOf<{ n: number }>(
      await exec(sql`select count(*)::int as n from system_logs where category = 'webhooks'`),
    )[0]?.n;
    expect(logged).toBe(1);
  });

  it('gives way to earnings that queue for the database, for webhooks.giveWayFor at most', async () => {
    // The queue's state: one batch posts at a time, so of twelve earnings posted at once eleven wait.
    const { db } = t.app;
    await ok(api('PUT', '/customers/C-GW', { fullName: 'Customer C-GW', language: 'en' }));
    const prog = await programme(db);
    const config = await currentConfiguration(db, prog);
    const posted = Array.from({ length: 12 }, (_, i) =>
      postEarning(
        db,
        earningItem(prog, config, {
          externalId: `GIVE-WAY-${i}`,
          customerNumber: 'C-GW',
          transactionTypeCode: 'SPEND',
          amount: 1,
        }),
        config,
      ),
    );
    expect(earningsSaturated(db)).toBe(true);
    await Promise.all(posted);
    await expect.poll(() => earningsSaturated(db), { interval: 100, timeout: 3_000 }).toBe(false);
    // The decision: hold back while saturated and until something has waited the tunable's time.
    const created = await endpoint();
    receiver.state.secrets = [created.secret];
    await fanOut(db);
    const waitMs = 30_000;
    expect(await givesWay(db, waitMs, created.id, false)).toBe(false);
    expect(await givesWay(db, waitMs, created.id, true)).toBe(true);
    expect(await givesWay(db, 0, created.id, true)).toBe(false);
    const ref = await earn('C-GW', 7);
    expect(await givesWay(db, waitMs, undefined, true)).toBe(true);
    await exec(
      sql`update webhook_events set occurred_at = now() - interval '1 minute' where processed_at is null`,
    );
    expect(await givesWay(db, waitMs, undefined, true)).toBe(false);
    await fanOut(db);
    expect(await givesWay(db, waitMs, created.id, true)).toBe(true);
    await exec(sql`update webhook_deliveries set next_attempt_at = now() - interval '1 minute'
      where endpoint_id = ${created.id} and status = 'PENDING'`);
    expect(await givesWay(db, waitMs, created.id, true)).toBe(false);
    await deliver();
    expect(forReference(ref)).toHaveLength(1);
    await pause(created.id);
  });

  it('backs off exponentially with jitter, capped', () => {
    expect(retryDelaySeconds(1, 0)).toBe(15);
    expect(retryDelaySeconds(1, 1)).toBe(30);
    expect(retryDelaySeconds(3, 0.5)).toBe(90);
    expect(retryDelaySeconds(30, 1)).toBe(4 * 3600);
  });
});

describe('POST /webhook-deliveries/{id}/retry', () => {
  it('is a command: refused without the permission, audited with it', async () => {
    const [any] = (await ok(get('/webhook-deliveries?status=DELIVERED'))).items;
    const reader = await t.userWith(['webhookDelivery.read']);
    expect((await send('POST', `/webhook-deliveries/${any.id}/retry`, undefined, reader)).statusCode).toBe(
      403,
    );
    const retried = await ok(send('POST', `/webhook-deliveries/${any.id}/retry`));
    expect(retried.status).toBe('PENDING');
    const audited = rowsOf<{ n: number }>(
      await exec(
        sql`select count(*)::int as n from audit_log where command = 'webhookDelivery.retry' and outcome = 'SUCCESS'`,
      ),
    )[0]?.n;
    expect(audited).toBe(1);
  });
});

describe('GET /api/docs/json', () => {
  it('publishes every event of the catalogue in the webhooks section', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/docs/json', as: admin })).json();
    expect(Object.keys(doc.webhooks ?? {})).toEqual(
      expect.arrayContaining(['points.earned', 'tier.changed', 'customer.blocked']),
    );
  });
});
