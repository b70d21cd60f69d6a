import { ApiError, connectSession, refreshSession } from '../api/client.ts';
import { logout, setTimedOut, setToken } from '../state/auth.ts';
import type { AppStore } from '../state/store.ts';

/**
 * How long before the access token expires the session refreshes it: a fifth of its lifetime, at
 * most a minute (a 15-minute token is renewed at 14 minutes), so a call never meets an expired token.
 */
export function refreshDelayMs(expiresIn: number): number {
  const lifetime = expiresIn * 1000;
  return Math.max(0, lifetime - Math.min(60_000, lifetime / 5));
}

/**
 * Lets the API client read the token and report refreshes and expiry to the store, and renews the
 * token ahead of its `expiresIn` (a 401 still refreshes once, e.g. after the computer slept).
 */
export function bindApiToStore(store: AppStore): void {
  const expire = () => {
    // A session that ends on its own (not by "Sign out") asks the user to sign in again.
    if (store.getState().auth.token) store.dispatch(setTimedOut(true));
    store.dispatch(logout());
  };
  connectSession({
    getToken: () => store.getState().auth.token,
    onRefreshed: (token) => store.dispatch(setToken(token)),
    onExpired: expire,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let scheduledFor: string | null = null;
  store.subscribe(() => {
    const { token, expiresIn } = store.getState().auth;
    if (token === scheduledFor) return;
    scheduledFor = token;
    clearTimeout(timer);
    timer = undefined;
    if (!token || !expiresIn) return;
    timer = setTimeout(() => {
      // Still the same session: renew it. A refused refresh ends it (the cookie is gone); an
      // unreachable server leaves it to the next call's 401.
      if (store.getState().auth.token !== token) return;
      refreshSession().catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 401) expire();
      });
    }, refreshDelayMs(expiresIn));
  });
}

/**
 * The access token lives only in memory, so after a reload the session is restored from the
 * httpOnly refresh cookie. Resolves either way; a 401 simply means "signed out".
 */
export async function restoreSession(): Promise<void> {
  await refreshSession().catch(() => undefined);
}
