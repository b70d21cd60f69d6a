import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { resealSecrets } from '../../platform/auth/resealSecrets.ts';
import { parseOutboundAllow, useOutboundAllow } from '../../platform/outbound.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { startMailbox } from '../../test/mailbox.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { uploadImage } from '../rewards/testing.ts';
import { loadSettings } from './channels.ts';
import { ALERTS_JOB, raiseExpiring, raiseVoucherExpiring, releaseTime } from './delivery.ts';
import { startSmsGateway, startSmtpListener } from './testing.ts';

let t: TestApp;
let admin: { authorization: string };
let api: ReturnType<typeof channel>;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let gateway: Awaited<ReturnType<typeof startSmsGateway>>;

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = admin) =>
  t.inject({ method, url: `/api/admin${url}`, ...(payload ? { payload } : {}), as });
const get = (url: string, as = admin) => t.inject({ method: 'GET', url: `/api/admin${url}`, as });
/** The JSON of a successful answer (the test fails with the answer otherwise). */
// biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, read by the assertions
const ok = async (res: Promise<{ statusCode: number; body: string; json(): any }>): Promise<any> => {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json();
};
const count = async (table: string, where = sql`true`) =>
  rowsOf<{ n: number }>(
    await t.app.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`),
  )[0]?.n ?? 0;

/** Waits until a condition holds (a job run by a route in the background). */
async function until(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs the delivery job now (it otherwise runs on its interval). */
const deliver = async () => {
  await t.app.jobs.requestRun(ALERTS_JOB);
  await t.app.jobs.tick(ALERTS_JOB);
};

const template = (en: string, ar: string, subject = true) => ({
  subjectEn: subject ? 'Points earned' : '',
  subjectAr: subject ? 'نقاط مكتسبة' : '',
  bodyEn: en,
  bodyAr: ar,
});
const earnedTemplates = {
  EMAIL: template(
    'Dear {{customer.name}}, you earned {{event.points}} points ({{event.reference}}). Balance: {{customer.balance}}.',
    'عزيزي {{customer.name}}، لقد ربحت {{event.points}} نقطة ({{event.reference}}). رصيدك: {{customer.balance}}.',
  ),
  SMS: template('You earned {{event.points}} points.', 'ربحت {{event.points}} نقطة.', false),
  IN_APP: template('You earned {{event.points}} points', 'ربحت {{event.points}} نقطة'),
};

const settings = (extra: { sms?: object; smtp?: object; retry?: object } = {}) => ({
  smtp: {
    enabled: true,
    host: '127.0.0.1',
    port: Number(new URL(mailbox.url).port),
    tls: false,
    user: '',
    password: 'smtp-secret-do-not-show',
    from: 'alerts@bank.example',
    ...extra.smtp,
  },
  sms: {
    enabled: true,
    url: gateway.url,
    authHeader: 'X-Gateway-Key',
    authValue: 'gateway-secret-do-not-show',
    bodyTemplate: '{"to":"{{to}}","text":"{{text}}"}',
    timeoutMs: 600,
    ...extra.sms,
  },
  inApp: { enabled: true },
  retry: { maxAttempts: 2, backoffSeconds: 1, ...extra.retry },
  rateLimit: { emailPerMinute: 600, smsPerMinute: 600 },
  timeZone: 'Asia/Riyadh',
});

let groupId: number;
let earnedAlertId: number;

beforeAll(async () => {
  mailbox = await startMailbox();
  gateway = await startSmsGateway();
  t = await buildTestApp();
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 1_000_000);
  const spend = await fx.type('SPEND');
  await fx.rule({ transactionTypeId: spend.id, amount: 1, pointsPerTransaction: 1 });
  api = channel(t, await fx.apiKey(['customers', 'transactions', 'balance', 'redemptions', 'messages']));
  await ok(send('PUT', '/alert-settings', settings()));
  const category = await ok(
    send('POST', '/alert-categories', { nameEn: 'Points', nameAr: 'النقاط', status: 'ACTIVE' }),
  );
  const group = await ok(
    send('POST', '/alert-groups', {
      categoryId: category.id,
      nameEn: 'Earning',
      nameAr: 'الكسب',
      status: 'ACTIVE',
    }),
  );
  groupId = group.id;
});

const earnAlert = (extra: object = {}) => ({
  groupId,
  nameEn: 'Points earned',
  nameAr: 'نقاط مكتسبة',
  event: 'POINTS_EARNED',
  kind: 'SERVICE',
  channels: ['EMAIL', 'SMS', 'IN_APP'],
  templates: earnedTemplates,
  status: 'ACTIVE',
  ...extra,
});

describe('alert categories, groups and alerts', () => {
  it('refuses a template with an unknown placeholder, a missing channel template and a missing lead time', async () => {
    const unknown = await send(
      'POST',
      '/alerts',
      earnAlert({
        templates: { ...earnedTemplates, SMS: template('Hi {{customer.nickname}}', 'مرحبا', false) },
      }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ path: 'templates.SMS.bodyEn', message: 'unknownPlaceholder' }]);
    const missing = await send('POST', '/alerts', earnAlert({ templates: { EMAIL: earnedTemplates.EMAIL } }));
    expect(missing.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'templates.SMS',
      'templates.IN_APP',
    ]);
    const lead = await send('POST', '/alerts', earnAlert({ event: 'POINTS_EXPIRING' }));
    expect(lead.json().errors).toEqual([{ path: 'leadDays', message: 'leadDaysRequired' }]);
  });

  it('refuses to delete a group that has alerts, and a category that has groups, with the reason', async () => {
    const category = await ok(
      send('POST', '/alert-categories', { nameEn: 'Security', nameAr: 'الأمان', status: 'ACTIVE' }),
    );
    const group = await ok(
      send('POST', '/alert-groups', {
        categoryId: category.id,
        nameEn: 'Account',
        nameAr: 'الحساب',
        status: 'ACTIVE',
      }),
    );
    const alert = await ok(
      send(
        'POST',
        '/alerts',
        earnAlert({
          groupId: group.id,
          nameEn: 'Blocked',
          event: 'ACCOUNT_BLOCKED',
          channels: ['IN_APP'],
          status: 'DISABLED',
        }),
      ),
    );
    const refused = await send('DELETE', `/alert-groups/${group.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({ code: 'ALERT_GROUP_HAS_ALERTS' });
    expect(refused.json().detail).toContain('1 alert');
    expect((await send('DELETE', `/alert-categories/${category.id}`)).json().code).toBe(
      'ALERT_CATEGORY_HAS_GROUPS',
    );
    expect((await get(`/alert-categories/${category.id}`)).json()).toMatchObject({
      groupCount: 1,
      alertCount: 1,
    });
    expect((await send('DELETE', `/alerts/${alert.id}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/alert-groups/${group.id}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/alert-categories/${category.id}`)).statusCode).toBe(204);
  });
});

describe('alert settings', () => {
  it('never answers or audits the secrets, and keeps them when left empty', async () => {
    const got = await ok(get('/alert-settings'));
    expect(got.smtp).toMatchObject({ passwordSet: true, host: '127.0.0.1' });
    expect(got.sms).toMatchObject({ authValueSet: true, authHeader: 'X-Gateway-Key' });
    expect(JSON.stringify(got)).not.toContain('do-not-show');
    const s = settings();
    const kept = await ok(
      send('PUT', '/alert-settings', {
        ...s,
        smtp: { ...s.smtp, password: null },
        sms: { ...s.sms, authValue: null },
      }),
    );
    expect(kept.smtp.passwordSet).toBe(true);
    const audit = await ok(get('/admin-logs?command=alertSettings.update&pageSize=100'));
    expect(audit.items.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain('do-not-show');
    // Sealed at rest, like the other secrets, and re-sealed by `npm run secrets:rotate`.
    const stored = async () =>
      rowsOf<{ p: string; a: string }>(
        await t.app.db.execute(sql`select smtp_password as p, sms_auth_value as a from alert_settings`),
      )[0];
    const before = await stored();
    expect(before?.p).toMatch(/^enc:v1:/);
    expect(before?.a).toMatch(/^enc:v1:/);
    expect(JSON.stringify(before)).not.toContain('do-not-show');
    expect((await resealSecrets(t.app.db)).channelSecrets).toBe(2);
    expect((await stored())?.p).not.toBe(before?.p);
    expect((await loadSettings(t.app.db)).smtpPassword).toBe('smtp-secret-do-not-show');
  });

  it('test-sends over e-mail and SMS with the settings on screen; a failing gateway is shown, nothing saved', async () => {
    const mail = await ok(
      send('POST', '/alert-settings/test', {
        channel: 'EMAIL',
        to: 'ops@bank.example',
        settings: settings(),
      }),
    );
    expect(mail.detail).toContain('127.0.0.1');
    expect((await mailbox.next('ops@bank.example')).text).toContain('test alert');

    gateway.mode = 'fail';
    const unsaved = settings({ sms: { authHeader: 'X-Other' } });
    const failed = await send('POST', '/alert-settings/test', {
      channel: 'SMS',
      to: '+966500000001',
      settings: unsaved,
    });
    expect(failed.statusCode).toBe(422);
    expect(failed.json()).toMatchObject({ code: 'CHANNEL_TEST_FAILED' });
    expect(failed.json().detail).toContain('SMS gateway answered 500');
    // The gateway's own answer is never shown to the caller.
    expect(failed.body).not.toContain('gateway down');
    expect(gateway.received.at(-1)?.headers['x-other']).toBe('gateway-secret-do-not-show');
    expect((await ok(get('/alert-settings'))).sms.authHeader).toBe('X-Gateway-Key');
    const audit = await ok(get('/admin-logs?command=alertSettings.test&pageSize=100'));
    expect(audit.items.map((e: { outcome: string }) => e.outcome)).toContain('FAILED');
    expect(JSON.stringify(audit)).not.toContain('do-not-show');
    gateway.mode = 'ok';
  });
});

describe('a stored secret leaves only to where it was set (issue 48)', () => {
  /** A staff member who may read the settings and test them, not change them. */
  let tester: { authorization: string };
  beforeAll(async () => {
    await ok(send('PUT', '/alert-settings', settings()));
    tester = await t.userWith(['alertSettings.read', 'alertSettings.test']);
  });
  const test = (channel: string, s: object, as = tester) =>
    send(
      'POST',
      '/alert-settings/test',
      { channel, to: channel === 'EMAIL' ? 'ops@bank.example' : '+966500000001', settings: s },
      as,
    );
  const withoutSecrets = (extra: { sms?: object; smtp?: object } = {}) => {
    const s = settings(extra);
    return { ...s, smtp: { ...s.smtp, password: null }, sms: { ...s.sms, authValue: null } };
  };

  it('an SMS test to another URL or header without the secret typed is refused, and the listener hears nothing', async () => {
    const listener = await startSmsGateway();
    for (const sms of [{ url: listener.url }, { authHeader: 'Authorization' }]) {
      const refused = await test('SMS', withoutSecrets({ sms }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'settings.sms.authValue', message: 'secretRequired' }],
      });
    }
    expect(listener.received).toHaveLength(0);
    // To the gateway it was stored for, the stored secret is used.
    const sent = gateway.received.length;
    await ok(test('SMS', withoutSecrets()));
    expect(gateway.received).toHaveLength(sent + 1);
    expect(gateway.received.at(-1)?.headers['x-gateway-key']).toBe('gateway-secret-do-not-show');
    // Typed again, the secret may go to the new URL.
    await ok(test('SMS', settings({ sms: { url: listener.url, authValue: 'typed-for-the-new-url' } })));
    expect(listener.received.at(-1)?.headers['x-gateway-key']).toBe('typed-for-the-new-url');
  });

  it('an e-mail test to another host or port without the password typed is refused before connecting', async () => {
    await ok(send('PUT', '/alert-settings', settings({ smtp: { user: 'relay-user' } })));
    const listener = await startSmtpListener();
    const refused = await test(
      'EMAIL',
      withoutSecrets({ smtp: { user: 'relay-user', port: listener.port } }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ path: 'settings.smtp.password', message: 'secretRequired' }]);
    expect(listener.seen).toEqual({ connections: 0, auths: [] });
    // A password typed for it is the only one it gets; the relay's answer is not shown.
    const typed = await test(
      'EMAIL',
      settings({ smtp: { user: 'relay-user', port: listener.port, password: 'typed' } }),
    );
    expect(typed.statusCode).toBe(422);
    expect(listener.seen.auths).toEqual([{ username: 'relay-user', password: 'typed' }]);
    expect(typed.json().detail).toMatch(/^SMTP relay 127\.0\.0\.1 failed \(EAUTH 535\)$/);
    await ok(send('PUT', '/alert-settings', settings()));
  });

  it('saving another destination without its secret keeps no old secret', async () => {
    const other = await startSmsGateway();
    const saved = await ok(send('PUT', '/alert-settings', withoutSecrets({ sms: { url: other.url } })));
    expect(saved.sms.authValueSet).toBe(false);
    expect(saved.smtp.passwordSet).toBe(true);
    const moved = await ok(
      send('PUT', '/alert-settings', withoutSecrets({ sms: { url: other.url }, smtp: { port: 2525 } })),
    );
    expect(moved.smtp.passwordSet).toBe(false);
    await ok(send('PUT', '/alert-settings', settings()));
  });

  it('refuses a loopback or private destination unless OUTBOUND_ALLOW lists it', async () => {
    useOutboundAllow(parseOutboundAllow(''));
    try {
      const sent = gateway.received.length;
      const refused = await test('SMS', settings());
      expect(refused.statusCode).toBe(422);
      expect(refused.json().detail).toContain('127.0.0.1 is a loopback address');
      const metadata = await test(
        'SMS',
        settings({ sms: { url: 'http://169.254.169.254/latest/meta-data/' } }),
      );
      expect(metadata.json().detail).toContain('linkLocal');
      expect(gateway.received).toHaveLength(sent);
    } finally {
      useOutboundAllow(parseOutboundAllow('127.0.0.1'));
    }
  });

  it('does not test a channel switched off, requires STARTTLS when told, and limits each staff member to 10 test sends a minute', async () => {
    const off = await test('SMS', settings({ sms: { enabled: false } }));
    expect(off.statusCode).toBe(422);
    expect(off.json().detail).toBe('SMS alerts are off');
    // A relay that does not offer STARTTLS gets nothing when TLS is required.
    const before = mailbox.received.length;
    const plain = await test('EMAIL', settings({ smtp: { requireTls: true } }));
    expect(plain.statusCode).toBe(422);
    expect(plain.json().detail).toContain('ETLS');
    expect(mailbox.received).toHaveLength(before);
    const busy = await t.userWith(['alertSettings.read', 'alertSettings.test']);
    // Sent at once, so all eleven fall in one window however slow a busy machine answers each.
    const codes = await Promise.all(
      Array.from({ length: 11 }, async () => (await test('IN_APP', settings(), busy)).statusCode),
    );
    expect(codes.filter((c) => c === 429)).toHaveLength(1);
    // Another staff member is not held up by it.
    const other = await t.userWith(['alertSettings.read', 'alertSettings.test']);
    expect((await test('IN_APP', settings(), other)).statusCode).not.toBe(429);
  });
});

describe('delivery', () => {
  it('an earning through the integration API alerts the customer in their language on every channel', async () => {
    earnedAlertId = (await ok(send('POST', '/alerts', earnAlert()))).id;
    await ok(
      api('PUT', '/customers/AR-1', {
        fullName: 'ليلى القحطاني',
        email: 'layla@example.sa',
        mobile: '+966500000011',
        language: 'ar',
      }),
    );
    const earned = await api('POST', '/transactions', {
      externalId: 'AL-E1',
      customerNumber: 'AR-1',
      transactionTypeCode: 'SPEND',
      amount: 120,
    });
    expect(earned.statusCode).toBeLessThan(300);
    await deliver();

    const mail = await mailbox.next('layla@example.sa');
    expect(mail.text).toContain('عزيزي ليلى القحطاني، لقد ربحت 120 نقطة (AL-E1). رصيدك: 120.');
    const sms = gateway.received.find((r) => r.body.to === '+966500000011');
    expect(sms?.body.text).toBe('ربحت 120 نقطة.');
    expect(sms?.headers['x-gateway-key']).toBe('gateway-secret-do-not-show');
    expect(sms?.headers['idempotency-key']).toMatch(/^alert-delivery-\d+$/);
    const inbox = await ok(api('GET', '/customers/AR-1/messages'));
    expect(inbox.items[0]).toMatchObject({ kind: 'ALERT', subject: 'نقاط مكتسبة', body: 'ربحت 120 نقطة' });

    const deliveries = await ok(get(`/alert-deliveries?alertId=${earnedAlertId}`));
    expect(
      deliveries.items.map((d: { channel: string; status: string }) => `${d.channel}:${d.status}`).sort(),
    ).toEqual(['EMAIL:SENT', 'IN_APP:SENT', 'SMS:SENT']);
    expect(await ok(get(`/alerts/${earnedAlertId}/stats`))).toMatchObject({
      sent: 3,
      delivered: 3,
      failed: 0,
    });

    // Run again (as after a restart): nothing is sent twice.
    const smsBefore = gateway.received.length;
    await deliver();
    expect(gateway.received.length).toBe(smsBefore);
    expect(await count('alert_deliveries', sql`alert_id = ${earnedAlertId}`)).toBe(3);
  });

  it('retries a failing gateway with back-off, dead-letters it, and sends it again on retry', async () => {
    await ok(
      api('PUT', '/customers/EN-1', { fullName: 'Omar Haddad', mobile: '+966500000022', language: 'en' }),
    );
    gateway.mode = 'fail';
    await ok(
      api('POST', '/transactions', {
        externalId: 'AL-E2',
        customerNumber: 'EN-1',
        transactionTypeCode: 'SPEND',
        amount: 40,
      }),
    );
    await deliver();
    const first = (await ok(get(`/alert-deliveries?alertId=${earnedAlertId}&channel=SMS&status=PENDING`)))
      .items[0];
    expect(first).toMatchObject({ attempts: 1, customerNumber: 'EN-1' });
    expect(first.lastError).toContain('SMS gateway answered 500');
    expect(new Date(first.nextAttemptAt).getTime()).toBeGreaterThan(Date.now());

    gateway.mode = 'hang';
    await new Promise((r) => setTimeout(r, 1100));
    await deliver();
    const dead = (await ok(get(`/alert-deliveries?alertId=${earnedAlertId}&status=DEAD`))).items;
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({ id: first.id, attempts: 2, channel: 'SMS' });
    expect(dead[0].lastError).toContain('did not answer within 600 ms');
    expect(await ok(get(`/alerts/${earnedAlertId}/stats`))).toMatchObject({ failed: 1 });

    gateway.mode = 'ok';
    const notDead = (await ok(get(`/alert-deliveries?alertId=${earnedAlertId}&status=SENT&pageSize=1`)))
      .items[0];
    expect((await send('POST', `/alert-deliveries/${notDead.id}/retry`)).json().code).toBe(
      'ALERT_DELIVERY_NOT_DEAD',
    );
    const retried = await send('POST', `/alert-deliveries/${first.id}/retry`);
    expect(retried.statusCode).toBe(200);
    // The route starts the job itself; wait for that run to send it.
    await until(
      async () => (await ok(get(`/alert-deliveries?alertId=${earnedAlertId}&status=DEAD`))).total === 0,
    );
    await until(async () => {
      const sent = await ok(get(`/alert-deliveries?alertId=${earnedAlertId}&channel=SMS&status=SENT`));
      return sent.items.some((d: { id: number }) => d.id === first.id);
    });
    const last = gateway.received.at(-1);
    expect(last?.body).toMatchObject({ to: '+966500000022', text: 'You earned 40 points.' });
    expect(last?.headers['idempotency-key']).toBe(`alert-delivery-${first.id}`);
  });

  it('writes nothing for a change that rolled back, and one event per row of a committed batch', async () => {
    const before = await count('alert_events');
    const [customer] = rowsOf<{ id: number }>(
      await t.app.db.execute(sql`select id from customers where customer_number = 'EN-1'`),
    );
    const insert = (n: number) =>
      sql`insert into ledger_entries (customer_id, kind, points, balance_after, reference)
          select ${customer?.id}, 'EARN', 5, 0, 'RB-' || g from generate_series(1, ${n}) g`;
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.execute(insert(3));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await count('alert_events')).toBe(before);
    await t.app.db.execute(insert(3));
    expect(await count('alert_events')).toBe(before + 3);
  });

  it('writes no event when no active alert listens, and raises the blocked event from the status change', async () => {
    await ok(send('PUT', `/alerts/${earnedAlertId}`, earnAlert({ status: 'DISABLED' })));
    const before = await count('alert_events');
    await ok(
      api('POST', '/transactions', {
        externalId: 'AL-E3',
        customerNumber: 'EN-1',
        transactionTypeCode: 'SPEND',
        amount: 10,
      }),
    );
    expect(await count('alert_events')).toBe(before);

    await ok(
      send(
        'POST',
        '/alerts',
        earnAlert({
          nameEn: 'Blocked',
          event: 'ACCOUNT_BLOCKED',
          channels: ['IN_APP'],
          templates: { IN_APP: template('Your account is blocked', 'تم إيقاف حسابك') },
        }),
      ),
    );
    await t.app.db.execute(sql`update customers set status = 'BLOCKED' where customer_number = 'EN-1'`);
    await t.app.db.execute(sql`update customers set balance = balance where customer_number = 'EN-1'`);
    expect(await count('alert_events', sql`event = 'ACCOUNT_BLOCKED'`)).toBe(1);
    await deliver();
    const inbox = await ok(api('GET', '/customers/EN-1/messages'));
    expect(inbox.items[0]).toMatchObject({ kind: 'ALERT', body: 'Your account is blocked' });
    const read = await api('POST', `/customers/EN-1/messages/${inbox.items[0].id}/read`);
    expect(read.statusCode).toBe(200);
  });

  it('skips marketing alerts for customers who opted out; service alerts still go', async () => {
    const marketing = await ok(
      send(
        'POST',
        '/alerts',
        earnAlert({
          nameEn: 'Bonus offer',
          kind: 'MARKETING',
          channels: ['IN_APP'],
          templates: { IN_APP: template('Offer', 'عرض') },
        }),
      ),
    );
    await ok(api('PUT', '/customers/OPT-1', { fullName: 'Opted Out', language: 'en' }));
    const [optedOut] = rowsOf<{ id: string }>(
      await t.app.db.execute(sql`select id from customers where customer_number = 'OPT-1'`),
    );
    const id = Number(optedOut?.id);
    const recorded = await send('PUT', `/alert-preferences/${id}`, { marketingOptOut: true });
    expect(recorded.json()).toMatchObject({ customerId: id, marketingOptOut: true });
    expect((await ok(get(`/alert-preferences/${id}`))).since).not.toBeNull();
    expect((await send('PUT', '/alert-preferences/999999', { marketingOptOut: true })).statusCode).toBe(404);
    await ok(
      api('POST', '/transactions', {
        externalId: 'AL-E4',
        customerNumber: 'OPT-1',
        transactionTypeCode: 'SPEND',
        amount: 10,
      }),
    );
    await deliver();
    const d = (await ok(get(`/alert-deliveries?alertId=${marketing.id}`))).items;
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ status: 'SKIPPED', skipReason: 'OPTED_OUT' });
  });

  it("follows the customers' default for those who made no choice; an explicit choice wins", async () => {
    const customersDefault = async (marketingAlerts: 'UNSUBSCRIBED' | null) => {
      const [existing] = (await ok(get('/user-configurations?userType=CUSTOMER'))).items;
      const body = {
        userType: 'CUSTOMER',
        defaultLanguage: existing?.defaultLanguage ?? 'en',
        marketingAlerts,
      };
      await ok(
        existing
          ? send('PUT', `/user-configurations/${existing.id}`, body)
          : send('POST', '/user-configurations', body),
      );
    };
    const marketing = await ok(
      send(
        'POST',
        '/alerts',
        earnAlert({
          nameEn: 'Weekend offer',
          kind: 'MARKETING',
          channels: ['IN_APP'],
          templates: { IN_APP: template('Offer', 'عرض') },
        }),
      ),
    );
    await customersDefault('UNSUBSCRIBED');
    try {
      const silent = (await ok(api('PUT', '/customers/DEF-1', { fullName: 'No Choice', language: 'en' }))).id;
      const chose = (await ok(api('PUT', '/customers/DEF-2', { fullName: 'Opted In', language: 'en' }))).id;
      expect(await ok(get(`/alert-preferences/${silent}`))).toMatchObject({
        marketingOptOut: true,
        source: 'DEFAULT',
        since: null,
      });
      expect(await ok(send('PUT', `/alert-preferences/${chose}`, { marketingOptOut: false }))).toMatchObject({
        marketingOptOut: false,
        source: 'CHOICE',
      });
      for (const [n, number] of [
        ['AL-D1', 'DEF-1'],
        ['AL-D2', 'DEF-2'],
      ] as const) {
        await ok(
          api('POST', '/transactions', {
            externalId: n,
            customerNumber: number,
            transactionTypeCode: 'SPEND',
            amount: 10,
          }),
        );
      }
      await deliver();
      const d = (await ok(get(`/alert-deliveries?alertId=${marketing.id}&pageSize=100`))).items as {
        customerNumber: string;
        status: string;
        skipReason: string | null;
      }[];
      expect(d.find((x) => x.customerNumber === 'DEF-1')).toMatchObject({
        status: 'SKIPPED',
        skipReason: 'OPTED_OUT',
      });
      expect(d.find((x) => x.customerNumber === 'DEF-2')?.status).not.toBe('SKIPPED');
    } finally {
      await customersDefault(null);
    }
  });

  it('raises a tier upgrade from the tier history, in the same statement', async () => {
    await ok(
      send(
        'POST',
        '/alerts',
        earnAlert({
          nameEn: 'Upgrade',
          event: 'TIER_UPGRADED',
          channels: ['IN_APP'],
          templates: { IN_APP: template('Welcome to {{event.tier}}', 'مرحبا بك في {{event.tier}}') },
        }),
      ),
    );
    // The tier has an Arabic name: the Arabic reader reads it (the engine records the English one).
    const blue = (await ok(get('/tiers?q=Blue'))).items.find(
      (tier: { name: string }) => tier.name === 'Blue',
    );
    const { name, description, descriptionAr, minPoints, maxPoints } = blue;
    await ok(
      send('PUT', `/tiers/${blue.id}`, {
        name,
        nameAr: 'أزرق',
        description,
        descriptionAr,
        minPoints,
        maxPoints,
      }),
    );
    await t.app.db.execute(sql`
      insert into customer_tier_history (customer_id, from_tier_id, from_tier_name, to_tier_id, to_tier_name, qualifying_points, reason)
      select id, null, null, (select id from tiers where name = 'Blue'), 'Blue', 0, 'test' from customers where customer_number = 'AR-1'`);
    expect(await count('alert_events', sql`event = 'TIER_UPGRADED'`)).toBe(1);
    // A migration's opening balance places the customer: no upgrade announced (decisions/imports.md).
    await t.app.db.execute(sql`
      insert into customer_tier_history (customer_id, from_tier_id, from_tier_name, to_tier_id, to_tier_name, qualifying_points, reason)
      select id, null, null, (select id from tiers where name = 'Blue'), 'Blue', 0, 'OPENING' from customers where customer_number = 'AR-1'`);
    expect(await count('alert_events', sql`event = 'TIER_UPGRADED'`)).toBe(1);
    await deliver();
    const inbox = await ok(api('GET', '/customers/AR-1/messages'));
    expect(inbox.items[0]).toMatchObject({ kind: 'ALERT', body: 'مرحبا بك في أزرق' });
  });

  it('raises "points expiring" once per customer and expiry, its lead time ahead', async () => {
    const expiring = await ok(
      send(
        'POST',
        '/alerts',
        earnAlert({
          nameEn: 'Expiring',
          event: 'POINTS_EXPIRING',
          leadDays: 30,
          channels: ['IN_APP'],
          templates: {
            IN_APP: template(
              '{{event.points}} points expire on {{event.date}}',
              '{{event.points}} نقطة تنتهي في {{event.date}}',
            ),
          },
        }),
      ),
    );
    // Points expire 24 months after they were earned: look from 20 days before that.
    const later = new Date(Date.now() + (730 - 20) * 86_400_000);
    expect(await raiseExpiring(t.app.db, later)).toBeGreaterThan(0);
    expect(await raiseExpiring(t.app.db, later)).toBe(0);
    await deliver();
    const d = (await ok(get(`/alert-deliveries?alertId=${expiring.id}&pageSize=100`))).items;
    const layla = d.find((x: { customerNumber: string }) => x.customerNumber === 'AR-1');
    expect(layla.body).toMatch(/^120 نقطة تنتهي في \d{4}-\d{2}-\d{2}$/);
  });

  it('takes over a delivery whose sender died after claiming it, with the same idempotency key; leaves a live claim alone', async () => {
    const sent = (
      await ok(get(`/alert-deliveries?alertId=${earnedAlertId}&channel=SMS&status=SENT&pageSize=2`))
    ).items;
    const [crashed, live] = sent as { id: number }[];
    // As if one instance claimed both and died: one lease has ended, the other is still running.
    await t.app.db.execute(sql`update alert_deliveries set status = 'SENDING', next_attempt_at = now() - interval '5 minutes',
      lease_until = case when id = ${crashed?.id} then now() - interval '1 second' else now() + interval '2 minutes' end
      where id in (${crashed?.id}, ${live?.id})`);
    const before = gateway.received.length;
    await deliver();
    const requests = gateway.received.slice(before);
    expect(requests.map((r) => r.headers['idempotency-key'])).toEqual([`alert-delivery-${crashed?.id}`]);
    const states = rowsOf<{ id: string; status: string }>(
      await t.app.db.execute(
        sql`select id, status from alert_deliveries where id in (${crashed?.id}, ${live?.id}) order by id`,
      ),
    );
    expect(Object.fromEntries(states.map((r) => [Number(r.id), r.status]))).toEqual({
      [crashed?.id as number]: 'SENT',
      [live?.id as number]: 'SENDING',
    });
  });

  it('reminds a customer of an issued voucher about to expire, once per code, in their language', async () => {
    const fx = programmeFixtures(t, admin);
    const imageId = await uploadImage(t, admin);
    const category = await fx.post('/api/admin/reward-categories', {
      name: 'Dining',
      description: 'Cafés',
      imageId,
    });
    const store = await fx.post('/api/admin/stores', { name: 'Bean Café', imageId, categoryId: category.id });
    const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const voucher = await fx.post('/api/admin/vouchers', {
      name: 'Coffee for two',
      description: 'Two coffees',
      imageId,
      storeId: store.id,
      amount: 5,
      pointsRequired: 50,
      money: 30,
      validUntil: inTenDays,
    });
    const redeemed = await api('POST', '/redemptions', {
      externalId: 'AL-RD1',
      customerNumber: 'AR-1',
      voucherId: voucher.id,
    });
    expect(redeemed.statusCode).toBe(201);
    await ok(
      send(
        'POST',
        '/alerts',
        earnAlert({
          nameEn: 'Voucher expiring',
          event: 'VOUCHER_EXPIRING',
          leadDays: 14,
          channels: ['IN_APP'],
          templates: {
            IN_APP: template(
              'Your {{event.voucher}} code {{event.reference}} expires on {{event.date}}',
              'تنتهي قسيمة {{event.voucher}} ({{event.reference}}) في {{event.date}}',
            ),
          },
        }),
      ),
    );
    expect(await raiseVoucherExpiring(t.app.db)).toBe(1);
    expect(await raiseVoucherExpiring(t.app.db)).toBe(0);
    await deliver();
    const inbox = await ok(api('GET', '/customers/AR-1/messages'));
    expect(inbox.items[0]).toMatchObject({
      kind: 'ALERT',
      body: `تنتهي قسيمة Coffee for two (${redeemed.json().code}) في ${inTenDays}`,
    });
  });
});

describe('quiet hours', () => {
  const quiet = { quietStart: '22:00', quietEnd: '07:00' };
  it('hold an e-mail or SMS due inside them until they end, in the bank’s time zone, across midnight', () => {
    const at = (iso: string) => new Date(iso);
    // 23:30 in Riyadh (UTC+3) is 20:30 UTC: released at 07:00 Riyadh, 04:00 UTC the next day.
    expect(releaseTime(quiet, 'Asia/Riyadh', at('2026-11-23T20:30:00Z')).toISOString()).toBe(
      '2026-11-24T04:00:00.000Z',
    );
    // 05:15 Riyadh: released at 07:00 the same morning.
    expect(releaseTime(quiet, 'Asia/Riyadh', at('2026-11-24T02:15:00Z')).toISOString()).toBe(
      '2026-11-24T04:00:00.000Z',
    );
    // Noon: sent now; no quiet hours: sent now.
    expect(releaseTime(quiet, 'Asia/Riyadh', at('2026-11-24T09:00:00Z')).toISOString()).toBe(
      '2026-11-24T09:00:00.000Z',
    );
    expect(
      releaseTime(
        { quietStart: null, quietEnd: null },
        'Asia/Riyadh',
        at('2026-11-24T20:00:00Z'),
      ).toISOString(),
    ).toBe('2026-11-24T20:00:00.000Z');
  });
});
