import { credentialPresets } from '@loyalty/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const click = async (name: string | RegExp) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

describe('security/credential', () => {
  it('shows the policy, applies the NIST/ASVS preset and saves it', async () => {
    const api = installFakeApi();
    api.me.permissions = ['credentialPolicy.read', 'credentialPolicy.update'];
    api.on({
      'GET /api/admin/credential-policy': () => ({
        status: 200,
        body: { ...credentialPresets.PCI_DSS, preset: 'PCI_DSS', updatedAt: '2026-01-01T00:00:00.000Z' },
      }),
      'PUT /api/admin/credential-policy': ({ body }) => ({
        status: 200,
        body: { ...(body as object), preset: 'NIST_ASVS' },
      }),
    });
    await renderApp('/dashboard/security/credential');
    expect((await screen.findByTestId('preset')).textContent).toBe('PCI DSS');
    await click('Apply NIST / ASVS');
    expect(screen.getByTestId('preset').textContent).toBe('NIST / ASVS');
    await click('Save');
    await waitFor(() =>
      expect(api.calls.find((c) => c.key === 'PUT /api/admin/credential-policy')?.body).toEqual(
        credentialPresets.NIST_ASVS,
      ),
    );
    expect(await screen.findByText('Settings saved')).toBeTruthy();
  });

  it('is read-only without the update permission', async () => {
    const api = installFakeApi();
    api.me.permissions = ['credentialPolicy.read'];
    api.on({
      'GET /api/admin/credential-policy': () => ({
        status: 200,
        body: { ...credentialPresets.PCI_DSS, preset: 'PCI_DSS', updatedAt: '2026-01-01T00:00:00.000Z' },
      }),
    });
    await renderApp('/dashboard/security/credential');
    await screen.findByTestId('preset');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('step-up', () => {
  it('asks for the second factor when a change needs it, then sends the change again', async () => {
    const api = installFakeApi();
    api.me.permissions = ['securityPolicy.read', 'securityPolicy.update'];
    let steppedUp = false;
    const policy = {
      accessTokenMinutes: 15,
      idleTimeoutMinutes: 30,
      sessionLifeHours: 12,
      maxConcurrentSessions: 3,
    };
    api.on({
      'GET /api/admin/security-policy': () => ({
        status: 200,
        body: { ...policy, updatedAt: '2026-01-01T00:00:00.000Z' },
      }),
      'PUT /api/admin/security-policy': ({ body }) =>
        steppedUp
          ? { status: 200, body: { ...(body as object), updatedAt: '2026-01-02T00:00:00.000Z' } }
          : { status: 403, body: { type: 'x', title: 'x', status: 403, code: 'STEP_UP_REQUIRED' } },
      'POST /api/admin/auth/step-up': () => {
        steppedUp = true;
        return { status: 204 };
      },
    });
    await renderApp('/dashboard/security/edit-policy');
    await screen.findByLabelText('Idle timeout (minutes)');
    await click('Save');
    expect(await screen.findByText('Confirm it is you')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '654321' } });
    await click('Verify');
    await waitFor(() =>
      expect(api.calls.filter((c) => c.key === 'PUT /api/admin/security-policy')).toHaveLength(2),
    );
    expect(api.calls.find((c) => c.key === 'POST /api/admin/auth/step-up')?.body).toEqual({ code: '654321' });
  });
});

describe('security/PasswordSettings/Add/Lock', () => {
  it('adds a lockout setting with only the lockout fields', async () => {
    const api = installFakeApi();
    api.me.permissions = ['passwordSetting.read', 'passwordSetting.create'];
    api.on({
      'POST /api/admin/password-settings': ({ body }) => ({
        status: 201,
        body: { id: 9, ...(body as object) },
      }),
      'GET /api/admin/password-settings': () => ({
        status: 200,
        body: { items: [], total: 0, page: 1, pageSize: 10 },
      }),
    });
    await renderApp('/dashboard/security/PasswordSettings/Add/Lock');
    expect(await screen.findByText('New lockout setting')).toBeTruthy();
    expect(screen.queryByLabelText('Password expires after (days)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Lock after this many failed sign-ins'), {
      target: { value: '4' },
    });
    const selects = screen.getAllByRole('combobox');
    // User type, then status.
    for (const [select, option] of [
      [selects[0], 'Customer'],
      [selects[1], 'Active'],
    ] as const) {
      await act(async () => {
        fireEvent.mouseDown(select as HTMLElement);
      });
      await act(async () => {
        fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
      });
    }
    await click('Save');
    await waitFor(() =>
      expect(api.calls.find((c) => c.key === 'POST /api/admin/password-settings')?.body).toMatchObject({
        mode: 'LOCK',
        userType: 'CUSTOMER',
        maxFailures: 4,
        status: 'ACTIVE',
      }),
    );
  });
});
