import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { permissions, roles as roleTable } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { assertFeature } from '../configuration/index.ts';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
});

const role = (code: string, permissions: string[], extra: object = {}) => ({
  code,
  name: code.toLowerCase(),
  description: '',
  status: 'ACTIVE',
  permissions,
  ...extra,
});
const post = (url: string, payload: object, as = admin) => t.inject({ method: 'POST', url, payload, as });
const permissionId = async (code: string) =>
  (await t.app.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.code, code)))[0]?.id;
const put = (url: string, payload: object, as = admin) => t.inject({ method: 'PUT', url, payload, as });

describe('roles', () => {
  it('creates, lists with permission sets and user counts, updates and deletes a role', async () => {
    const created = await post('/api/admin/roles', role('AUDITOR', ['tier.read', 'user.read']));
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({
      permissions: ['tier.read', 'user.read'],
      userCount: 0,
      system: false,
    });

    const list = await t.inject({ method: 'GET', url: '/api/admin/roles?q=audit', as: admin });
    expect(list.json().items).toEqual([expect.objectContaining({ code: 'AUDITOR' })]);

    const updated = await put(`/api/admin/roles/${id}`, role('AUDITOR', ['tier.read'], { name: 'Auditor' }));
    expect(updated.json()).toMatchObject({ name: 'Auditor', permissions: ['tier.read'] });

    expect((await t.inject({ method: 'DELETE', url: `/api/admin/roles/${id}`, as: admin })).statusCode).toBe(
      204,
    );
    expect((await t.inject({ method: 'GET', url: `/api/admin/roles/${id}`, as: admin })).statusCode).toBe(
      404,
    );
  });

  it('refuses unknown permission codes and a malformed code', async () => {
    const unknown = await post('/api/admin/roles', role('ODD', ['no.such']));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ path: 'permissions', message: 'unknownPermission' }]);
    const bad = await post('/api/admin/roles', role('lower case', []));
    expect(bad.json().errors).toEqual([{ path: 'code', message: 'roleCodeFormat' }]);
  });

  it('does not let an administrator grant permissions they do not hold', async () => {
    const roleAdmin = await t.userWith(['role.create', 'role.update', 'tier.read']);
    const res = await post('/api/admin/roles', role('GRAB', ['tier.read', 'user.create']), roleAdmin);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PRIVILEGE_ESCALATION', detail: 'You do not hold user.create' });
    // Allowed, and held for the administrator's approval: roles are a safeguard.
    expect((await post('/api/admin/roles', role('READER', ['tier.read']), roleAdmin)).statusCode).toBe(202);
  });

  it('refuses every step of an escalation through a disabled permission', async () => {
    // A user who may edit permissions and roles, but does not hold user.create.
    const attacker = await t.userWith(['permission.read', 'permission.update', 'role.read', 'role.update']);
    const me = (await t.inject({ method: 'GET', url: '/api/admin/auth/me', as: attacker })).json();
    // A code the role form accepts (the helper's has lower-case letters).
    await t.app.db.update(roleTable).set({ code: 'ATTACKER' }).where(eq(roleTable.code, me.role));
    const ownRole = (await t.inject({ method: 'GET', url: '/api/admin/roles?q=ATTACKER', as: admin })).json()
      .items[0];
    const userCreate = await permissionId('user.create');
    const status = (s: 'ACTIVE' | 'DISABLED') => ({ name: 'Create users', description: '', status: s });

    // 1. Switching a permission off (or on) needs holding it.
    const disable = await put(`/api/admin/permissions/${userCreate}`, status('DISABLED'), attacker);
    expect(disable.statusCode).toBe(403);
    expect(disable.json()).toMatchObject({
      code: 'PRIVILEGE_ESCALATION',
      detail: 'You do not hold user.create',
    });

    // Someone who holds it disables it; the attacker still cannot take it.
    expect((await put(`/api/admin/permissions/${userCreate}`, status('DISABLED'))).statusCode).toBe(200);
    // 2. Not into their own role (its permissions are not theirs to change)…
    const own = await put(
      `/api/admin/roles/${ownRole.id}`,
      { ...role(ownRole.code, [...ownRole.permissions, 'user.create']), name: ownRole.name },
      attacker,
    );
    expect(own.statusCode).toBe(403);
    expect(['OWN_ACCOUNT', 'PRIVILEGE_ESCALATION']).toContain(own.json().code);
    const ownOnly = await put(
      `/api/admin/roles/${ownRole.id}`,
      { ...role(ownRole.code, ['permission.read', 'role.read', 'role.update']), name: ownRole.name },
      attacker,
    );
    expect(ownOnly.json()).toMatchObject({
      code: 'OWN_ACCOUNT',
      detail: 'You cannot change the permissions of your own role',
    });
    // …nor into another role: a disabled code is compared like any other.
    const other = (await post('/api/admin/roles', role('SIDE_DOOR', ['role.read']))).json();
    const side = await put(
      `/api/admin/roles/${other.id}`,
      role('SIDE_DOOR', ['role.read', 'user.create']),
      attacker,
    );
    expect(side.json()).toMatchObject({
      code: 'PRIVILEGE_ESCALATION',
      detail: 'You do not hold user.create',
    });
    // A disabled permission is granted to no one, even by a holder.
    const holder = await put(`/api/admin/roles/${other.id}`, role('SIDE_DOOR', ['role.read', 'user.create']));
    expect(holder.json()).toMatchObject({
      code: 'PRIVILEGE_ESCALATION',
      detail: 'Disabled permissions cannot be granted: user.create',
    });

    // 3. Nor switched back on.
    const enable = await put(`/api/admin/permissions/${userCreate}`, status('ACTIVE'), attacker);
    expect(enable.json().code).toBe('PRIVILEGE_ESCALATION');
    expect((await put(`/api/admin/permissions/${userCreate}`, status('ACTIVE'))).statusCode).toBe(200);

    const after = (
      await t.inject({ method: 'GET', url: `/api/admin/roles/${ownRole.id}`, as: admin })
    ).json();
    expect(after.permissions).toEqual(ownRole.permissions);
    // Renaming one's own role, permissions unchanged, is still allowed (and held for the
    // administrator's approval: roles are a safeguard).
    const renamed = await put(
      `/api/admin/roles/${ownRole.id}`,
      { ...role(ownRole.code, ownRole.permissions), name: 'Renamed' },
      attacker,
    );
    expect(renamed.statusCode).toBe(202);
  });

  it('keeps a disabled permission a role already had, and lets its holder switch it back on', async () => {
    const created = (await post('/api/admin/roles', role('KEEPER', ['tier.read', 'tier.create']))).json();
    const tierCreate = await permissionId('tier.create');
    const status = (s: 'ACTIVE' | 'DISABLED') => ({ name: 'Create tiers', description: '', status: s });
    expect((await put(`/api/admin/permissions/${tierCreate}`, status('DISABLED'))).statusCode).toBe(200);
    const edited = await put(
      `/api/admin/roles/${created.id}`,
      role('KEEPER', ['tier.read', 'tier.create'], { name: 'Keeper' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().permissions).toEqual(['tier.create', 'tier.read']);
    expect((await put(`/api/admin/permissions/${tierCreate}`, status('ACTIVE'))).statusCode).toBe(200);
  });

  it('keeps the built-in SUPER_ADMIN role and roles in use', async () => {
    const roles = (await t.inject({ method: 'GET', url: '/api/admin/roles?q=SUPER', as: admin })).json()
      .items;
    const superAdmin = roles[0];
    expect(superAdmin).toMatchObject({ code: 'SUPER_ADMIN', system: true, userCount: 1 });
    expect((await put(`/api/admin/roles/${superAdmin.id}`, role('SUPER_ADMIN', []))).json().code).toBe(
      'SYSTEM_RECORD',
    );
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/admin/roles/${superAdmin.id}`, as: admin })).json().code,
    ).toBe('SYSTEM_RECORD');
    await t.userWith(['tier.read']);
    const testRole = (
      await t.inject({ method: 'GET', url: '/api/admin/roles?q=TEST_ROLE', as: admin })
    ).json().items[0];
    const del = await t.inject({ method: 'DELETE', url: `/api/admin/roles/${testRole.id}`, as: admin });
    expect(del.statusCode).toBe(409);
  });
});

describe('staff permission catalogue', () => {
  it('lists the registry’s codes with names and how many roles grant them', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/admin/permissions?area=identity&kind=read',
      as: admin,
    });
    const codes = res.json().items.map((p: { code: string }) => p.code);
    expect(codes).toEqual(['customerPermission.read', 'permission.read', 'role.read', 'user.read']);
    expect(res.json().items[0].roleCount).toBeGreaterThanOrEqual(1);
  });

  it('renames and describes a permission; the catalogue’s own permissions cannot be disabled', async () => {
    const res = await put(`/api/admin/permissions/${await permissionId('tier.read')}`, {
      name: 'See tiers',
      description: 'Read the tier ladder',
      status: 'ACTIVE',
    });
    expect(res.json()).toMatchObject({ code: 'tier.read', name: 'See tiers', area: 'loyalty' });
    const locked = await put(`/api/admin/permissions/${await permissionId('permission.update')}`, {
      name: 'Edit permissions',
      status: 'DISABLED',
    });
    expect(locked.json().code).toBe('SYSTEM_RECORD');
    expect(
      (await t.inject({ method: 'GET', url: '/api/admin/permissions/999999', as: admin })).statusCode,
    ).toBe(404);
  });
});

describe('customer permissions', () => {
  it('seeds the customer-app features the integration API enforces', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/admin/customer-permissions?sort=code:asc',
      as: admin,
    });
    expect(res.json().items.map((p: { code: string; system: boolean }) => [p.code, p.system])).toEqual([
      ['balance', true],
      ['earn', true],
      ['faq', true],
      ['locations', true],
      ['messages', true],
      ['redeem', true],
    ]);
  });

  it('a disabled customer permission is a feature switched off on every channel (assertFeature)', async () => {
    await expect(assertFeature(t.app.db, 'redeem', 'POS')).resolves.toBeUndefined();
    const list = await t.inject({
      method: 'GET',
      url: '/api/admin/customer-permissions?q=redeem',
      as: admin,
    });
    const redeem = list.json().items[0];
    const off = await put(`/api/admin/customer-permissions/${redeem.id}`, { ...redeem, status: 'DISABLED' });
    expect(off.statusCode).toBe(200);
    await expect(assertFeature(t.app.db, 'redeem', 'POS')).rejects.toMatchObject({
      code: 'FEATURE_DISABLED',
    });
    await expect(assertFeature(t.app.db, 'teleport', 'POS')).rejects.toMatchObject({
      code: 'FEATURE_DISABLED',
    });
  });

  it('creates, edits and deletes features; built-in ones keep their code and cannot be deleted', async () => {
    const created = await post('/api/admin/customer-permissions', {
      code: 'gift-points',
      name: 'Gift points',
      status: 'ACTIVE',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ code: 'gift-points', system: false, description: '' });
    const id = created.json().id;
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/admin/customer-permissions/${id}`, as: admin }))
        .statusCode,
    ).toBe(204);
    const earn = (
      await t.inject({ method: 'GET', url: '/api/admin/customer-permissions?q=earn', as: admin })
    ).json().items[0];
    expect(
      (await put(`/api/admin/customer-permissions/${earn.id}`, { ...earn, code: 'earning' })).json().code,
    ).toBe('SYSTEM_RECORD');
    expect(
      (
        await t.inject({ method: 'DELETE', url: `/api/admin/customer-permissions/${earn.id}`, as: admin })
      ).json().code,
    ).toBe('SYSTEM_RECORD');
    const dup = await post('/api/admin/customer-permissions', {
      code: 'earn',
      name: 'Again',
      status: 'ACTIVE',
    });
    expect(dup.statusCode).toBe(409);
  });
});
