import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../state/store.ts';
import { installFakeApi, tier } from '../test/fakeApi.ts';
import { renderApp } from '../test/renderApp.tsx';
import { refreshDelayMs, restoreSession } from './session.ts';
import { computeVisitorId, identifyVisitor } from './visitorId.ts';

async function signIn(username: string, password: string) {
  const u = userEvent.setup();
  const name = await screen.findByLabelText(/Username|اسم المستخدم/);
  const secret = screen.getByLabelText(/^(Password|كلمة المرور)$/);
  await u.clear(name);
  await u.type(name, username);
  await u.clear(secret);
  await u.type(secret, password);
  await u.click(screen.getByRole('button', { name: /Sign in|تسجيل الدخول/ }));
}

describe('sign-in', () => {
  it('sends signed-out users to / keeping lang, then back where they were after sign-in', async () => {
    const api = installFakeApi({ tiers: [tier(1, 'Gold', 0, 10)] });
    const { router, store } = await renderApp('/dashboard/loyalty/tire?lang=ar&page=1', { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?lang=ar');
    store.dispatch({ type: 'auth/setVisitorId', payload: 'visitor-42' });

    await signIn('admin', 'wrong');
    expect(await screen.findByText('اسم المستخدم أو كلمة المرور غير صحيحة')).toBeTruthy();
    await signIn('admin', 'secret');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/loyalty/tire'));
    expect(router.state.location.search).toBe('?lang=ar&page=1');
    expect(await screen.findByRole('cell', { name: 'Gold' })).toBeTruthy();
    expect(store.getState().auth).toMatchObject({ role: 'ADMIN', expiresIn: 900, timedOut: false });
    const logins = api.calls.filter((c) => c.path === '/api/admin/auth/login');
    expect(logins.at(-1)?.body).toEqual({ username: 'admin', password: 'secret', visitorId: 'visitor-42' });
  });

  it('shows the rate-limit message', async () => {
    const api = installFakeApi();
    api.answers.set('POST /api/admin/auth/login', {
      status: 429,
      body: { type: 'about:blank', title: 'Slow down', status: 429, code: 'RATE_LIMITED' },
    });
    await renderApp('/', { signedIn: false });
    await signIn('admin', 'secret');
    expect(await screen.findByText('Too many attempts. Please wait a moment and try again.')).toBeTruthy();
  });

  it('signs out: revokes the cookie, forgets the token, shows the login page', async () => {
    const api = installFakeApi();
    const { router, store } = await renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Amal Admin' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().auth.token).toBeNull();
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/admin/auth/logout')).toBe(true);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('session', () => {
  it('restores the session after a reload from the refresh cookie', async () => {
    installFakeApi({ refreshOk: true });
    const { router } = await renderApp('/dashboard', { signedIn: false, sessionReady: restoreSession() });
    expect(await screen.findByRole('heading', { name: 'Welcome, Amal Admin' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('refreshes an expired access token once and retries the call', async () => {
    const api = installFakeApi({ tiers: [tier(1, 'Gold', 0, 10)], refreshOk: true });
    api.validTokens.clear(); // the token the app starts with has expired
    await renderApp('/dashboard/loyalty/tire');
    expect(await screen.findByRole('cell', { name: 'Gold' })).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/admin/auth/refresh')).toHaveLength(1);
  });

  it('after the idle timeout, asks the same user to sign in again over the page, which carries on', async () => {
    const api = installFakeApi({ tiers: [tier(1, 'Gold', 0, 10)] });
    api.me = { ...api.me, idleTimeoutSeconds: 1 };
    const { store } = await renderApp('/dashboard/loyalty/tire');
    expect(await screen.findByRole('cell', { name: 'Gold' })).toBeTruthy();
    // Checked every 5 s: the dialog (loaded on demand) comes within that.
    expect(await screen.findByText('Session timed out', {}, { timeout: 10_000 })).toBeTruthy();
    expect(store.getState().auth.timedOut).toBe(true);
    expect(api.callsTo('POST /api/admin/auth/logout')).toHaveLength(1);
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('admin');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/^Password$/), 'secret');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByText('Session timed out')).toBeNull());
    expect(store.getState().auth.timedOut).toBe(false);
    expect(screen.getByRole('cell', { name: 'Gold' })).toBeTruthy();
  }, 30_000);

  it('renews the access token ahead of its expiresIn, before any call meets an expired one', async () => {
    expect(refreshDelayMs(900)).toBe(840_000); // a minute early
    expect(refreshDelayMs(60)).toBe(48_000); // a fifth of a short lifetime early
    const api = installFakeApi({ tiers: [tier(1, 'Gold', 0, 10)], refreshOk: true });
    api.expiresIn = 1; // refreshed 0.8 s after each sign-in or refresh
    const { store } = await renderApp('/dashboard/loyalty/tire', { signedIn: false });
    await signIn('admin', 'secret');
    expect(await screen.findByRole('cell', { name: 'Gold' })).toBeTruthy();
    const first = store.getState().auth.token;
    await waitFor(() => expect(api.callsTo('POST /api/admin/auth/refresh').length).toBeGreaterThan(0), {
      timeout: 5_000,
    });
    await waitFor(() => expect(store.getState().auth.token).not.toBe(first));
    // The fake's tokens stay valid, so no call answered 401: the renewal came from the schedule.
    expect(store.getState().auth).toMatchObject({ expiresIn: 1, timedOut: false });
    // A refused renewal ends the session as an expired one does.
    api.refreshOk = false;
    await waitFor(() => expect(store.getState().auth).toMatchObject({ token: null, timedOut: true }), {
      timeout: 5_000,
    });
  }, 30_000);

  it('asks to sign in again when the session has ended', async () => {
    const api = installFakeApi({ refreshOk: false });
    api.validTokens.clear();
    const { router, store } = await renderApp('/dashboard/loyalty/tire');
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().auth).toMatchObject({ token: null, timedOut: true });
  });
});

describe('visitor id', () => {
  it('is a stable SHA-256 hex digest', async () => {
    const first = await computeVisitorId();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await computeVisitorId()).toBe(first);
  });

  it('is stored at start-up; a failure toasts the error message as detail', async () => {
    const store = makeStore();
    await identifyVisitor(store);
    expect(store.getState().auth.visitorId).toMatch(/^[0-9a-f]{64}$/);

    const failing = makeStore();
    const digest = crypto.subtle.digest;
    crypto.subtle.digest = () => Promise.reject(new Error('crypto unavailable'));
    try {
      await identifyVisitor(failing);
    } finally {
      crypto.subtle.digest = digest;
    }
    expect(failing.getState().auth.visitorId).toBeNull();
    expect(failing.getState().toast).toMatchObject({
      severity: 'error',
      summary: 'Something Went Wrong',
      detail: 'crypto unavailable',
    });
  });
});
