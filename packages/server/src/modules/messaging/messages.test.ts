import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversations, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { startMailbox } from '../../test/mailbox.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';

type As = { authorization: string };
let t: TestApp;
let admin: As;
let api: ReturnType<typeof channel>;
let agents: { as: As; id: number }[];
let categoryId: number;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;

const get = (url: string, as: As = admin) => t.inject({ method: 'GET', url: `/api/admin${url}`, as });
const ask = (customerNumber: string, payload: object) =>
  api('POST', `/customers/${customerNumber}/messages`, payload);
const idOf = async (as: As) =>
  (await t.inject({ method: 'GET', url: '/api/admin/auth/me', as })).json().id as number;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await buildTestApp({ SMTP_URL: mailbox.url });
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  api = channel(t, await fx.apiKey(['customers', 'messages']));
  await api('PUT', '/customers/C100', {
    fullName: 'Sara Al-Harbi',
    fullNameAr: 'سارة الحربي',
    language: 'ar',
  });
  await api('PUT', '/customers/C200', { fullName: 'John Smith', email: 'john@example.com' });
  // Two agents of one role: new messages of the category are spread between them.
  agents = [];
  for (let i = 0; i < 2; i++) {
    const as = await t.userWith(['message.read']);
    agents.push({ as, id: await idOf(as) });
  }
  const [first] = await t.app.db
    .select({ roleId: users.roleId })
    .from(users)
    .where(eq(users.id, agents[0]?.id ?? 0));
  await t.app.db
    .update(users)
    .set({ roleId: first?.roleId })
    .where(eq(users.id, agents[1]?.id ?? 0));
  categoryId = (
    await fx.post('/api/admin/message-categories', {
      nameEn: 'Points',
      nameAr: 'النقاط',
      responseTargetHours: 4,
      defaultAssigneeRoleId: first?.roleId,
      status: 'ACTIVE',
    })
  ).id;
});

describe('POST /api/integration/v1/customers/{customerNumber}/messages', () => {
  it('opens a conversation, assigned to the agent of the category’s role with the fewest open messages', async () => {
    const one = await ask('C100', {
      externalId: 'APP-1',
      subject: 'نقاطي',
      body: 'لم تُضف نقاط مشترياتي أمس',
      categoryId,
    });
    expect(one.statusCode).toBe(201);
    expect(one.json()).toMatchObject({ status: 'ASSIGNED', replayed: false });
    const two = await ask('C200', { externalId: 'APP-2', body: 'Where are my points?', categoryId });
    const assignees = await t.app.db
      .select({ assigneeId: conversations.assigneeId })
      .from(conversations)
      .where(sql`${conversations.id} in (${one.json().messageId}, ${two.json().messageId})`);
    expect(assignees.map((a) => a.assigneeId).sort()).toEqual(agents.map((a) => a.id).sort());

    const again = await ask('C100', { externalId: 'APP-1', body: 'typed twice', categoryId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...one.json(), replayed: true });
  });

  it('refuses an empty message, an unknown customer, a blocked one and a disabled category', async () => {
    const empty = await ask('C100', { externalId: 'APP-E', body: '  ' });
    expect(empty.json().errors).toEqual([{ path: 'body', message: 'fillAllFields' }]);
    expect((await ask('NOPE', { externalId: 'APP-U', body: 'hello' })).statusCode).toBe(404);
    const off = await programmeFixtures(t, admin).post('/api/admin/message-categories', {
      nameEn: 'Old',
      nameAr: 'قديم',
      responseTargetHours: 24,
      status: 'DISABLED',
    });
    const disabled = await ask('C100', { externalId: 'APP-D', body: 'hello', categoryId: off.id });
    expect(disabled.json().errors).toEqual([{ path: 'categoryId', message: 'categoryDisabled' }]);
  });
});

describe('GET /api/admin/messages', () => {
  it('searches by customer name or text, filters by status, and gives each agent their own queue', async () => {
    const byName = (await get('/messages?q=sara')).json();
    expect(byName.items.map((m: { customerNumber: string }) => m.customerNumber)).toEqual(['C100']);
    // The customer's name in both scripts, for the queue in either language; found by either.
    expect(byName.items[0]).toMatchObject({ customerName: 'Sara Al-Harbi', customerNameAr: 'سارة الحربي' });
    const byArabicName = (await get(`/messages?q=${encodeURIComponent('سارة')}`)).json();
    expect(byArabicName.items.map((m: { customerNumber: string }) => m.customerNumber)).toEqual(['C100']);
    // A whole customer number (any case) is that customer's conversations, found by their index.
    const byNumber = (await get('/messages?q=c200')).json();
    expect(byNumber.items.map((m: { customerNumber: string }) => m.customerNumber)).toEqual(
      byNumber.items.map(() => 'C200'),
    );
    expect(byNumber.total).toBeGreaterThan(0);
    expect((await get(`/messages?q=${encodeURIComponent('مشترياتي')}`)).json().total).toBe(1);
    expect((await get('/messages?status=ASSIGNED')).json().total).toBe(2);
    for (const agent of agents) {
      const mine = (await get('/messages?mine=true', agent.as)).json().items;
      expect(mine).toHaveLength(1);
      expect(mine[0].assigneeId).toBe(agent.id);
    }
  });

  it('marks a message overdue once its response target has passed', async () => {
    expect((await get('/messages?overdue=true')).json().total).toBe(0);
    await t.app.db
      .update(conversations)
      .set({ dueAt: sql`now() - interval '1 minute'` })
      .where(eq(conversations.externalId, 'APP-2'));
    const overdue = (await get('/messages?overdue=true')).json().items;
    expect(
      overdue.map((m: { customerNumber: string; overdue: boolean }) => [m.customerNumber, m.overdue]),
    ).toEqual([['C200', true]]);
  });

  it('shows one conversation with the customer’s card and the thread', async () => {
    const [item] = (await get('/messages?q=sara')).json().items;
    const detail = (await get(`/messages/${item.id}`)).json();
    expect(detail).toMatchObject({
      categoryNameEn: 'Points',
      categoryNameAr: 'النقاط',
      customer: { customerNumber: 'C100', fullName: 'Sara Al-Harbi', language: 'ar', balance: 0 },
      entries: [{ kind: 'INBOUND', body: 'لم تُضف نقاط مشترياتي أمس', authorName: null }],
    });
    expect(new Date(detail.dueAt).getTime() - new Date(detail.createdAt).getTime()).toBe(4 * 3_600_000);
    expect((await get('/messages/999999')).statusCode).toBe(404);
  });
});

describe('POST /api/admin/messages/{id}/…', () => {
  const act = (id: number, action: string, payload: object = {}, as: As = admin) =>
    t.inject({ method: 'POST', url: `/api/admin/messages/${id}/${action}`, payload, as });
  const johns = async () =>
    (await get('/messages?q=john')).json().items[0] as { id: number; assigneeId: number };

  it('assigns to a person or to the least-loaded member of a role', async () => {
    const { id } = await johns();
    const adminId = await idOf(admin);
    expect((await act(id, 'assign', { userId: adminId })).json()).toMatchObject({ assigneeId: adminId });
    const both = await act(id, 'assign', { userId: adminId, roleId: 1 });
    expect(both.json().errors).toEqual([{ path: 'userId', message: 'assignToUserOrRole' }]);
    const [role] = await t.app.db
      .select({ roleId: users.roleId })
      .from(users)
      .where(eq(users.id, agents[0]?.id ?? 0));
    const byRole = (await act(id, 'assign', { roleId: role?.roleId })).json();
    expect(agents.map((a) => a.id)).toContain(byRole.assigneeId);
  });

  it('offers, and takes, only people and roles who can read the queue — to agents without user.read', async () => {
    const outsider = await t.userWith(['tier.read']);
    const outsiderId = await idOf(outsider);
    const lead = await t.userWith(['message.read', 'message.assign']);
    const people = (await get('/messages/assignees?pageSize=100', lead)).json().items as { id: number }[];
    expect(people.map((p) => p.id)).toEqual(
      expect.arrayContaining([...agents.map((a) => a.id), await idOf(admin)]),
    );
    expect(people.map((p) => p.id)).not.toContain(outsiderId);
    expect((await get(`/messages/assignees/${agents[0]?.id}`, lead)).json()).toMatchObject({
      id: agents[0]?.id,
    });
    expect((await get(`/messages/assignees/${outsiderId}`, lead)).statusCode).toBe(404);
    const [role] = await t.app.db
      .select({ roleId: users.roleId })
      .from(users)
      .where(eq(users.id, agents[0]?.id ?? 0));
    const roles = (await get('/messages/assignee-roles', lead)).json().items as { id: number }[];
    expect(roles.map((r) => r.id)).toContain(role?.roleId);
    // The staff screens stay closed to the agent; the queue's choices do not need them.
    expect((await get('/users', lead)).statusCode).toBe(403);

    const { id } = await johns();
    const refused = await act(id, 'assign', { userId: outsiderId }, lead);
    expect(refused.json().errors).toEqual([{ path: 'userId', message: 'noActiveAssignee' }]);
    expect((await act(id, 'assign', { userId: agents[1]?.id }, lead)).json()).toMatchObject({
      assigneeId: agents[1]?.id,
    });
  });

  it('replies with the placeholders filled, to the thread and by e-mail, and notes stay internal', async () => {
    const { id } = await johns();
    const arrived = mailbox.next('john@example.com');
    const replied = await act(id, 'replies', {
      body: 'Dear {{customer.name}}, your balance is {{customer.balance}} points. — {{staff.name}}',
    });
    expect(replied.statusCode).toBe(200);
    const text = 'Dear John Smith, your balance is 0 points. — System Administrator';
    expect(replied.json()).toMatchObject({ status: 'REPLIED', repliedByName: 'System Administrator' });
    expect(replied.json().entries.at(-1)).toMatchObject({
      kind: 'REPLY',
      body: text,
      authorName: 'System Administrator',
    });
    const mail = await arrived;
    expect(mail.subject).toBe('Reply to your message');
    expect(mail.text).toContain(text);

    const noted = await act(id, 'notes', { body: 'Called the customer as well' });
    expect(noted.json().entries.at(-1)).toMatchObject({ kind: 'NOTE', authorName: 'System Administrator' });
    const unknown = await act(id, 'replies', { body: 'Hi {{customer.nickname}}' });
    expect(unknown.json().errors).toEqual([{ path: 'body', message: 'unknownPlaceholder' }]);
  });

  it('closes, refuses a reply to a closed conversation, and reopens', async () => {
    const { id } = await johns();
    expect((await act(id, 'close')).json()).toMatchObject({ status: 'CLOSED' });
    const late = await act(id, 'replies', { body: 'One more thing' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('CONFLICT');
    expect((await act(id, 'close')).statusCode).toBe(409);
    const reopened = (await act(id, 'reopen')).json();
    expect(reopened).toMatchObject({ status: 'ASSIGNED', closedAt: null });
    const audit = (await get(`/admin-logs?targetType=message&targetId=${id}`)).json().items;
    expect(audit.map((e: { command: string }) => e.command)).toEqual(
      expect.arrayContaining([
        'message.assign',
        'message.reply',
        'message.note',
        'message.close',
        'message.reopen',
      ]),
    );
  });

  it('needs the permission of each action', async () => {
    const { id } = await johns();
    const reader = agents[0]?.as as As;
    expect((await act(id, 'notes', { body: 'x' }, reader)).statusCode).toBe(403);
  });
});

describe('the customer’s in-app inbox (integration API)', () => {
  it('lists the replies, never the notes, newest first, and marks one read once', async () => {
    const inbox = (await api('GET', '/customers/C200/messages')).json();
    expect(inbox.total).toBe(1);
    const [reply] = inbox.items;
    expect(reply).toMatchObject({ subject: '', readAt: null });
    expect(reply.body).toContain('Dear John Smith');
    expect((await api('GET', '/customers/C200/messages?unread=true')).json().total).toBe(1);

    const read = await api('POST', `/customers/C200/messages/${reply.id}/read`);
    expect(read.statusCode).toBe(200);
    const again = await api('POST', `/customers/C200/messages/${reply.id}/read`);
    expect(again.json().readAt).toBe(read.json().readAt);
    expect((await api('GET', '/customers/C200/messages?unread=true')).json().total).toBe(0);
    expect((await api('POST', `/customers/C100/messages/${reply.id}/read`)).statusCode).toBe(404);
  });
});

describe('GET /api/admin/messages/export', () => {
  const csv = async (query: string, as: As = admin) => {
    const res = await t.inject({ method: 'GET', url: `/api/admin/messages/export?${query}`, as });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="messages-.*\.csv"/);
    return res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
  };

  it('streams the queue as filtered, with the list’s search, filters and my queue', async () => {
    const [header, ...rows] = await csv('q=sara');
    expect(header).toBe(
      'id,createdAt,customerNumber,customerName,customerNameAr,categoryNameEn,categoryNameAr,channel,subject,preview,status,assigneeName,repliedByName,repliedAt,closedAt,dueAt,overdue',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('C100,Sara Al-Harbi,سارة الحربي,Points,النقاط,APP');
    expect(await csv('status=CLOSED&q=sara')).toHaveLength(1);
    const agent = agents[0] as { as: As; id: number };
    const mine = (await get('/messages?mine=true&pageSize=100', agent.as)).json().total as number;
    expect(await csv('mine=true', agent.as)).toHaveLength(mine + 1);
    const bad = await t.inject({ method: 'GET', url: '/api/admin/messages/export?status=LOST', as: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('needs the read permission', async () => {
    const nobody = await t.userWith([]);
    expect(
      (await t.inject({ method: 'GET', url: '/api/admin/messages/export', as: nobody })).statusCode,
    ).toBe(403);
  });
});

describe('POST /api/admin/messages/{id}/category', () => {
  const move = (id: number, categoryId: number | null, as: As = admin) =>
    t.inject({ method: 'POST', url: `/api/admin/messages/${id}/category`, payload: { categoryId }, as });

  it('moves a conversation to another category; its due time follows; an unassigned one goes to the role', async () => {
    const asked = await ask('C200', { externalId: 'APP-CAT', body: 'Which category am I?' });
    const { messageId } = asked.json();
    expect(asked.json().status).toBe('NEW');
    const moved = await move(messageId, categoryId);
    expect(moved.statusCode).toBe(200);
    const detail = moved.json();
    expect(detail).toMatchObject({ categoryId, categoryNameEn: 'Points', status: 'ASSIGNED' });
    expect(agents.map((a) => a.id)).toContain(detail.assigneeId);
    expect(new Date(detail.dueAt).getTime() - new Date(detail.createdAt).getTime()).toBe(4 * 3_600_000);

    const cleared = (await move(messageId, null)).json();
    expect(cleared).toMatchObject({ categoryId: null, dueAt: null, assigneeId: detail.assigneeId });
    const audit = (await get(`/admin-logs?targetType=message&targetId=${messageId}`)).json().items;
    expect(audit.map((e: { command: string }) => e.command)).toContain('message.categorize');
  });

  it('refuses a disabled or unknown category, and a reader without the permission', async () => {
    const { messageId } = (await ask('C200', { externalId: 'APP-CAT2', body: 'Another question' })).json();
    const off = await programmeFixtures(t, admin).post('/api/admin/message-categories', {
      nameEn: 'Retired',
      nameAr: 'متقاعد',
      responseTargetHours: 24,
      status: 'DISABLED',
    });
    expect((await move(messageId, off.id)).json().errors).toEqual([
      { path: 'categoryId', message: 'categoryDisabled' },
    ]);
    expect((await move(messageId, 999_999)).statusCode).toBe(404);
    expect((await move(messageId, categoryId, agents[0]?.as)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/messages/{id}/placeholders', () => {
  it('gives the values a reply by the caller would fill in, for the reply screen’s preview', async () => {
    const [item] = (await get('/messages?q=john')).json().items;
    const values = (await get(`/messages/${item.id}/placeholders`)).json();
    expect(values).toMatchObject({
      'customer.name': 'John Smith',
      'customer.number': 'C200',
      'customer.balance': '0',
      'points.expiring': '0',
      'staff.name': 'System Administrator',
    });
    expect((await get('/messages/999999/placeholders')).statusCode).toBe(404);
    expect((await get(`/messages/${item.id}/placeholders`, agents[0]?.as)).statusCode).toBe(403);
  });
});
