import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, installFakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Pages load lazily: wait for the field, then type. */
const type = async (label: string | RegExp, value: string) =>
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });
const click = async (name: string | RegExp) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};
const token = { accessToken: fakeJwt('ADMIN', 50), expiresIn: 900, tokenType: 'Bearer' };

describe('sign-in steps', () => {
  it('asks for the second factor when the server answers a TOTP challenge, then signs in', async () => {
    const api = installFakeApi();
    api.validTokens.add(token.accessToken);
    api.answers.set('POST /api/admin/auth/login', {
      status: 200,
      body: { challenge: 'c-1', next: 'TOTP', expiresIn: 300 },
    });
    api.answers.set('POST /api/admin/auth/login/second-factor', {
      status: 401,
      body: { type: 'x', title: 'x', status: 401, code: 'SECOND_FACTOR_INVALID' },
    });
    const { router } = await renderApp('/', { signedIn: false });
    await type('Username', 'admin');
    await type('Password', 'secret');
    await click('Sign in');
    expect(await screen.findByText(/Enter the code your authenticator app shows/)).toBeTruthy();
    await type('Verification code', '111111');
    await click('Verify');
    expect(await screen.findByText('The verification code is not valid.')).toBeTruthy();

    api.answers.set('POST /api/admin/auth/login/second-factor', { status: 200, body: token });
    await type('Verification code', '222222');
    await click('Verify');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.calls.filter((c) => c.path === '/api/admin/auth/login/second-factor').at(-1)?.body).toEqual({
      challenge: 'c-1',
      code: '222222',
    });
  });

  it('enrols an authenticator by QR code and shows the recovery codes once', async () => {
    const api = installFakeApi();
    api.validTokens.add(token.accessToken);
    api.answers.set('POST /api/admin/auth/login', {
      status: 200,
      body: { challenge: 'c-2', next: 'TOTP_ENROL', expiresIn: 300 },
    });
    api.answers.set('POST /api/admin/auth/login/enrol', {
      status: 200,
      body: {
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUri: 'otpauth://totp/x',
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      },
    });
    api.answers.set('POST /api/admin/auth/login/enrol/confirm', {
      status: 200,
      body: { recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'], result: token },
    });
    const { router } = await renderApp('/?lang=en', { signedIn: false });
    await type('Username', 'admin');
    await type('Password', 'secret');
    await click('Sign in');
    expect((await screen.findByTestId('totp-qr')).getAttribute('src')).toContain('data:image/svg+xml');
    expect(screen.getByTestId('totp-secret').textContent).toContain('JBSWY3DPEHPK3PXP');
    await type('Verification code', '123456');
    await click('Confirm');
    expect(await screen.findByText('aaaaa-bbbbb')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    await click('I have saved them');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('forces a password change and lists the rules a refused password breaks', async () => {
    const api = installFakeApi();
    api.validTokens.add(token.accessToken);
    api.answers.set('POST /api/admin/auth/login', {
      status: 200,
      body: { challenge: 'c-3', next: 'PASSWORD_CHANGE', reason: 'EXPIRED', expiresIn: 300 },
    });
    api.answers.set('POST /api/admin/auth/login/password', {
      status: 400,
      body: {
        type: 'x',
        title: 'x',
        status: 400,
        code: 'PASSWORD_REJECTED',
        errors: [
          { path: 'newPassword', message: 'common' },
          { path: 'newPassword', message: 'history' },
        ],
      },
    });
    const { router } = await renderApp('/', { signedIn: false });
    await type('Username', 'admin');
    await type('Password', 'secret');
    await click('Sign in');
    expect(await screen.findByText('Your password has expired. Choose a new one to continue.')).toBeTruthy();
    await type('Current password', 'secret');
    await type('New password', 'password1');
    await type('Confirm the new password', 'password2');
    await click('Change password and sign in');
    expect(await screen.findByText('The two passwords are not the same')).toBeTruthy();
    await type('Confirm the new password', 'password1');
    await click('Change password and sign in');
    const rules = await screen.findByTestId('password-rules');
    expect(rules.textContent).toContain('It is a commonly used password.');
    expect(rules.textContent).toContain('It was one of your recent passwords.');

    api.answers.set('POST /api/admin/auth/login/password', { status: 200, body: token });
    await click('Change password and sign in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('the credentials form (plain HTML, no antd)', () => {
  it('refuses empty fields with the shared schema message, without calling the server', async () => {
    const api = installFakeApi();
    await renderApp('/?lang=ar', { signedIn: false });
    const username = await screen.findByLabelText('اسم المستخدم');
    await click('تسجيل الدخول');
    expect(screen.getAllByText('هذا الحقل مطلوب')).toHaveLength(2);
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /api/admin/auth/login')).toHaveLength(0);

    // After the first submit, each field is checked again as it changes.
    await type('اسم المستخدم', 'admin');
    expect(screen.getAllByText('هذا الحقل مطلوب')).toHaveLength(1);
    expect(username.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows and hides the password', async () => {
    installFakeApi();
    await renderApp('/?lang=en', { signedIn: false });
    const password = await screen.findByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await click('Show password');
    expect(password.getAttribute('type')).toBe('text');
    await click('Hide password');
    expect(password.getAttribute('type')).toBe('password');
  });
});

describe('password pages', () => {
  it('/forget-password says the same thing whatever was typed', async () => {
    const api = installFakeApi();
    api.answers.set('POST /api/admin/auth/forgot-password', { status: 202, body: { accepted: true } });
    await renderApp('/forget-password?lang=ar', { signedIn: false });
    await type('اسم المستخدم أو البريد الإلكتروني', 'someone');
    await click('أرسل الرابط');
    expect(await screen.findByText('تحقق من بريدك الإلكتروني')).toBeTruthy();
    expect(api.calls.at(-1)).toMatchObject({
      path: '/api/admin/auth/forgot-password',
      body: { username: 'someone' },
    });
  });

  it('/change-password?token= sets a new password through the e-mailed link', async () => {
    const api = installFakeApi();
    api.answers.set('POST /api/admin/auth/reset-password', { status: 204 });
    await renderApp('/change-password?token=abcdefghijklmnopqrstuvwxyz', { signedIn: false });
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await type('New password', 'Fresh-Secret-2026');
    await type('Confirm the new password', 'Fresh-Secret-2026');
    await click('Set password');
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(api.calls.at(-1)?.body).toEqual({
      token: 'abcdefghijklmnopqrstuvwxyz',
      newPassword: 'Fresh-Secret-2026',
    });
  });
});
