import { connectSession, refreshSession } from '../api/client.ts';
import { logout, setTimedOut, setToken } from '../state/auth.ts';
import type { AppStore } from '../state/store.ts';

/** Lets the API client read the token and report refreshes and expiry to the store. */
export function bindApiToStore(store: AppStore): void {
  connectSession({
    getToken: () => store.getState().auth.token,
    onRefreshed: (token) => store.dispatch(setToken(token)),
    onExpired: () => {
      // A session that ends on its own (not by "Sign out") asks the user to sign in again.
      if (store.getState().auth.token) store.dispatch(setTimedOut(true));
      store.dispatch(logout());
    },
  });
}

/**
 * The access token lives only in memory, so after a reload the session is restored from the
 * httpOnly refresh cookie. Resolves either way; a 401 simply means "signed out".
 */
export async function restoreSession(): Promise<void> {
  await refreshSession().catch(() => undefined);
}
