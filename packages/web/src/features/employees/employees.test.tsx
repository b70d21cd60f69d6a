import type { Role, User } from '@loyalty/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok, page } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const stamp = '2026-01-01T00:00:00.000Z';
const user = (over: Partial<User> = {}): User => ({
  id: 7,
  username: 'amal',
  fullName: 'Amal Haddad',
  fullNameAr: '',
  email: 'amal@bank.example',
  pendingEmail: null,
  mobile: null,
  roleId: 2,
  roleName: 'Teller',
  roleNameAr: 'صراف',
  status: 'ACTIVE',
  locked: true,
  lockedUntil: '2026-01-01T00:30:00.000Z',
  failedAttempts: 5,
  secondFactorEnrolled: true,
  mustChangePassword: false,
  passwordChangedAt: stamp,
  lastLoginAt: null,
  createdAt: stamp,
  updatedAt: stamp,
  ...over,
});
const teller: Role = {
  id: 2,
  code: 'TELLER',
  name: 'Teller',
  nameAr: 'صراف',
  description: '',
  descriptionAr: '',
  status: 'ACTIVE',
  permissions: ['tier.read'],
  userCount: 1,
  system: false,
  createdAt: stamp,
  updatedAt: stamp,
};
const allUserPermissions = [
  'user.read',
  'user.create',
  'user.update',
  'user.unlock',
  'user.resetPassword',
  'user.resetSecondFactor',
  'user.endSessions',
  'role.read',
];

describe('employee/users', () => {
  it('lists users with their role, lock and second factor', async () => {
    const api = installFakeApi();
    api.me.permissions = allUserPermissions;
    api.on({
      'GET /api/admin/users': () => ok(page([user()])),
      'GET /api/admin/roles': () => ok(page([teller])),
    });
    await renderApp('/dashboard/employee/users');
    expect(await screen.findByText('Amal Haddad')).toBeTruthy();
    expect(screen.getByText('Locked')).toBeTruthy();
    expect(screen.getByText('Enrolled')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Create/ })).toBeTruthy();
  });

  it('the menu hides staff screens from a user without their permissions', async () => {
    const api = installFakeApi();
    api.me.permissions = ['tier.read'];
    await renderApp('/dashboard');
    await screen.findByText('Amal Admin');
    expect(screen.queryByText('Users')).toBeNull();
    expect(screen.queryByText('Credential policy')).toBeNull();
  });

  it('unlocks a user after confirmation, from their edit screen', async () => {
    const api = installFakeApi();
    api.me.permissions = allUserPermissions;
    let locked = true;
    api.on({
      'GET /api/admin/users/7': () => ({
        status: 200,
        body: user({ locked, failedAttempts: locked ? 5 : 0 }),
      }),
      'GET /api/admin/users/7/sessions': () => ({ status: 200, body: [] }),
      'GET /api/admin/roles': () => ok(page([teller])),
      'POST /api/admin/users/7/unlock': () => {
        locked = false;
        return { status: 204 };
      },
    });
    await renderApp('/dashboard/employee/edit-user/7');
    expect(await screen.findByText(/Locked until/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    });
    expect(await screen.findByText("Unlock Amal Haddad's account?")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    });
    await waitFor(() => expect(api.calls.some((c) => c.key === 'POST /api/admin/users/7/unlock')).toBe(true));
    expect(await screen.findByText('Not locked')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeTruthy();
  });
});

describe('employee/create-permission', () => {
  it('explains that permissions come from the system, in Arabic too', async () => {
    const api = installFakeApi();
    api.me.permissions = ['permission.read'];
    await renderApp('/dashboard/employee/create-permission?lang=ar');
    expect(await screen.findByText('الصلاحيات يحددها النظام')).toBeTruthy();
    // Only those who may create roles are offered one.
    expect(screen.queryByRole('button', { name: 'أنشئ دورًا' })).toBeNull();
  });

  it('offers a new role, the set of permissions granted together, to those who may create one', async () => {
    const api = installFakeApi();
    api.me.permissions = ['permission.read', 'role.read', 'role.create'];
    await renderApp('/dashboard/employee/create-permission');
    expect(await screen.findByText(/To grant several permissions together, make a role/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create a role' })).toBeTruthy();
  });
});
