import { count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, outboundDeliveries, outboundMail } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { startMailbox } from '../../test/mailbox.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { sendBatch } from './outboundMessages.service.ts';

type As = { authorization: string };
let t: TestApp;
let admin: As;
let api: ReturnType<typeof channel>;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;

const url = '/api/admin/outbound-messages';
const message = (audience: object, extra: object = {}) => ({
  audience,
  channels: ['APP', 'EMAIL'],
  subjectEn: 'News for {{customer.name}}',
  subjectAr: 'أخبار لـ {{customer.name}}',
  bodyEn: 'Dear {{customer.name}}, your balance is {{customer.balance}} points.',
  bodyAr: 'عزيزي {{customer.name}}، رصيدك {{customer.balance}} نقطة.',
  ...extra,
});
const send = (payload: object, as: As = admin) => t.inject({ method: 'POST', url, payload, as });
const preview = (audience: object) =>
  t.inject({ method: 'POST', url: `${url}/preview`, payload: { audience }, as: admin });
const detail = async (id: number) =>
  (await t.inject({ method: 'GET', url: `${url}/${id}`, as: admin })).json();
/** Follows a send as the screen does, until it is done. */
async function done(id: number) {
  for (let i = 0; i < 200; i++) {
    const d = await detail(id);
    if (d.status === 'DONE') return d;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`send ${id} did not finish`);
}
const inboxOf = async (customerNumber: string) =>
  (await api('GET', `/customers/${customerNumber}/messages`)).json();
const sends = async () => (await t.inject({ method: 'GET', url, as: admin })).json().total as number;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await buildTestApp({ SMTP_URL: mailbox.url });
  admin = await t.signIn();
  api = channel(t, await programmeFixtures(t, admin).apiKey(['customers', 'messages']));
  await api('PUT', '/customers/O100', {
    fullName: 'Sara Al-Harbi',
    language: 'ar',
    email: 'sara@example.com',
  });
  await api('PUT', '/customers/O200', { fullName: 'John Smith', email: 'john@example.com' });
  await api('PUT', '/customers/O300', { fullName: 'Omar Business', segment: 'BUSINESS' });
  await api('PUT', '/customers/O400', { fullName: 'Closed Account', email: 'closed@example.com' });
  await t.app.db.update(customers).set({ status: 'CLOSED' }).where(eq(customers.customerNumber, 'O400'));
});

describe('POST /api/admin/outbound-messages/preview', () => {
  it('counts the recipients of one customer, a CSV list and an audience, with a sample to preview', async () => {
    const one = await preview({ kind: 'CUSTOMER', customerNumber: 'O100' });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      recipients: 1,
      sample: { customerNumber: 'O100', language: 'ar', values: { 'customer.name': 'Sara Al-Harbi' } },
    });
    const list = await preview({ kind: 'LIST', csv: 'customerNumber\nO100\n"O200"\n\nO100\n' });
    expect(list.json().recipients).toBe(2);
    const business = await preview({ kind: 'FILTER', segment: 'BUSINESS' });
    expect(business.json()).toMatchObject({ recipients: 1, sample: { customerNumber: 'O300' } });
    const active = await preview({ kind: 'FILTER' });
    expect(active.json().recipients).toBe(3);
  });
});

describe('POST /api/admin/outbound-messages (bad input: a problem with a stable code, nothing sent)', () => {
  it('refuses an empty body and an unknown placeholder, naming the field', async () => {
    const empty = await send(message({ kind: 'FILTER' }, { bodyEn: '   ' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.headers['content-type']).toContain('application/problem+json');
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'bodyEn', message: 'fillAllFields' }],
    });
    const unknown = await send(message({ kind: 'FILTER' }, { bodyAr: 'رصيدك {{customer.salary}}' }));
    expect(unknown.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'bodyAr', message: 'unknownPlaceholder' }],
    });
  });

  it('refuses an unknown customer, and an audience of no one', async () => {
    const unknown = await send(message({ kind: 'CUSTOMER', customerNumber: 'NOBODY' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'audience.customerNumber', message: 'unknownCustomer' }],
    });
    const none = await send(message({ kind: 'FILTER', segment: 'BUSINESS', statuses: ['BLOCKED'] }));
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('AUDIENCE_EMPTY');
    expect((await preview({ kind: 'LIST', csv: 'customerNumber\n' })).json().code).toBe('AUDIENCE_EMPTY');
  });

  it('reports every bad line of a CSV by its number, and sends nothing until the file is valid', async () => {
    const res = await send(
      message({ kind: 'LIST', fileName: 'vip.csv', csv: 'customerNumber\nO100\nnot a number!\nO999\nO200' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'CSV_INVALID',
      errors: [
        { path: 'audience.csv.3', message: 'csvBadNumber' },
        { path: 'audience.csv.4', message: 'csvUnknownCustomer' },
      ],
    });
    expect(await sends()).toBe(0);
    expect((await t.app.db.select({ n: count() }).from(outboundDeliveries))[0]?.n).toBe(0);
  });
});

describe('POST /api/admin/outbound-messages → GET /api/admin/outbound-messages/{id}', () => {
  it('accepts a send (202, its job id), writes one delivery per customer and reports the results', async () => {
    const accepted = await send(
      message({ kind: 'LIST', fileName: 'all.csv', csv: 'O100\nO200\nO300\nO400' }, { channels: ['EMAIL'] }),
    );
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toMatchObject({
      total: 4,
      audience: { kind: 'LIST', fileName: 'all.csv', count: 4 },
    });
    const result = await done(accepted.json().id);
    expect(result).toMatchObject({ processed: 4, sent: 2, skipped: 2, failed: 0 });
    expect(result.results).toEqual([
      { status: 'SENT', reason: null, count: 2 },
      { status: 'SKIPPED', reason: 'CUSTOMER_CLOSED', count: 1 },
      { status: 'SKIPPED', reason: 'NO_EMAIL', count: 1 },
    ]);
    // Each in their language, placeholders filled; e-mail only: nothing in the app's inbox.
    expect((await mailbox.next('sara@example.com')).text).toContain('عزيزي Sara Al-Harbi، رصيدك 0 نقطة.');
    const john = await mailbox.next('john@example.com');
    expect(john).toMatchObject({ subject: 'News for John Smith' });
    expect(john.text).toContain('Dear John Smith, your balance is 0 points.');
    expect((await inboxOf('O200')).items).toEqual([]);
    const skipped = await t.inject({
      method: 'GET',
      url: `/api/admin/outbound-deliveries?outboundId=${result.id}&status=SKIPPED`,
      as: admin,
    });
    expect(
      skipped
        .json()
        .items.map((d: { customerNumber: string }) => d.customerNumber)
        .sort(),
    ).toEqual(['O300', 'O400']);
  });

  it('puts an in-app send in the customer’s inbox (integration API), which marks it read', async () => {
    const accepted = await send(message({ kind: 'CUSTOMER', customerNumber: 'O300' }, { channels: ['APP'] }));
    await done(accepted.json().id);
    const inbox = await inboxOf('O300');
    expect(inbox.items).toEqual([
      expect.objectContaining({
        kind: 'OUTBOUND',
        messageId: null,
        subject: 'News for Omar Business',
        body: 'Dear Omar Business, your balance is 0 points.',
        readAt: null,
      }),
    ]);
    const read = await api('POST', `/customers/O300/messages/${inbox.items[0].id}/read`);
    expect(read.statusCode).toBe(200);
    expect((await inboxOf('O300')).items[0].readAt).toBe(read.json().readAt);
    // Another customer cannot mark it.
    expect((await api('POST', `/customers/O200/messages/${inbox.items[0].id}/read`)).statusCode).toBe(404);
    // Customer info's Messages tab: the customer's deliveries.
    const [omar] = await t.app.db.select().from(customers).where(eq(customers.customerNumber, 'O300'));
    const theirs = await t.inject({
      method: 'GET',
      url: `/api/admin/outbound-deliveries?customerId=${omar?.id}`,
      as: admin,
    });
    expect(
      theirs.json().items.map((d: { status: string; channels: string[] }) => [d.status, d.channels]),
    ).toEqual([
      ['SENT', ['APP']],
      ['SKIPPED', []],
    ]);
  });

  it('needs outboundMessage.send to send or preview, and outboundMessage.read to follow', async () => {
    const reader = await t.userWith(['outboundMessage.read']);
    expect((await send(message({ kind: 'FILTER' }), reader)).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url, as: reader })).statusCode).toBe(200);
    const stranger = await t.userWith([]);
    expect((await t.inject({ method: 'GET', url, as: stranger })).statusCode).toBe(403);
  });
});

describe('a send held for approval, interrupted by a restart', () => {
  it('waits for its checker, then resumes after a crash without sending anyone twice', async () => {
    const maker = await t.userWith(['outboundMessage.send', 'outboundMessage.read']);
    // Maker-checker's settings are a safeguard: set them before a second checker exists.
    const gate = await t.inject({
      method: 'PUT',
      url: '/api/admin/maker-checker',
      as: admin,
      payload: {
        enabled: true,
        allowSelfApproval: false,
        checkerPermission: 'approval.check',
        services: [{ serviceId: 'outboundMessage.send', approvalRequired: true }],
      },
    });
    expect(gate.statusCode).toBe(200);
    const checker = await t.userWith(['outboundMessage.read', 'approval.check']);
    const before = await sends();
    const held = await send(message({ kind: 'FILTER', statuses: ['ACTIVE', 'CLOSED'] }), maker);
    expect(held.statusCode).toBe(202);
    expect(held.json()).toMatchObject({ status: 'PENDING' });
    expect(await sends()).toBe(before);
    const approved = await t.inject({
      method: 'POST',
      url: `/api/admin/approval-requests/${held.json().requestId}/approve`,
      as: checker,
    });
    expect(approved.statusCode).toBe(200);
    const [queued] = (await t.inject({ method: 'GET', url: `${url}?sort=createdAt:desc`, as: admin })).json()
      .items;
    expect(queued).toMatchObject({ status: 'QUEUED', total: 4 });

    // One batch commits; the next is cut off mid-way (its transaction never commits).
    await t.app.db.transaction((tx) => sendBatch(tx, queued.id, 2));
    await expect(
      t.app.db.transaction(async (tx) => {
        await sendBatch(tx, queued.id, 1);
        throw new Error('the server stopped');
      }),
    ).rejects.toThrow('the server stopped');
    expect(await detail(queued.id)).toMatchObject({ status: 'SENDING', processed: 2 });

    await t.restart();
    await t.app.jobs.tick();
    const result = await done(queued.id);
    expect(result).toMatchObject({ processed: 4, sent: 3, skipped: 1 });
    const rows = await t.app.db
      .select({ customerId: outboundDeliveries.customerId, n: count() })
      .from(outboundDeliveries)
      .where(eq(outboundDeliveries.outboundId, queued.id))
      .groupBy(outboundDeliveries.customerId);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    // One e-mail per customer with an address, however often the batch ran.
    const mails = await t.app.db
      .select({ to: outboundMail.to, n: count() })
      .from(outboundMail)
      .where(inArray(outboundMail.to, ['sara@example.com', 'john@example.com', 'closed@example.com']))
      .groupBy(outboundMail.to);
    expect(Object.fromEntries(mails.map((m) => [m.to, m.n]))).toEqual({
      'sara@example.com': 2,
      'john@example.com': 2,
    });
    await t.app.mailer.flush();
    expect((await mailbox.next('john@example.com')).text).toContain('Dear John Smith');
    // The approved send is the maker's.
    const me = await t.inject({ method: 'GET', url: '/api/admin/auth/me', as: maker });
    expect(result.createdById).toBe(me.json().id);
  });
});
