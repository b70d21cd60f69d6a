import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { linkToken, startMailbox } from '../../test/mailbox.ts';

let t: TestApp;
let admin: { authorization: string };
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let roleId: number;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await buildTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL: 'https://loyalty.example' });
  admin = await t.signIn();
  const res = await t.inject({
    method: 'POST',
    url: '/api/admin/roles',
    payload: { code: 'TELLER', name: 'Teller', status: 'ACTIVE', permissions: ['tier.read'] },
    as: admin,
  });
  roleId = res.json().id;
});

const newUser = (username: string, extra: object = {}) => ({
  username,
  fullName: `${username} Person`,
  email: `${username}@bank.example`,
  mobile: null,
  roleId,
  status: 'ACTIVE',
  ...extra,
});
const create = (body: object, as = admin) =>
  t.inject({ method: 'POST', url: '/api/admin/users', payload: body, as });
const action = (id: number, what: string, as = admin) =>
  t.inject({ method: 'POST', url: `/api/admin/users/${id}/${what}`, as });
const login = (username: string, password: string) =>
  t.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { username, password } });

/** Creates a user and sets their first password through the invitation link; answers their id. */
async function onboard(username: string, password = 'Correct-Horse-42') {
  const res = await create(newUser(username));
  expect(res.statusCode).toBe(201);
  const token = linkToken(await mailbox.next(`${username}@bank.example`));
  const set = await t.inject({
    method: 'POST',
    url: '/api/admin/auth/reset-password',
    payload: { token, newPassword: password },
  });
  expect(set.statusCode).toBe(204);
  return res.json().id as number;
}

describe('POST /api/admin/users', () => {
  it('creates a user who must choose a password, and e-mails them an invitation link', async () => {
    const res = await create(newUser('amal'));
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      username: 'amal',
      roleName: 'Teller',
      status: 'ACTIVE',
      mobile: null,
      locked: false,
      secondFactorEnrolled: false,
      mustChangePassword: true,
      lastLoginAt: null,
    });
    expect(user).not.toHaveProperty('passwordHash');
    const mail = await mailbox.next('amal@bank.example');
    expect(mail.subject).toBe('Your Loyalty Admin account');
    expect(mail.text).toContain('https://loyalty.example/change-password?token=');

    // The invitation sets the first password; the user then signs in.
    const token = linkToken(mail);
    const set = await t.inject({
      method: 'POST',
      url: '/api/admin/auth/reset-password',
      payload: { token, newPassword: 'Blue-Orchid-Harbour-7' },
    });
    expect(set.statusCode).toBe(204);
    expect((await login('amal', 'Blue-Orchid-Harbour-7')).json()).toHaveProperty('accessToken');
    // The link worked once.
    const again = await t.inject({
      method: 'POST',
      url: '/api/admin/auth/reset-password',
      payload: { token, newPassword: 'Grey-Orchid-Harbour-8' },
    });
    expect(again.json().code).toBe('LINK_INVALID');
  });

  it('validates the fields and refuses a duplicate username whatever its case', async () => {
    const bad = await create({ username: 'x', email: 'not-mail', roleId, status: 'ACTIVE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['username', 'fullName', 'email']),
    );
    const dup = await create(newUser('AMAL', { email: 'other@bank.example' }));
    expect(dup.statusCode).toBe(409);
  });

  it('refuses to hand out a role holding permissions the administrator lacks', async () => {
    const [superAdmin] = await t.app.db.select().from(roles).where(eq(roles.code, 'SUPER_ADMIN'));
    const manager = await t.userWith(['user.create', 'tier.read']);
    const res = await create(newUser('sneaky', { roleId: superAdmin?.id }), manager);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PRIVILEGE_ESCALATION');
    // Allowed, and held for the administrator's approval: staff changes are a safeguard.
    const ok = await create(newUser('teller2'), manager);
    expect(ok.statusCode).toBe(202);
  });
});

describe('GET /api/admin/users', () => {
  it('lists with the role name, searches and filters on the server', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/admin/users?q=amal&status=ACTIVE', as: admin });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().items.map((u: { username: string; roleName: string }) => [u.username, u.roleName]),
    ).toEqual([['amal', 'Teller']]);
    const byRole = await t.inject({
      method: 'GET',
      url: `/api/admin/users?roleId=${roleId}&sort=username:desc`,
      as: admin,
    });
    const names = byRole.json().items.map((u: { username: string }) => u.username);
    expect(names).toEqual([...names].sort().reverse());
  });
});

describe('PUT /api/admin/users/:id', () => {
  it('disabling a user ends their sessions at once', async () => {
    const id = await onboard('basim');
    const session = await login('basim', 'Correct-Horse-42');
    const authorization = `Bearer ${session.json().accessToken}`;
    const me = () => t.inject({ method: 'GET', url: '/api/admin/auth/me', headers: { authorization } });
    expect((await me()).statusCode).toBe(200);
    const res = await t.inject({
      method: 'PUT',
      url: `/api/admin/users/${id}`,
      payload: { fullName: 'Basim B', email: 'basim@bank.example', roleId, status: 'DISABLED' },
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fullName: 'Basim B', status: 'DISABLED' });
    expect((await me()).json().code).toBe('SESSION_EXPIRED');
    expect((await login('basim', 'Correct-Horse-42')).statusCode).toBe(401);
  });

  it('refuses a change of one’s own role or status', async () => {
    const [me] = await t.app.db.select().from(users).where(eq(users.username, 'admin'));
    const res = await t.inject({
      method: 'PUT',
      url: `/api/admin/users/${me?.id}`,
      payload: { fullName: 'Admin', email: 'admin@bank.example', roleId, status: 'ACTIVE' },
      as: admin,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('OWN_ACCOUNT');
  });
});

describe('administrators’ actions', () => {
  it('starts a password reset: e-mails a link, ends sessions and forces a change at next sign-in', async () => {
    const id = await onboard('carim');
    const session = await login('carim', 'Correct-Horse-42');
    const res = await action(id, 'reset-password');
    expect(res.statusCode).toBe(204);
    const mail = await mailbox.next('carim@bank.example');
    expect(mail.text).toContain('An administrator has started a password reset');
    const me = await t.inject({
      method: 'GET',
      url: '/api/admin/auth/me',
      headers: { authorization: `Bearer ${session.json().accessToken}` },
    });
    expect(me.statusCode).toBe(401);
    // With the old password the user gets no session, only the forced change.
    const again = await login('carim', 'Correct-Horse-42');
    expect(again.json()).toMatchObject({ next: 'PASSWORD_CHANGE', reason: 'RESET' });
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'user.resetPassword'), eq(auditLog.targetId, String(id))));
    expect(entry).toMatchObject({ outcome: 'SUCCESS', actorUsername: 'admin' });
    expect(entry?.after).toMatchObject({ mustChangePassword: true, sessionsEnded: 1 });
  });

  it('ends every session of a user', async () => {
    const id = await onboard('dina');
    await login('dina', 'Correct-Horse-42');
    await login('dina', 'Correct-Horse-42');
    const sessions = await t.inject({ method: 'GET', url: `/api/admin/users/${id}/sessions`, as: admin });
    expect(sessions.json()).toHaveLength(2);
    expect((await action(id, 'end-sessions')).statusCode).toBe(204);
    expect(
      (await t.inject({ method: 'GET', url: `/api/admin/users/${id}/sessions`, as: admin })).json(),
    ).toEqual([]);
  });

  it('cannot reset one’s own password or second factor this way, nor manage a more privileged user', async () => {
    const [me] = await t.app.db.select().from(users).where(eq(users.username, 'admin'));
    expect((await action(me?.id as number, 'reset-password')).json().code).toBe('OWN_ACCOUNT');
    expect((await action(me?.id as number, 'reset-second-factor')).json().code).toBe('OWN_ACCOUNT');
    const helpdesk = await t.userWith(['user.unlock']);
    const res = await action(me?.id as number, 'unlock', helpdesk);
    expect(res.json().code).toBe('PRIVILEGE_ESCALATION');
  });

  it('answers 404 for an unknown user', async () => {
    expect((await action(999_999, 'unlock')).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/admin/users/999999', as: admin })).statusCode).toBe(
      404,
    );
  });

  it('needs the action’s permission, and the refusal is audited', async () => {
    const reader = await t.userWith(['user.read']);
    const res = await action(1, 'end-sessions', reader);
    expect(res.statusCode).toBe(403);
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'user.endSessions'), eq(auditLog.outcome, 'DENIED')))
      .orderBy(desc(auditLog.id));
    expect(entry?.actorUsername).toMatch(/^user_test_role_/);
  });
});
