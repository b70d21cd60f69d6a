import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const session = (id: string, current: boolean) => ({
  id,
  ip: '10.0.0.1',
  userAgent: 'Firefox',
  visitorId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastUsedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-01T12:00:00.000Z',
  current,
});

describe('admin', () => {
  it('shows the profile and enrols an authenticator with its QR code and recovery codes', async () => {
    const api = installFakeApi();
    api.me = { ...api.me, secondFactorEnrolled: false, passwordExpiresAt: null, passwordExpiringSoon: false };
    api.on({
      'GET /api/admin/auth/sessions': () => ({ status: 200, body: [session('a', true)] }),
      'POST /api/admin/auth/second-factor': () => ({
        status: 200,
        body: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/x',
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        },
      }),
      'POST /api/admin/auth/second-factor/confirm': () => ({
        status: 200,
        body: { recoveryCodes: ['aaaaa-bbbbb'] },
      }),
    });
    await renderApp('/dashboard/admin');
    expect(await screen.findByText('My profile')).toBeTruthy();
    expect(await screen.findByText('This session')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    });
    expect(await screen.findByTestId('totp-qr')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    // The current password is asked too (issue 48, finding 3): without it nothing is sent.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    });
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(api.calls.some((c) => c.key === 'POST /api/admin/auth/second-factor/confirm')).toBe(false);
    expect(
      screen.getByText('Your password confirms that it is you who sets up the authenticator.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'My-Own-Password-1' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    });
    expect(await screen.findByText('aaaaa-bbbbb')).toBeTruthy();
    expect(api.calls.find((c) => c.key === 'POST /api/admin/auth/second-factor/confirm')?.body).toEqual({
      code: '123456',
      password: 'My-Own-Password-1',
    });
  });

  it('ends another session after confirmation', async () => {
    const api = installFakeApi();
    let live = [session('a', true), session('b', false)];
    api.on({
      'GET /api/admin/auth/sessions': () => ({ status: 200, body: live }),
      'DELETE /api/admin/auth/sessions/b': () => {
        live = live.filter((s) => s.id !== 'b');
        return { status: 204 };
      },
    });
    await renderApp('/dashboard/admin');
    const end = await screen.findByRole('button', { name: 'End session' });
    await act(async () => {
      fireEvent.click(end);
    });
    // The confirmation modal loads on first use: look for it outside act, while React renders.
    const yes = await screen.findByRole('button', { name: 'Yes' });
    await act(async () => {
      fireEvent.click(yes);
    });
    await waitFor(() =>
      expect(api.calls.some((c) => c.key === 'DELETE /api/admin/auth/sessions/b')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'End session' })).toBeNull());
  });
});
